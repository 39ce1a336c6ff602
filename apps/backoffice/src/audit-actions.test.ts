import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../../packages/i18n/locales/en/bo.json' with { type: 'json' };

const SERVER = path.resolve(import.meta.dirname, '../../server/src');
/** Audit action codes as the server writes them: `'area.what'` strings, whatever the area. */
const ACTION = /'([a-z]+\.[a-z0-9_.-]+)'/g;

function serverSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return serverSources(file);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [readFileSync(file, 'utf8')] : [];
  });
}

describe('audit log action names', () => {
  it('has a readable name for every action the server records', () => {
    const recorded = new Set<string>();
    for (const source of serverSources(SERVER))
      for (const line of source.split('\n'))
        // Only where an audit entry is written: record(...) calls, `action:` fields and the staff
        // accounts' changes, which name their action to the helper that records it (onOther).
        if (/record\(|action:|onOther\(/.test(line))
          for (const [, code] of line.matchAll(ACTION)) recorded.add(code!);
    expect(recorded.size).toBeGreaterThan(30);
    const named = (en as { audit: { actions: Record<string, string> } }).audit.actions;
    const missing = [...recorded].filter((code) => !named[code.replace(/\./g, '_')]);
    expect(missing).toEqual([]);
  });
});
