import { sql } from 'kysely';
import type { Db } from '../operators/operators.repository.ts';

export interface PoolRules {
  seed: number;
  ceiling: number;
  contributionBps: number;
}

export function findPool(db: Db, operatorId: number, code: string) {
  return db
    .selectFrom('jackpot_pools')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('code', '=', code)
    .executeTakeFirst();
}

/** Creates the pool at its seed unless it exists. */
export async function ensurePool(db: Db, operatorId: number, code: string, rules: PoolRules, at: number) {
  await db
    .insertInto('jackpot_pools')
    .values({
      operator_id: operatorId,
      code,
      amount: rules.seed,
      seed: rules.seed,
      ceiling: rules.ceiling,
      contribution_bps: rules.contributionBps,
      updated_at: at,
    })
    .onConflict((oc) => oc.columns(['operator_id', 'code']).doNothing())
    .execute();
}

/** Adds to the pool without passing its ceiling, in one statement so concurrent stakes never lose a share. */
export async function addToPool(db: Db, operatorId: number, code: string, amount: number, at: number) {
  await db
    .updateTable('jackpot_pools')
    .set({
      amount: sql<number>`case when amount + ${amount} > ceiling then ceiling else amount + ${amount} end`,
      updated_at: at,
    })
    .where('operator_id', '=', operatorId)
    .where('code', '=', code)
    .execute();
}

/** Resets the pool to its seed if it still holds `expected` (compare-and-set); true when it did. */
export async function resetPool(db: Db, operatorId: number, code: string, expected: number, at: number) {
  const result = await db
    .updateTable('jackpot_pools')
    .set({ amount: sql<number>`seed`, updated_at: at })
    .where('operator_id', '=', operatorId)
    .where('code', '=', code)
    .where('amount', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
