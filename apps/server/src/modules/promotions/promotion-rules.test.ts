import { describe, expect, it } from 'vitest';
import {
  bonusFor,
  multipleOf,
  multipleToX100,
  percentOf,
  percentToBp,
  turnoverOf,
} from './promotion-rules.ts';

describe('promotion rules', () => {
  it('converts percentages and multiples both ways without floating point', () => {
    expect(percentToBp('12.5')).toBe(1250);
    expect(percentToBp('100')).toBe(10_000);
    expect(percentToBp('0.01')).toBe(1);
    expect(percentOf(1250)).toBe('12.5');
    expect(percentOf(2000)).toBe('20');
    expect(percentOf(0)).toBe('0');
    expect(multipleOf(multipleToX100('7.25'))).toBe('7.25');
  });

  it('pays the percentage of a deposit, rounded down, never above the cap', () => {
    const rule = { percent_bp: 2000, max_amount: 20_000, min_deposit: 5_000 };
    expect(bonusFor(10_000, rule)).toBe(2_000);
    expect(bonusFor(10_001, rule)).toBe(2_000);
    expect(bonusFor(500_000, rule)).toBe(20_000);
    expect(bonusFor(4_999, rule)).toBe(0);
  });

  it('adds turnover of amount times the multiple, rounded up', () => {
    expect(turnoverOf(1_000, 300)).toBe(3_000);
    expect(turnoverOf(333, 150)).toBe(500);
  });
});
