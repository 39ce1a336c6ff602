import { describe, expect, it } from 'vitest';
import { bpToRate, commissionFor, rateToBp, type StoredTier } from './agent-commission.ts';

// Steps of a contract: from 1,000.00 turnover with 2 players 1 %, from 5,000.00 with 3 players 1.5 % plus 10.00.
const TIERS: StoredTier[] = [
  { min: 100_000, minActive: 2, rateBp: 100, fixed: 0 },
  { min: 500_000, minActive: 3, rateBp: 150, fixed: 1_000 },
];

describe('commission maths', () => {
  it('pays a salary on turnover at the highest step reached', () => {
    // 1,234.56 turnover, 2 players: 1 % = 12.3456 → 12.34.
    expect(commissionFor('salary', TIERS, { turnover: 123_456, netLoss: 0, active: 2 })).toEqual({
      basis: 123_456,
      tier: 0,
      amount: 1_234,
    });
    // 6,000.00 with 3 players: 10.00 + 1.5 % of 6,000.00 = 10.00 + 90.00 = 100.00.
    expect(commissionFor('hourly', TIERS, { turnover: 600_000, netLoss: -5, active: 3 }).amount).toBe(10_000);
    // 6,000.00 but only 2 players: the first step, 60.00.
    expect(commissionFor('salary', TIERS, { turnover: 600_000, netLoss: 0, active: 2 })).toMatchObject({
      tier: 0,
      amount: 6_000,
    });
    // Below every step, or too few players: nothing.
    expect(commissionFor('salary', TIERS, { turnover: 99_999, netLoss: 0, active: 9 }).amount).toBe(0);
    expect(commissionFor('salary', TIERS, { turnover: 900_000, netLoss: 0, active: 1 }).amount).toBe(0);
  });

  it('pays a dividend on net loss only, never on a winning team', () => {
    const tiers: StoredTier[] = [{ min: 0, minActive: 1, rateBp: 2_000, fixed: 0 }];
    // The team staked 300.00 and won 120.00: it lost 180.00; 20 % = 36.00.
    expect(commissionFor('dividend', tiers, { turnover: 30_000, netLoss: 18_000, active: 1 })).toEqual({
      basis: 18_000,
      tier: 0,
      amount: 3_600,
    });
    // 0.07 lost at 20 % = 0.014 → 0.01 (rounded down).
    expect(commissionFor('dividend', tiers, { turnover: 7, netLoss: 7, active: 1 }).amount).toBe(1);
    expect(commissionFor('dividend', tiers, { turnover: 50_000, netLoss: -1_000, active: 4 })).toEqual({
      basis: 0,
      tier: -1,
      amount: 0,
    });
  });

  it('keeps very large figures exact', () => {
    const big = 9_000_000_000_000_00; // 9 trillion in minor units
    expect(
      commissionFor('salary', [{ min: 0, minActive: 0, rateBp: 333, fixed: 0 }], {
        turnover: big,
        netLoss: 0,
        active: 0,
      }).amount,
    ).toBe(29_970_000_000_000);
  });

  it('converts rates to basis points and back', () => {
    expect(rateToBp('1.25')).toBe(125);
    expect(rateToBp('0.1')).toBe(10);
    expect(bpToRate(125)).toBe('1.25');
    expect(bpToRate(2_000)).toBe('20.00');
  });
});
