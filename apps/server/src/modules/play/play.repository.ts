import { sql } from 'kysely';
import type { Insertable, Selectable } from 'kysely';
import type { PlayRoundsTable, PlaySeedsTable } from '@playhouse/db/schema';
import type { Db } from '../operators/operators.repository.ts';

export type SeedRow = Selectable<PlaySeedsTable>;
export type RoundRow = Selectable<PlayRoundsTable>;

/** The member's seed pair in use (the one not yet revealed), if any. */
export function findCurrentSeed(db: Db, memberId: number) {
  return db
    .selectFrom('play_seeds')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('revealed_at', 'is', null)
    .orderBy('generation', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The member's newest generation, revealed or not (-1 when they never had a seed). */
export async function latestGeneration(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('play_seeds')
    .select((eb) => eb.fn.max('generation').as('generation'))
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row?.generation === null || row?.generation === undefined ? -1 : Number(row.generation);
}

/** Adds a seed generation unless that generation exists (a concurrent caller made it first). */
export async function insertSeed(db: Db, row: Insertable<PlaySeedsTable>): Promise<void> {
  await db
    .insertInto('play_seeds')
    .values(row)
    .onConflict((oc) => oc.columns(['member_id', 'generation']).doNothing())
    .execute();
}

/**
 * Takes the next nonce of the member's current seed pair in one statement (setting the client seed
 * first when given, adding the round's exact jackpot share in 1/10,000 of a minor unit): the row's
 * lock orders concurrent rounds and a rotation. Undefined when the
 * member has no unrevealed pair (never had one, or a rotation committed meanwhile).
 */
export function takeNonce(db: Db, memberId: number, clientSeed: string | undefined, accrue: number) {
  return db
    .updateTable('play_seeds')
    .set((eb) => ({
      nonce: eb('nonce', '+', 1),
      jackpot_accrued: eb('jackpot_accrued', '+', accrue),
      ...(clientSeed === undefined ? {} : { client_seed: clientSeed }),
    }))
    .where('member_id', '=', memberId)
    .where('revealed_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function setClientSeed(db: Db, seedId: number, clientSeed: string): Promise<boolean> {
  const r = await db
    .updateTable('play_seeds')
    .set({ client_seed: clientSeed })
    .where('id', '=', seedId)
    .where('revealed_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Reveals a pair, only while unrevealed; false when another rotation revealed it first. */
export async function revealSeed(db: Db, seedId: number, at: number): Promise<boolean> {
  const r = await db
    .updateTable('play_seeds')
    .set({ revealed_at: at })
    .where('id', '=', seedId)
    .where('revealed_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function findSeedsByIds(db: Db, ids: readonly number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('play_seeds')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

export async function insertRound(db: Db, row: Insertable<PlayRoundsTable>): Promise<void> {
  await db.insertInto('play_rounds').values(row).execute();
}

export function findRound(db: Db, roundId: string) {
  return db.selectFrom('play_rounds').selectAll().where('round_id', '=', roundId).executeTakeFirst();
}

/** A member's rounds drawn but not acknowledged as shown, oldest first. */
export function unshownRounds(db: Db, memberId: number, gameCode: string | undefined, limit: number) {
  let q = db.selectFrom('play_rounds').selectAll().where('member_id', '=', memberId).where('shown', '=', 0);
  if (gameCode) q = q.where('game_code', '=', gameCode);
  return q.orderBy('id', 'asc').limit(limit).execute();
}

/** A member's latest rounds, newest first. */
export function recentRounds(db: Db, memberId: number, gameCode: string | undefined, limit: number) {
  let q = db.selectFrom('play_rounds').selectAll().where('member_id', '=', memberId);
  if (gameCode) q = q.where('game_code', '=', gameCode);
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Marks a member's round shown; false when the member has no such round. */
export async function markShown(db: Db, memberId: number, roundId: string): Promise<boolean> {
  const r = await db
    .updateTable('play_rounds')
    .set({ shown: 1 })
    .where('round_id', '=', roundId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Whether a ledger entry with this idempotency key exists (read inside the caller's transaction). */
export async function entryExists(db: Db, operatorId: number, source: string, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('ledger_entries')
    .select('id')
    .where('operator_id', '=', operatorId)
    .where('source', '=', source)
    .where('idem_key', '=', key)
    .executeTakeFirst();
  return row !== undefined;
}

/** An in-house round as one statement (PostgreSQL; the database function play_round_move). */
export async function playRoundMove(
  db: Db,
  a: {
    operatorId: number;
    memberId: number;
    currency: string;
    source: string;
    vendorPurpose: string;
    key: string;
    requestHash: string;
    roundId: string;
    at: number;
    stake: number;
    win: number;
    share: number;
    accrue: number;
    seedId: number;
    nonce: number;
    accrued: number;
    clientSeed: string;
    gameCode: string;
    requestId: string;
    result: string;
    options: string | null;
    boardGame: string;
    pool: string;
    shard: number;
    responseHead: string;
  },
) {
  const { rows } = await sql<{
    status: string;
    entry_id: number | null;
    balance: number | null;
    response: string | null;
  }>`select status, entry_id, balance, response from play_round_move(
      ${a.operatorId}, ${a.memberId}, ${a.currency}, ${a.source}, ${a.vendorPurpose}, ${a.key}, ${a.requestHash},
      ${a.roundId}, ${a.at}, ${a.stake}, ${a.win}, ${a.share}, ${a.accrue}, ${a.seedId}, ${a.nonce}, ${a.accrued},
      ${a.clientSeed}, ${a.gameCode}, ${a.requestId}, ${a.result}, ${a.options}, ${a.boardGame}, ${a.pool},
      ${a.shard}, ${a.responseHead})`.execute(db);
  return rows[0]!;
}
