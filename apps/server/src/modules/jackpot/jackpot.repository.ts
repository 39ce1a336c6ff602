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

/** Shards of a pool's contributions: concurrent stakes rarely share a row (and its lock). */
export const POOL_SHARDS = 32;

/** Adds a contribution to one shard of the pool, in one statement (no read, no lost update). */
export async function addShare(db: Db, operatorId: number, code: string, shard: number, amount: number) {
  await db
    .insertInto('jackpot_pool_shares')
    .values({ operator_id: operatorId, code, shard, amount })
    .onConflict((oc) =>
      oc
        .columns(['operator_id', 'code', 'shard'])
        .doUpdateSet({ amount: sql<number>`jackpot_pool_shares.amount + excluded.amount` }),
    )
    .execute();
}

/** What the pool has taken since its last hit (the sum of its shards). */
export async function sumShares(db: Db, operatorId: number, code: string): Promise<number> {
  const row = await db
    .selectFrom('jackpot_pool_shares')
    .select((eb) => eb.fn.sum<string | number>('amount').as('total'))
    .where('operator_id', '=', operatorId)
    .where('code', '=', code)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/**
 * Empties the pool's shards for a hit and answers what they held. The first statement takes every
 * shard's row lock (a no-op update), so the sum read next cannot change before they are emptied;
 * a shard first written meanwhile simply counts toward the next pool.
 */
export async function takeShares(db: Db, operatorId: number, code: string): Promise<number> {
  await db
    .updateTable('jackpot_pool_shares')
    .set({ amount: sql<number>`amount` })
    .where('operator_id', '=', operatorId)
    .where('code', '=', code)
    .execute();
  const total = await sumShares(db, operatorId, code);
  await db
    .updateTable('jackpot_pool_shares')
    .set({ amount: 0 })
    .where('operator_id', '=', operatorId)
    .where('code', '=', code)
    .execute();
  return total;
}

/** An operator's latest jackpot hits, newest first: the rounds that won the pool (partial index). */
export async function recentHits(db: Db, operatorId: number, limit: number) {
  const rows = await db
    .selectFrom('play_rounds')
    .innerJoin('members', 'members.id', 'play_rounds.member_id')
    .select([
      'play_rounds.id',
      'play_rounds.game_code',
      'play_rounds.jackpot_win',
      'play_rounds.created_at',
      'members.username',
    ])
    .where('play_rounds.operator_id', '=', operatorId)
    .where('play_rounds.jackpot_win', '>', 0)
    .orderBy('play_rounds.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    gameCode: r.game_code,
    amount: Number(r.jackpot_win),
    wonAt: Number(r.created_at),
    username: r.username,
  }));
}
