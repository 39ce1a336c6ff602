import { describe, expect, it } from 'vitest';
import { readingMs, TOAST_MS } from './timing.ts';

describe('time to read a message', () => {
  it('keeps a 30-word limit message up long enough to read (not 2–3 s)', () => {
    const limit =
      'Your daily deposit limit of 500.00 would be exceeded by this deposit. You can deposit up to 120.00 more today, or wait until the limit resets at midnight in your time zone.';
    expect(limit.split(' ').length).toBe(32);
    expect(readingMs(limit)).toBeGreaterThanOrEqual(10_000);
    expect(readingMs(limit)).toBeGreaterThan(TOAST_MS.short * 3);
  });
  it('counts scripts without spaces by characters', () => {
    const zh =
      '您今天的存款限额为 500.00，本次存款将超出限额。您今天最多还能存入 120.00，或等待限额在午夜重置。';
    expect(readingMs(zh)).toBeGreaterThanOrEqual(2 * TOAST_MS.short);
  });
  it('leaves short messages short and caps long ones', () => {
    expect(readingMs('Saved')).toBeLessThanOrEqual(TOAST_MS.short);
    expect(readingMs('word '.repeat(500))).toBe(20_000);
  });
});
