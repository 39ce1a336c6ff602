import { describe, expect, it } from 'vitest';
import { diffPatch, setIn } from './settings-diff.ts';

describe('settings patch', () => {
  const before = {
    status: { maintenance: false, blockedIpRanges: ['10.0.0.0/8'] },
    languages: { default: 'TY' },
  };
  it('is undefined when nothing changed', () => {
    expect(diffPatch(before, structuredClone(before))).toBeUndefined();
  });
  it('holds only changed scalars and whole changed arrays', () => {
    const after = setIn(setIn(before, 'status.maintenance', true), 'status.blockedIpRanges', [
      '10.0.0.0/8',
      '::1',
    ]);
    expect(diffPatch(before, after)).toEqual({
      status: { maintenance: true, blockedIpRanges: ['10.0.0.0/8', '::1'] },
    });
  });
  it('sets nested values without touching the original', () => {
    const after = setIn(before, 'languages.default', 'EN');
    expect(after.languages.default).toBe('EN');
    expect(before.languages.default).toBe('TY');
  });
});
