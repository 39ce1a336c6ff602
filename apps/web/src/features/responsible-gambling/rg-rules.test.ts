import { describe, expect, it } from 'vitest';
import {
  breakLabel,
  changedLimits,
  exclusionLabel,
  formatDuration,
  nextCheckAt,
  parseLimitInput,
  periodLabel,
} from './rg-rules.ts';

describe('limit fields', () => {
  it('reads amounts, empty as no limit, and refuses anything else', () => {
    expect(parseLimitInput('')).toBeNull();
    expect(parseLimitInput('  ')).toBeNull();
    expect(parseLimitInput('100')).toBe('100.00');
    expect(parseLimitInput('100.5')).toBe('100.50');
    expect(parseLimitInput('100,55')).toBe('100.55');
    expect(parseLimitInput('0')).toBe('0.00');
    for (const bad of ['-1', '1.234', '01', 'abc', '1e3', '1 000'])
      expect(parseLimitInput(bad)).toBeUndefined();
  });

  it('sends only the windows that changed, so a waiting raise of another is kept', () => {
    const inForce = { day: '50.00', week: null, month: '500.00' };
    expect(changedLimits(inForce, { day: '50', week: '', month: '400' })).toEqual({
      changes: { month: '400.00' },
      invalid: [],
    });
    expect(changedLimits(inForce, { day: '', week: '20', month: 'x' })).toEqual({
      changes: { day: null, week: '20.00' },
      invalid: ['month'],
    });
  });
});

describe('reality check schedule', () => {
  const signedIn = 1_000_000;
  it('is due every interval after sign-in, the next one after now', () => {
    expect(nextCheckAt(signedIn, 30, signedIn)).toBe(signedIn + 30 * 60_000);
    expect(nextCheckAt(signedIn, 30, signedIn + 29 * 60_000)).toBe(signedIn + 30 * 60_000);
    expect(nextCheckAt(signedIn, 30, signedIn + 30 * 60_000)).toBe(signedIn + 60 * 60_000);
    expect(nextCheckAt(signedIn, 15, signedIn + 100 * 60_000)).toBe(signedIn + 105 * 60_000);
  });
});

describe('labels', () => {
  it('words durations and choices with the language’s own units', () => {
    expect(formatDuration(75 * 60_000 + 59_000, 'en')).toBe('1 hr 15 min');
    expect(formatDuration(5 * 60_000, 'en')).toBe('5 min');
    expect(breakLabel(1, 'en')).toBe('1 day');
    expect(breakLabel(14, 'en')).toBe('2 weeks');
    expect(breakLabel(30, 'en')).toBe('30 days');
    expect(exclusionLabel(6, 'en')).toBe('6 months');
    expect(exclusionLabel(12, 'en')).toBe('1 year');
    expect(periodLabel('day', 'en')).toBe('24 hours');
    expect(periodLabel('month', 'en')).toBe('30 days');
  });
});
