import { sql, type Insertable } from 'kysely';
import type { RewardClaimsTable, RewardMissionsTable } from '@playhouse/db/schema';
import type { Db } from '../operators/operators.repository.ts';
import { findSettingsDocument, saveSettingsDocument } from '../../lib/settings-documents.ts';

/**
 * The reward centre's SQL: missions, check-in settings and claims, and the read-only sums of a
 * member's activity in a day that missions judge (the ledger, rounds, launches and deposits).
 */

// ---------- missions ----------

export function listMissions(db: Db, operatorId: number, activeOnly: boolean) {
  let q = db.selectFrom('reward_missions').selectAll().where('operator_id', '=', operatorId);
  if (activeOnly) q = q.where('active', '=', 1);
  return q.orderBy('sort_order').orderBy('id').execute();
}

export function findMission(db: Db, operatorId: number, id: number) {
  return db
    .selectFrom('reward_missions')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertMission(db: Db, row: Insertable<RewardMissionsTable>): Promise<number> {
  const r = await db.insertInto('reward_missions').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function updateMission(
  db: Db,
  operatorId: number,
  id: number,
  patch: Partial<
    Pick<RewardMissionsTable, 'target' | 'reward' | 'turnover_multiple' | 'active' | 'sort_order'>
  >,
  at: number,
): Promise<boolean> {
  const r = await db
    .updateTable('reward_missions')
    .set({ ...patch, updated_at: at })
    .where('operator_id', '=', operatorId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function countMissions(db: Db, operatorId: number): Promise<number> {
  const r = await db
    .selectFrom('reward_missions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('operator_id', '=', operatorId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

// ---------- settings ----------

export function findSettings(db: Db, operatorId: number) {
  return findSettingsDocument(db, 'reward_settings', operatorId);
}

export function saveSettings(db: Db, operatorId: number, document: string, at: number) {
  return saveSettingsDocument(db, 'reward_settings', operatorId, document, at);
}

// ---------- claims ----------

/** Records a paid reward; false when (member, reward, day) was paid already. */
export async function insertClaim(db: Db, row: Insertable<RewardClaimsTable>): Promise<boolean> {
  // ON CONFLICT DO NOTHING: a duplicate never aborts the PostgreSQL transaction it runs in.
  const r = await db
    .insertInto('reward_claims')
    .values(row)
    .onConflict((oc) => oc.columns(['member_id', 'reward_key', 'period']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

/** The member's claims of one day (which rewards of today are paid). */
export function claimsOfDay(db: Db, memberId: number, period: string) {
  return db
    .selectFrom('reward_claims')
    .select(['reward_key', 'amount'])
    .where('member_id', '=', memberId)
    .where('period', '=', period)
    .execute();
}

export function hasClaim(db: Db, memberId: number, rewardKey: string, period: string) {
  return db
    .selectFrom('reward_claims')
    .select('id')
    .where('member_id', '=', memberId)
    .where('reward_key', '=', rewardKey)
    .where('period', '=', period)
    .executeTakeFirst();
}

/** The member's latest check-in (its day and streak). */
export async function lastCheckIn(db: Db, memberId: number) {
  const row = await db
    .selectFrom('reward_claims')
    .select(['period', 'streak'])
    .where('member_id', '=', memberId)
    .where('reward_key', '=', 'checkin')
    .orderBy('period', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { period: row.period, streak: Number(row.streak ?? 0) } : undefined;
}

export async function listClaims(
  db: Db,
  operatorId: number,
  opts: { memberId?: number | undefined; offset: number; limit: number },
) {
  let base = db.selectFrom('reward_claims as c').where('c.operator_id', '=', operatorId);
  if (opts.memberId !== undefined) base = base.where('c.member_id', '=', opts.memberId);
  const [rows, total] = await Promise.all([
    base
      .innerJoin('members as m', 'm.id', 'c.member_id')
      .select([
        'c.id',
        'm.username',
        'c.kind',
        'c.mission_id',
        'c.mission_type',
        'c.period',
        'c.streak',
        'c.amount',
        'c.turnover',
        'c.entry_id',
        'c.created_at',
      ])
      .orderBy('c.id', 'desc')
      .offset(opts.offset)
      .limit(opts.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

// ---------- activity of a day ----------

/** Catalogue codes of the games the member played (in-house or a vendor's) or launched in [from, to). */
export async function gamesBetween(db: Db, memberId: number, from: number, to: number): Promise<Set<string>> {
  const [rounds, bets, launched] = await Promise.all([
    db
      .selectFrom('play_rounds')
      .select('game_code')
      .distinct()
      .where('member_id', '=', memberId)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .execute(),
    db
      .selectFrom('seamless_bets')
      .select('game_code')
      .distinct()
      .where('member_id', '=', memberId)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .execute(),
    db
      .selectFrom('recent_games as r')
      .innerJoin('games as g', 'g.id', 'r.game_id')
      .select('g.code')
      .where('r.member_id', '=', memberId)
      .where('r.played_at', '>=', from)
      .where('r.played_at', '<', to)
      .execute(),
  ]);
  return new Set([
    // In-house rounds name the game without its catalogue prefix (bet records do the same join).
    ...rounds.map((r) => `BGS-${r.game_code}`),
    ...bets.map((b) => b.game_code),
    ...launched.map((g) => g.code),
  ]);
}

/** Deposits credited to the member in [from, to) (the amount paid in, minor units). */
export async function depositedBetween(db: Db, memberId: number, from: number, to: number): Promise<number> {
  const r = await db
    .selectFrom('deposits')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('total'))
    .where('member_id', '=', memberId)
    .where('status', '=', 'APPROVED')
    .where('decided_at', '>=', from)
    .where('decided_at', '<', to)
    .executeTakeFirstOrThrow();
  return Number(r.total);
}
