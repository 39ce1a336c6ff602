import type { EntryKind } from '@playhouse/contract/wallet';

/** What the journal says about a period, per entry kind, in minor units. */
export type KindSums = Partial<Record<EntryKind, { totalIn: number; totalOut: number }>>;

export interface StatementFigures {
  netDeposits: number;
  netWithdrawals: number;
  netWinLoss: number;
  bonuses: number;
  adjustments: number;
  netTransfers: number;
  totalStaked: number;
}

/**
 * A statement's figures from a period's sums by kind, signed for the member. Every movement falls
 * in exactly one figure except stakes, which are also summed alone, so
 * `opening + netDeposits − netWithdrawals + netWinLoss + bonuses + adjustments + netTransfers`
 * is the closing balance.
 */
export function statementFigures(sums: KindSums): StatementFigures {
  const net = (...kinds: EntryKind[]) =>
    kinds.reduce((total, kind) => total + (sums[kind]?.totalIn ?? 0) + (sums[kind]?.totalOut ?? 0), 0);
  return {
    netDeposits: net('deposit'),
    netWithdrawals: -net('withdrawal'),
    netWinLoss: net('bet', 'win', 'jackpot', 'rollback'),
    bonuses: net('bonus', 'rebate', 'commission'),
    adjustments: net('adjustment'),
    netTransfers: net('transfer_in', 'transfer_out'),
    // What the bets took, less what rollbacks gave back.
    totalStaked: -net('bet', 'rollback'),
  };
}

/** The closing balance the figures imply; a statement's check against the journal's own. */
export function impliedClosing(opening: number, f: StatementFigures): number {
  return (
    opening + f.netDeposits - f.netWithdrawals + f.netWinLoss + f.bonuses + f.adjustments + f.netTransfers
  );
}
