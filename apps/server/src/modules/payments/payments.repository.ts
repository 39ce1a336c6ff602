import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type {
  BankCardsTable,
  DepositsTable,
  PaymentChannelsTable,
  WithdrawalsTable,
} from '@playhouse/db/schema';
import type { Db } from '../operators/operators.repository.ts';
import { findSettingsDocument, saveSettingsDocument } from '../../lib/settings-documents.ts';

/**
 * Payments' own tables. Every status change is a conditional UPDATE that names the status it expects
 * and reports whether it changed a row, so a request resolves at most once however many callers race.
 * PostgreSQL answers bigint columns as strings: rows are normalised to numbers here.
 */

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export type ChannelRow = Selectable<PaymentChannelsTable>;
export type DepositRow = Selectable<DepositsTable>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;
export type CardRow = Selectable<BankCardsTable>;

const channel = (r: Record<string, unknown>): ChannelRow =>
  ({
    ...r,
    id: Number(r.id),
    operator_id: Number(r.operator_id),
    min_amount: Number(r.min_amount),
    max_amount: Number(r.max_amount),
    fee_bp: Number(r.fee_bp),
    bonus_bp: Number(r.bonus_bp),
    enabled: Number(r.enabled),
    sort_order: Number(r.sort_order),
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
  }) as ChannelRow;

const deposit = (r: Record<string, unknown>): DepositRow =>
  ({
    ...r,
    operator_id: Number(r.operator_id),
    member_id: Number(r.member_id),
    channel_id: Number(r.channel_id),
    amount: Number(r.amount),
    fee: Number(r.fee),
    bonus: Number(r.bonus),
    entry_id: num(r.entry_id),
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
    decided_at: num(r.decided_at),
  }) as DepositRow;

const withdrawal = (r: Record<string, unknown>): WithdrawalRow =>
  ({
    ...r,
    operator_id: Number(r.operator_id),
    member_id: Number(r.member_id),
    card_id: Number(r.card_id),
    amount: Number(r.amount),
    turnover_remaining: Number(r.turnover_remaining),
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
    decided_at: num(r.decided_at),
  }) as WithdrawalRow;

const card = (r: Record<string, unknown>): CardRow =>
  ({
    ...r,
    id: Number(r.id),
    operator_id: Number(r.operator_id),
    member_id: Number(r.member_id),
    created_at: Number(r.created_at),
  }) as CardRow;

// ---------- channels, gateways, settings ----------

export async function listChannels(db: Db, operatorId: number) {
  const rows = await db
    .selectFrom('payment_channels')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map(channel);
}

export async function findChannel(db: Db, operatorId: number, id: number) {
  const row = await db
    .selectFrom('payment_channels')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && channel(row);
}

export async function insertChannel(db: Db, row: Insertable<PaymentChannelsTable>): Promise<number> {
  const r = await db.insertInto('payment_channels').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function updateChannel(
  db: Db,
  operatorId: number,
  id: number,
  patch: Updateable<PaymentChannelsTable>,
): Promise<boolean> {
  const r = await db
    .updateTable('payment_channels')
    .set(patch)
    .where('operator_id', '=', operatorId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteChannel(db: Db, operatorId: number, id: number): Promise<boolean> {
  const r = await db
    .deleteFrom('payment_channels')
    .where('operator_id', '=', operatorId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export function findGateway(db: Db, operatorId: number, code: string) {
  return db
    .selectFrom('payment_gateways')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('code', '=', code)
    .executeTakeFirst();
}

export function listGateways(db: Db) {
  return db.selectFrom('payment_gateways').selectAll().execute();
}

export async function upsertGateway(
  db: Db,
  row: { operator_id: number; code: string; base_url: string; secret_sealed: string; updated_at: number },
) {
  await db
    .insertInto('payment_gateways')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['operator_id', 'code']).doUpdateSet({
        base_url: row.base_url,
        secret_sealed: row.secret_sealed,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export function findSettings(db: Db, operatorId: number) {
  return findSettingsDocument(db, 'payment_settings', operatorId);
}

export function saveSettings(db: Db, operatorId: number, document: string, at: number) {
  return saveSettingsDocument(db, 'payment_settings', operatorId, document, at);
}

// ---------- deposits ----------

/** Records a deposit; false when the member's request id is taken (a retried submission). */
export async function insertDeposit(db: Db, row: Insertable<DepositsTable>): Promise<boolean> {
  const r = await db
    .insertInto('deposits')
    .values(row)
    .onConflict((oc) => oc.columns(['operator_id', 'member_id', 'request_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

export async function findDeposit(db: Db, operatorId: number, id: string) {
  const row = await db
    .selectFrom('deposits')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && deposit(row);
}

export async function findDepositByRequest(db: Db, operatorId: number, memberId: number, requestId: string) {
  const row = await db
    .selectFrom('deposits')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('member_id', '=', memberId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  return row && deposit(row);
}

export async function setDepositPayment(db: Db, id: string, paymentId: string, payUrl: string, at: number) {
  await db
    .updateTable('deposits')
    .set({ gateway_payment_id: paymentId, pay_url: payUrl, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** Moves a deposit from one of `from` to `to`; false when it was no longer in any of them. */
export async function transitionDeposit(
  db: Db,
  id: string,
  from: DepositRow['status'][],
  set: {
    status: DepositRow['status'];
    reason?: string | null;
    entry_id?: number;
    decided_by?: string | null;
  },
  at: number,
): Promise<boolean> {
  const r = await db
    .updateTable('deposits')
    .set({ ...set, updated_at: at, decided_at: at })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Waiting gateway deposits the reconciler may ask about: older than `createdBefore`, lease free.
 * Across operators (one reconciler serves every operator of the database).
 */
export async function dueForReconcile(db: Db, createdBefore: number, at: number, limit: number) {
  return db
    .selectFrom('deposits')
    .selectAll()
    .where('status', '=', 'PENDING')
    .where('kind', '=', 'GATEWAY')
    .where('created_at', '<=', createdBefore)
    .where((eb) => eb.or([eb('reconcile_after', 'is', null), eb('reconcile_after', '<=', at)]))
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/**
 * Takes the reconciler's lease on a waiting deposit until `until`: a conditional UPDATE, so of
 * several instances (or ticks) reaching for the same deposit exactly one gets it.
 */
export async function claimForReconcile(db: Db, id: string, at: number, until: number): Promise<boolean> {
  const r = await db
    .updateTable('deposits')
    .set({ reconcile_after: until })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .where((eb) => eb.or([eb('reconcile_after', 'is', null), eb('reconcile_after', '<=', at)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export interface DeskFilter {
  operatorId: number;
  memberId?: number | undefined;
  status?: string | undefined;
  channelId?: number | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

function depositQuery(db: Db, f: DeskFilter) {
  let q = db.selectFrom('deposits').where('deposits.operator_id', '=', f.operatorId);
  if (f.memberId !== undefined) q = q.where('deposits.member_id', '=', f.memberId);
  if (f.status) q = q.where('deposits.status', '=', f.status as DepositRow['status']);
  if (f.channelId !== undefined) q = q.where('deposits.channel_id', '=', f.channelId);
  if (f.from !== undefined) q = q.where('deposits.created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('deposits.created_at', '<', f.to);
  return q;
}

export async function listDeposits(db: Db, f: DeskFilter, page: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    depositQuery(db, f)
      .innerJoin('members', 'members.id', 'deposits.member_id')
      .selectAll('deposits')
      .select('members.username')
      .orderBy('deposits.created_at', 'desc')
      .orderBy('deposits.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    depositQuery(db, f)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => ({ ...deposit(r), username: r.username })), total: Number(count.n) };
}

/** The member's first credited deposit: the approved one with the lowest ledger entry. */
export async function firstApprovedDepositId(db: Db, memberId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('deposits')
    .select('id')
    .where('member_id', '=', memberId)
    .where('status', '=', 'APPROVED')
    .orderBy('entry_id', 'asc')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/** The member's deposits still waiting (they count against the deposit limit as if credited). */
/**
 * What the member's waiting deposits will credit (amount less fee plus bonus, as the journal's deposit
 * lines will hold it), whatever their age: a waiting deposit lands in every window when it is credited.
 */
export async function sumPendingCredits(db: Db, memberId: number): Promise<number> {
  const r = await db
    .selectFrom('deposits')
    .select((eb) =>
      eb.fn.coalesce(eb.fn.sum<number>(sql<number>`amount - fee + bonus`), sql<number>`0`).as('total'),
    )
    .where('member_id', '=', memberId)
    .where('status', '=', 'PENDING')
    .executeTakeFirstOrThrow();
  return Number(r.total);
}

// ---------- bank cards ----------

export async function listCards(db: Db, memberId: number) {
  const rows = await db
    .selectFrom('bank_cards')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
  return rows.map(card);
}

export async function findCard(db: Db, memberId: number, id: number) {
  const row = await db
    .selectFrom('bank_cards')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && card(row);
}

/** Adds a card; undefined when the member already has that account. */
export async function insertCard(db: Db, row: Insertable<BankCardsTable>): Promise<number | undefined> {
  const r = await db
    .insertInto('bank_cards')
    .values(row)
    .onConflict((oc) => oc.columns(['member_id', 'kind', 'account_no']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return r && Number(r.id);
}

export async function deleteCard(db: Db, memberId: number, id: number): Promise<boolean> {
  const r = await db
    .deleteFrom('bank_cards')
    .where('member_id', '=', memberId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

// ---------- fund passwords ----------

export function findFundPassword(db: Db, memberId: number) {
  return db
    .selectFrom('fund_passwords')
    .select(['password_hash', 'updated_at'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

export async function saveFundPassword(
  db: Db,
  operatorId: number,
  memberId: number,
  hash: string,
  at: number,
) {
  await db
    .insertInto('fund_passwords')
    .values({ member_id: memberId, operator_id: operatorId, password_hash: hash, updated_at: at })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ password_hash: hash, updated_at: at }))
    .execute();
}

// ---------- withdrawals ----------

export async function insertWithdrawal(db: Db, row: Insertable<WithdrawalsTable>) {
  await db.insertInto('withdrawals').values(row).execute();
}

export async function findWithdrawal(db: Db, operatorId: number, id: string) {
  const row = await db
    .selectFrom('withdrawals')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && withdrawal(row);
}

export async function findWithdrawalByRequest(
  db: Db,
  operatorId: number,
  memberId: number,
  requestId: string,
) {
  const row = await db
    .selectFrom('withdrawals')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('member_id', '=', memberId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  return row && withdrawal(row);
}

export async function transitionWithdrawal(
  db: Db,
  id: string,
  from: WithdrawalRow['status'],
  set: Updateable<WithdrawalsTable>,
  at: number,
): Promise<boolean> {
  const r = await db
    .updateTable('withdrawals')
    .set({ ...set, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The member's withdrawals since `from` that were not returned: how many and how much. */
export async function withdrawalUsage(db: Db, memberId: number, from: number) {
  const r = await db
    .selectFrom('withdrawals')
    .select((eb) => [
      eb.fn.countAll().as('n'),
      eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('total'),
    ])
    .where('member_id', '=', memberId)
    .where('created_at', '>=', from)
    .where('status', '!=', 'REJECTED')
    .executeTakeFirstOrThrow();
  return { count: Number(r.n), amount: Number(r.total) };
}

function withdrawalQuery(db: Db, f: DeskFilter) {
  let q = db.selectFrom('withdrawals').where('withdrawals.operator_id', '=', f.operatorId);
  if (f.memberId !== undefined) q = q.where('withdrawals.member_id', '=', f.memberId);
  if (f.status) q = q.where('withdrawals.status', '=', f.status as WithdrawalRow['status']);
  if (f.from !== undefined) q = q.where('withdrawals.created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('withdrawals.created_at', '<', f.to);
  return q;
}

export async function listWithdrawals(db: Db, f: DeskFilter, page: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    withdrawalQuery(db, f)
      .innerJoin('members', 'members.id', 'withdrawals.member_id')
      .selectAll('withdrawals')
      .select('members.username')
      .orderBy('withdrawals.created_at', 'desc')
      .orderBy('withdrawals.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    withdrawalQuery(db, f)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => ({ ...withdrawal(r), username: r.username })), total: Number(count.n) };
}

// ---------- turnover ----------

export async function findTurnover(db: Db, memberId: number) {
  const row = await db
    .selectFrom('member_turnover')
    .selectAll()
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row && { required: Number(row.required), sinceEntryId: Number(row.since_entry_id) };
}

export async function saveTurnover(
  db: Db,
  operatorId: number,
  memberId: number,
  required: number,
  sinceEntryId: number,
  at: number,
) {
  await db
    .insertInto('member_turnover')
    .values({
      member_id: memberId,
      operator_id: operatorId,
      required,
      since_entry_id: sinceEntryId,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.column('member_id').doUpdateSet({ required, since_entry_id: sinceEntryId, updated_at: at }),
    )
    .execute();
}

// ---------- daily summary ----------

/** Deposits and withdrawals touching [from, to): settled ones by decision time, pending by creation. */
export async function summaryRows(db: Db, operatorId: number, from: number, to: number) {
  const [deposits, withdrawals] = await Promise.all([
    db
      .selectFrom('deposits')
      .select(['status', 'amount', 'fee', 'bonus', 'created_at', 'decided_at'])
      .where('operator_id', '=', operatorId)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'APPROVED'), eb('decided_at', '>=', from), eb('decided_at', '<', to)]),
          eb.and([eb('status', '=', 'PENDING'), eb('created_at', '>=', from), eb('created_at', '<', to)]),
        ]),
      )
      .execute(),
    db
      .selectFrom('withdrawals')
      .select(['status', 'amount', 'created_at', 'decided_at'])
      .where('operator_id', '=', operatorId)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'APPROVED'), eb('decided_at', '>=', from), eb('decided_at', '<', to)]),
          eb.and([
            eb('status', 'in', ['PENDING', 'PROCESSING']),
            eb('created_at', '>=', from),
            eb('created_at', '<', to),
          ]),
        ]),
      )
      .execute(),
  ]);
  return {
    deposits: deposits.map((r) => ({
      status: r.status,
      amount: Number(r.amount),
      fee: Number(r.fee),
      bonus: Number(r.bonus),
      at: Number(r.status === 'APPROVED' ? r.decided_at : r.created_at),
    })),
    withdrawals: withdrawals.map((r) => ({
      status: r.status,
      amount: Number(r.amount),
      at: Number(r.status === 'APPROVED' ? r.decided_at : r.created_at),
    })),
  };
}

// ---------- member profile (payee name) ----------

export async function memberProfile(db: Db, memberId: number) {
  const row = await db
    .selectFrom('members')
    .select(['profile', 'mobile_num', 'country_dialing_code', 'username', 'currency', 'password_hash'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!row) return undefined;
  let profile: Record<string, unknown> = {};
  try {
    const parsed: unknown = row.profile ? JSON.parse(row.profile) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      profile = parsed as Record<string, unknown>;
  } catch {
    profile = {};
  }
  return { ...row, raw: row.profile, profile };
}

/**
 * Sets the profile's payee name only while it is empty; false when one was already set. The update
 * names the profile text it read, so a concurrent change of the profile makes it fail, not vanish.
 */
export async function setPayeeName(db: Db, memberId: number, realName: string): Promise<boolean> {
  const current = await memberProfile(db, memberId);
  if (!current) return false;
  const existing = current.profile.payeeName;
  if (typeof existing === 'string' && existing.trim()) return false;
  const next = JSON.stringify({ ...current.profile, payeeName: realName });
  const r = await db
    .updateTable('members')
    .set({ profile: next, real_name: realName.trim() || null })
    .where('id', '=', memberId)
    .where((eb) => (current.raw === null ? eb('profile', 'is', null) : eb('profile', '=', current.raw)))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
