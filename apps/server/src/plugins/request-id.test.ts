import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createRequestIdGenerator } from './request-id.ts';

const withHeader = (value?: string | string[]) =>
  ({ headers: value === undefined ? {} : { 'x-request-id': value } }) as unknown as IncomingMessage;

describe('request ids', () => {
  it('keeps a well-formed incoming id', () => {
    expect(createRequestIdGenerator()(withHeader('trace-12345678'))).toBe('trace-12345678');
  });

  it('replaces a missing, short, oversized or malformed incoming id with a fresh one', () => {
    const next = createRequestIdGenerator();
    for (const bad of [
      undefined,
      'short',
      'x'.repeat(65),
      'has spaces in it',
      '<script>alert</script>',
      ['a', 'b'],
    ]) {
      const id = next(withHeader(bad));
      expect(id).toMatch(/^[\w-]{8,64}$/);
      expect(id).not.toBe(bad);
    }
  });

  it('never repeats an id, within a process or across generators (instances, restarts)', () => {
    const a = createRequestIdGenerator();
    const b = createRequestIdGenerator();
    const ids = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      ids.add(a(withHeader()));
      ids.add(b(withHeader()));
    }
    expect(ids.size).toBe(2000);
  });
});
