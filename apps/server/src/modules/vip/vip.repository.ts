import { sql, type Insertable, type Selectable } from 'kysely';
import { MEMBER_TYPE } from '@playhouse/contract/account';
import type { RebateClaimsTable, VipRanksTable } from '@playhouse/db/schema-vip-rebate';
import type { Db } from '../operators/operators.repository.ts';

export type RankRow = Selectable<VipRanksTable>;
export type ClaimRow = Selectable<RebateClaimsTable>;

const rankOf = (r: RankRow): RankRow => ({
  ...r,
  id: Number(r.id),
  operator_id: Number(r.operator_id),
  level: Number(r.level),
  min_deposit: Number(r.min_deposit),
  min_turnover: Number(r.min_turnover),
  upgrade_bonus: Number(r.upgrade_bonus),
  birthday_bonus: Number(r.birthday_bonus),
  withdraw_daily_count: r.withdraw_daily_count === null ? null : Number(r.withdraw_daily_count),
  withdraw_daily_amount: r.withdraw_daily_amount === null ? null : Number(r.withdraw_daily_amount),
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
});

const claimOf = (r: ClaimRow): ClaimRow => ({
  ...r,
  id: Number(r.id),
  operator_id: Number(r.operator_id),
  member_id: Number(r.member_id),
  vip_level: Number(r.vip_level),
  turnover: Number(r.turnover),
  amount: Number(r.amount),
  from_entry_id: Number(r.from_entry_id),
  until_entry_id: Number(r.until_entry_id),
  entry_id: Number(r.entry_id),
  created_at: Number(r.created_at),
});

// ---------- ranks ----------

export async function listRanks(db: Db, operatorId: number): Promise<RankRow[]> {
  const rows = await db
    .selectFrom('vip_ranks')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .orderBy('level')
    .execute();
  return rows.map(rankOf);
}

/** Inserts or replaces the rank at `level`; true when it was new. */
export async function saveRank(
  db: Db,
  row: Omit<Insertable<VipRanksTable>, 'id' | 'created_at'>,
  at: number,
): Promise<boolean> {
  const updated = await db
    .updateTable('vip_ranks')
    .set({ ...row, updated_at: at })
    .where('operator_id', '=', row.operator_id)
    .where('level', '=', row.level)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return false;
  await db
    .insertInto('vip_ranks')
    .values({ ...row, created_at: at, updated_at: at })
    .execute();
  return true;
}

export async function deleteRank(db: Db, operatorId: number, level: number): Promise<boolean> {
  const r = await db
    .deleteFrom('vip_ranks')
    .where('operator_id', '=', operatorId)
    .where('level', '=', level)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** The name of the member's rank, for the header's label (null without ranks or member). */
export async function rankNameOf(db: Db, memberId: number): Promise<string | null> {
  const row = await db
    .selectFrom('members as m')
    .innerJoin('vip_ranks as r', (j) =>
      j.onRef('r.operator_id', '=', 'm.operator_id').onRef('r.level', '=', 'm.vip_level'),
    )
    .select('r.name')
    .where('m.id', '=', memberId)
    // Trial accounts have no VIP rank (spec §6).
    .where('m.type', '<>', MEMBER_TYPE.TRIAL)
    .executeTakeFirst();
  return row?.name ?? null;
}

/**
 * A member's row with the name of their VIP rank (null without a rank, or for a trial account), in
 * one read: the header and the member centre show both.
 */
export async function findMemberWithRank(db: Db, memberId: number) {
  const row = await db
    .selectFrom('members as m')
    .leftJoin('vip_ranks as r', (j) =>
      j.onRef('r.operator_id', '=', 'm.operator_id').onRef('r.level', '=', 'm.vip_level'),
    )
    .selectAll('m')
    .select('r.name as rank_name')
    .where('m.id', '=', memberId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { rank_name, ...member } = row;
  // Trial accounts have no VIP rank (spec §6).
  const rankName = Number(member.type) === MEMBER_TYPE.TRIAL ? null : rank_name;
  return { member, clubLabel: rankName === null ? null : { labelName: rankName } };
}

// ---------- the member ----------

export async function findMemberVip(db: Db, memberId: number) {
  const row = await db
    .selectFrom('members')
    .select(['id', 'operator_id', 'vip_level', 'birthday', 'currency', 'created_at'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  return (
    row && {
      id: Number(row.id),
      operatorId: Number(row.operator_id),
      level: Number(row.vip_level),
      birthday: row.birthday,
      currency: row.currency,
    }
  );
}

/** Raises the member's level to `level` if it is lower; false when it already was that high. */
export async function raiseLevel(db: Db, memberId: number, level: number): Promise<boolean> {
  const r = await db
    .updateTable('members')
    .set({ vip_level: level })
    .where('id', '=', memberId)
    .where('vip_level', '<', level)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Real deposits credited to the member (approved deposits' amounts, fees and bonuses aside). */
export async function depositedTotal(db: Db, memberId: number): Promise<number> {
  const r = await db
    .selectFrom('deposits')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('total'))
    .where('member_id', '=', memberId)
    .where('status', '=', 'APPROVED')
    .executeTakeFirstOrThrow();
  return Number(r.total);
}

/** The member's VIP bonuses as the ledger paid them (source `vip`), newest first. */
export async function vipBonuses(db: Db, memberId: number, limit = 50) {
  const rows = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_lines as l', 'l.entry_id', 'e.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'l.account_id')
    .select(['e.idem_key as key', 'l.amount as amount', 'e.created_at as at'])
    .where('e.member_id', '=', memberId)
    .where('e.source', '=', 'vip')
    .where('a.member_id', '=', memberId)
    .orderBy('e.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ key: r.key, amount: Number(r.amount), at: Number(r.at) }));
}

// ---------- rebate ----------

/** The newest entry of the member's ledger (0 when none): a claim covers the entries up to it. */
export async function lastEntryId(db: Db, memberId: number): Promise<number> {
  const r = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return Number(r?.id ?? 0);
}

/** Where the member's last claim stopped (0 before the first). */
export async function claimedUntil(db: Db, memberId: number): Promise<number> {
  const r = await db
    .selectFrom('rebate_claims')
    .select((eb) => eb.fn.max('until_entry_id').as('until'))
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return Number(r?.until ?? 0);
}

/** Game categories of the operator's vendors, by code. */
export async function vendorCategories(db: Db, operatorId: number): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('vendors')
    .select(['code', 'category'])
    .where('operator_id', '=', operatorId)
    .execute();
  return new Map(rows.map((r) => [r.code, r.category]));
}

export async function insertClaim(db: Db, row: Omit<Insertable<RebateClaimsTable>, 'id'>): Promise<number> {
  const inserted = await db.insertInto('rebate_claims').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function findClaim(db: Db, memberId: number, period: string): Promise<ClaimRow | undefined> {
  const row = await db
    .selectFrom('rebate_claims')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('period', '=', period)
    .executeTakeFirst();
  return row && claimOf(row);
}

export async function listClaims(db: Db, memberId: number, page: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('rebate_claims')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('rebate_claims')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(claimOf), total: Number(count.n) };
}

// ---------- the running wagering total ----------

/** The member's saved running total: what their entries up to `through` staked. */
export async function findTurnover(db: Db, memberId: number) {
  const row = await db
    .selectFrom('vip_turnover')
    .select(['through_entry', 'staked'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row && { through: Number(row.through_entry), staked: Number(row.staked) };
}

/** The member's newest entry after `after` written before `before` (epoch ms), if any. */
export async function lastEntryBefore(db: Db, memberId: number, after: number, before: number) {
  const row = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('member_id', '=', memberId)
    .where('id', '>', after)
    .where('created_at', '<', before)
    .executeTakeFirst();
  return row?.id === null || row?.id === undefined ? undefined : Number(row.id);
}

/**
 * Moves the running total from `from` to `to`, adding `delta`, unless another evaluation moved it
 * first (then nothing changes: that one added the same entries).
 */
export async function advanceTurnover(
  db: Db,
  row: { memberId: number; operatorId: number; from: number | undefined; to: number; delta: number },
  at: number,
): Promise<void> {
  if (row.from === undefined) {
    await db
      .insertInto('vip_turnover')
      .values({
        member_id: row.memberId,
        operator_id: row.operatorId,
        through_entry: row.to,
        staked: row.delta,
        updated_at: at,
      })
      .onConflict((oc) => oc.column('member_id').doNothing())
      .execute();
    return;
  }
  await db
    .updateTable('vip_turnover')
    .set((eb) => ({ through_entry: row.to, staked: eb('staked', '+', row.delta), updated_at: at }))
    .where('member_id', '=', row.memberId)
    .where('through_entry', '=', row.from)
    .execute();
}
