import type { Insertable, Selectable } from 'kysely';
import type { SeamlessBetsTable } from '@playhouse/db/schema';
import type { Db } from '../operators/operators.repository.ts';

export type BetRow = Selectable<SeamlessBetsTable>;

/**
 * Records a provider bet (or a rollback's tombstone) unless that transaction id is already there;
 * false when it is.
 */
export async function insertBet(db: Db, row: Insertable<SeamlessBetsTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('seamless_bets')
    .values(row)
    .onConflict((oc) => oc.columns(['operator_id', 'vendor_code', 'transaction_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export function findBet(db: Db, operatorId: number, vendor: string, transactionId: string) {
  return db
    .selectFrom('seamless_bets')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('vendor_code', '=', vendor)
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst();
}

/** The states of a member's bets in one round (tombstones excluded). */
export function betStatesOfRound(
  db: Db,
  operatorId: number,
  vendor: string,
  roundId: string,
  memberId: number,
) {
  return db
    .selectFrom('seamless_bets')
    .select('state')
    .where('operator_id', '=', operatorId)
    .where('vendor_code', '=', vendor)
    .where('round_id', '=', roundId)
    .where('member_id', '=', memberId)
    .where('state', '<>', 'tombstone')
    .execute();
}

/** A win settles the round's open bets: from then on none of them can be rolled back. */
export async function settleRound(
  db: Db,
  operatorId: number,
  vendor: string,
  roundId: string,
  memberId: number,
  at: number,
): Promise<void> {
  await db
    .updateTable('seamless_bets')
    .set({ state: 'settled', updated_at: at })
    .where('operator_id', '=', operatorId)
    .where('vendor_code', '=', vendor)
    .where('round_id', '=', roundId)
    .where('member_id', '=', memberId)
    .where('state', '=', 'placed')
    .execute();
}

/** Placed → rolled back, only from placed; false when the bet was no longer open. */
export async function markRolledBack(db: Db, betId: number, at: number): Promise<boolean> {
  const result = await db
    .updateTable('seamless_bets')
    .set({ state: 'rolled_back', updated_at: at })
    .where('id', '=', betId)
    .where('state', '=', 'placed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
