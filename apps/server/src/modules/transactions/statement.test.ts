import { describe, expect, it } from 'vitest';
import { impliedClosing, statementFigures } from './statement.ts';

describe('statementFigures', () => {
  it('puts every kind in one figure, signed for the member', () => {
    const f = statementFigures({
      deposit: { totalIn: 50_000, totalOut: 0 },
      withdrawal: { totalIn: 1_000, totalOut: -11_000 },
      bet: { totalIn: 0, totalOut: -3_000 },
      win: { totalIn: 1_200, totalOut: 0 },
      jackpot: { totalIn: 500, totalOut: 0 },
      rollback: { totalIn: 300, totalOut: 0 },
      bonus: { totalIn: 700, totalOut: 0 },
      rebate: { totalIn: 45, totalOut: 0 },
      adjustment: { totalIn: 100, totalOut: -25 },
      transfer_in: { totalIn: 2_000, totalOut: 0 },
      transfer_out: { totalIn: 0, totalOut: -2_500 },
    });
    expect(f).toEqual({
      netDeposits: 50_000,
      // 110.00 left, 10.00 came back (a rejected withdrawal)
      netWithdrawals: 10_000,
      netWinLoss: -3_000 + 1_200 + 500 + 300,
      bonuses: 745,
      adjustments: 75,
      netTransfers: -500,
      totalStaked: 2_700,
    });
    expect(impliedClosing(1_000, f)).toBe(1_000 + 50_000 - 10_000 - 1_000 + 745 + 75 - 500);
  });

  it('is all zeros for a quiet period', () => {
    expect(Object.values(statementFigures({})).every((v) => v === 0)).toBe(true);
  });
});
