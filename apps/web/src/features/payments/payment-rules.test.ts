import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  amountText,
  cleanAmountInput,
  nextOpening,
  percentOf,
  quickAmounts,
  turnoverProgress,
} from './payment-rules.ts';

describe('amountProblem', () => {
  const bounds = { min: 10_000, max: 5_000_000 };
  it('accepts an amount inside the channel limits', () => {
    expect(amountProblem('100', bounds)).toBeUndefined();
    expect(amountProblem('50000.00', bounds)).toBeUndefined();
    expect(amountProblem(' 250.5 ', bounds)).toBeUndefined();
  });
  it('says what is wrong otherwise', () => {
    expect(amountProblem('', bounds)).toBe('required');
    expect(amountProblem('abc', bounds)).toBe('format');
    expect(amountProblem('1.234', bounds)).toBe('format');
    expect(amountProblem('0', bounds)).toBe('format');
    expect(amountProblem('99.99', bounds)).toBe('belowMin');
    expect(amountProblem('50000.01', bounds)).toBe('aboveMax');
  });
  it('refuses more than the member can spend', () => {
    expect(amountProblem('200', { ...bounds, available: 19_999 })).toBe('overBalance');
    expect(amountProblem('199.99', { ...bounds, available: 19_999 })).toBeUndefined();
  });
});

describe('cleanAmountInput', () => {
  it('keeps digits and one point with two decimals', () => {
    expect(cleanAmountInput('1,000')).toBe('1000');
    expect(cleanAmountInput('12.345')).toBe('12.34');
    expect(cleanAmountInput('1.2.3')).toBe('1.23');
    expect(cleanAmountInput('₱ 50')).toBe('50');
  });
});

describe('quickAmounts', () => {
  it('gives round 1-2-5 amounts inside the limits', () => {
    expect(quickAmounts(10_000, 5_000_000)).toEqual([10_000, 20_000, 50_000, 100_000, 200_000, 500_000]);
    expect(quickAmounts(30_000, 150_000)).toEqual([50_000, 100_000]);
  });
  it('falls back to the two ends of a narrow range', () => {
    expect(quickAmounts(30_000, 40_000)).toEqual([30_000, 40_000]);
    expect(quickAmounts(50_000, 50_000)).toEqual([50_000]);
    expect(quickAmounts(10, 5)).toEqual([]);
  });
  it('never offers an amount outside the limits', () => {
    for (const [min, max] of [
      [1, 99],
      [100, 100_000_000],
      [12_345, 67_890],
    ] as const)
      for (const v of quickAmounts(min, max)) {
        expect(v).toBeGreaterThanOrEqual(min);
        expect(v).toBeLessThanOrEqual(max);
      }
  });
});

describe('amountText', () => {
  it('drops empty cents', () => {
    expect(amountText(10_000)).toBe('100');
    expect(amountText(150)).toBe('1.50');
  });
});

describe('percentOf', () => {
  it('rounds down to the minor unit', () => {
    expect(percentOf(10_000, 1.5)).toBe(150);
    expect(percentOf(333, 2)).toBe(6);
    expect(percentOf(10_000, 0)).toBe(0);
  });
});

describe('turnoverProgress', () => {
  it('tells the share done and what is left', () => {
    expect(turnoverProgress(0, 0)).toEqual({ share: 1, remaining: 0 });
    expect(turnoverProgress(10_000, 2_500)).toEqual({ share: 0.25, remaining: 7_500 });
    expect(turnoverProgress(10_000, 12_000)).toEqual({ share: 1, remaining: 0 });
  });
});

describe('nextOpening', () => {
  it('is today when the opening time is still ahead, in the channel time zone', () => {
    // 08:30 in Manila (UTC+8) is 00:30 UTC.
    const now = new Date('2026-11-25T00:30:00Z');
    expect(nextOpening({ open: '09:00', timeZone: 'Asia/Manila' }, now).toISOString()).toBe(
      '2026-11-25T01:00:00.000Z',
    );
  });
  it('is tomorrow when today’s opening has passed', () => {
    const now = new Date('2026-11-25T14:00:00Z'); // 22:00 in Manila
    expect(nextOpening({ open: '09:00', timeZone: 'Asia/Manila' }, now).toISOString()).toBe(
      '2026-11-26T01:00:00.000Z',
    );
  });
  it('works across zones with half-hour offsets', () => {
    const now = new Date('2026-11-25T00:00:00Z'); // 05:30 in Kolkata
    expect(nextOpening({ open: '06:00', timeZone: 'Asia/Kolkata' }, now).toISOString()).toBe(
      '2026-11-25T00:30:00.000Z',
    );
  });
});
