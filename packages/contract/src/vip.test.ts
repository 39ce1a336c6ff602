import { describe, expect, it } from 'vitest';
import { completedConditions, expectedConditions, qualifyingLevel, rebateOf, vipProgress } from './vip.ts';

const ranks = [
  { level: 0, minDeposit: 0, minTurnover: 0 },
  { level: 1, minDeposit: 100_00, minTurnover: 500_00 },
  { level: 2, minDeposit: 500_00, minTurnover: 0 },
  { level: 3, minDeposit: 2000_00, minTurnover: 10_000_00 },
];

describe('VIP rules', () => {
  it('counts only the conditions a rank names', () => {
    expect(expectedConditions(ranks[0]!)).toBe(0);
    expect(expectedConditions(ranks[1]!)).toBe(2);
    expect(expectedConditions(ranks[2]!)).toBe(1);
    expect(completedConditions(ranks[1]!, 100_00, 499_99)).toBe(1);
    expect(completedConditions(ranks[1]!, 100_00, 500_00)).toBe(2);
  });

  it('ranks by the highest level whose every condition is met', () => {
    expect(qualifyingLevel(ranks, 0, 0)).toBe(0);
    expect(qualifyingLevel(ranks, 99_99, 1_000_000_00)).toBe(0);
    expect(qualifyingLevel(ranks, 100_00, 500_00)).toBe(1);
    // Level 2 asks only for deposits: reached without the turnover level 1 asks for.
    expect(qualifyingLevel(ranks, 500_00, 0)).toBe(2);
    expect(qualifyingLevel([...ranks].reverse(), 2000_00, 10_000_00)).toBe(3);
  });

  it('is 1 without a rank label, else completed over expected (spec §4)', () => {
    expect(vipProgress(false, 0, 2)).toBe(1);
    expect(vipProgress(true, 0, 2)).toBe(0);
    expect(vipProgress(true, 1, 2)).toBe(0.5);
    expect(vipProgress(true, 2, 2)).toBe(1);
    // The top rank has nothing left to meet.
    expect(vipProgress(true, 0, 0)).toBe(1);
  });

  it('rounds the rebate down to the minor unit', () => {
    expect(rebateOf(65_00, 50)).toBe(32);
    expect(rebateOf(100_00, 50)).toBe(50);
    expect(rebateOf(1, 9999)).toBe(0);
    expect(rebateOf(0, 100)).toBe(0);
    expect(rebateOf(100_00, 0)).toBe(0);
  });
});
