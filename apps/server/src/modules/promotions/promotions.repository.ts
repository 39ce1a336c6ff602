import type { Insertable, Selectable } from 'kysely';
import type { PromotionApplicationsTable, PromotionsTable } from '@playhouse/db/schema';
import type { Db } from '../operators/operators.repository.ts';

/**
 * Promotions' own tables. An application leaves PENDING only by a conditional UPDATE that names the
 * status it expects, so it resolves at most once however many callers race. PostgreSQL answers bigint
 * columns as strings: rows are normalised to numbers here.
 */

export type PromotionRow = Selectable<PromotionsTable>;
export type ApplicationRow = Selectable<PromotionApplicationsTable>;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function promotion(r: PromotionRow): PromotionRow {
  return {
    ...r,
    id: Number(r.id),
    operator_id: Number(r.operator_id),
    category_id: Number(r.category_id),
    percent_bp: Number(r.percent_bp),
    max_amount: Number(r.max_amount),
    min_deposit: Number(r.min_deposit),
    turnover_x100: Number(r.turnover_x100),
    start_at: Number(r.start_at),
    end_at: num(r.end_at),
    closed: Number(r.closed),
    sort_order: Number(r.sort_order),
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
  };
}

function application(r: ApplicationRow): ApplicationRow {
  return {
    ...r,
    operator_id: Number(r.operator_id),
    promotion_id: Number(r.promotion_id),
    member_id: Number(r.member_id),
    deposit_amount: num(r.deposit_amount),
    amount: num(r.amount),
    turnover: num(r.turnover),
    entry_id: num(r.entry_id),
    created_at: Number(r.created_at),
    decided_at: num(r.decided_at),
  };
}

export async function listPromotions(db: Db, operatorId: number) {
  const rows = await db
    .selectFrom('promotions')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .orderBy('sort_order', 'asc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(promotion);
}

export async function findPromotion(db: Db, operatorId: number, id: number) {
  const row = await db
    .selectFrom('promotions')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && promotion(row);
}

export async function countPromotions(db: Db, operatorId: number): Promise<number> {
  const r = await db
    .selectFrom('promotions')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('operator_id', '=', operatorId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function insertPromotion(db: Db, row: Insertable<PromotionsTable>): Promise<number> {
  const r = await db.insertInto('promotions').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function updatePromotion(
  db: Db,
  operatorId: number,
  id: number,
  row: Omit<Insertable<PromotionsTable>, 'operator_id' | 'created_at'>,
): Promise<boolean> {
  const r = await db
    .updateTable('promotions')
    .set(row)
    .where('operator_id', '=', operatorId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Inserts the application unless the member already has one for the promotion; true when inserted. */
export async function insertApplication(
  db: Db,
  row: Insertable<PromotionApplicationsTable>,
): Promise<boolean> {
  const r = await db
    .insertInto('promotion_applications')
    .values(row)
    .onConflict((oc) => oc.columns(['promotion_id', 'member_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

export async function findApplication(db: Db, operatorId: number, id: string) {
  const row = await db
    .selectFrom('promotion_applications')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && application(row);
}

export async function findMemberApplication(db: Db, promotionId: number, memberId: number) {
  const row = await db
    .selectFrom('promotion_applications')
    .selectAll()
    .where('promotion_id', '=', promotionId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row && application(row);
}

export async function memberApplications(db: Db, memberId: number) {
  const rows = await db
    .selectFrom('promotion_applications')
    .selectAll()
    .where('member_id', '=', memberId)
    .execute();
  return rows.map(application);
}

/** The member's waiting (PENDING) applications, oldest first. */
export async function pendingApplications(db: Db, memberId: number) {
  const rows = await db
    .selectFrom('promotion_applications')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('status', '=', 'PENDING')
    .orderBy('created_at', 'asc')
    .execute();
  return rows.map(application);
}

/** Records the deposit that met the rule once (first deposit wins); false when one was already set. */
export async function setQualifyingDeposit(
  db: Db,
  id: string,
  deposit: { id: string; amount: number; bonus: number },
): Promise<boolean> {
  const r = await db
    .updateTable('promotion_applications')
    .set({ deposit_id: deposit.id, deposit_amount: deposit.amount, amount: deposit.bonus })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .where('deposit_id', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Moves a PENDING application to ISSUED or REJECTED; false when it was no longer PENDING. */
export async function decideApplication(
  db: Db,
  id: string,
  set: {
    status: 'ISSUED' | 'REJECTED';
    amount?: number;
    turnover?: number;
    entry_id?: number;
    reason?: string | null;
    decided_by: string;
  },
  at: number,
): Promise<boolean> {
  const r = await db
    .updateTable('promotion_applications')
    .set({ ...set, decided_at: at })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export interface ApplicationFilter {
  operatorId: number;
  status?: ApplicationRow['status'] | undefined;
  promotionId?: number | undefined;
}

function applicationQuery(db: Db, f: ApplicationFilter) {
  let q = db
    .selectFrom('promotion_applications')
    .where('promotion_applications.operator_id', '=', f.operatorId);
  if (f.status) q = q.where('promotion_applications.status', '=', f.status);
  if (f.promotionId !== undefined) q = q.where('promotion_applications.promotion_id', '=', f.promotionId);
  return q;
}

export async function listApplications(
  db: Db,
  f: ApplicationFilter,
  page: { offset: number; limit: number },
) {
  const [rows, count] = await Promise.all([
    applicationQuery(db, f)
      .innerJoin('members', 'members.id', 'promotion_applications.member_id')
      .selectAll('promotion_applications')
      .select('members.username')
      .orderBy('promotion_applications.created_at', 'desc')
      .orderBy('promotion_applications.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    applicationQuery(db, f)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => ({ ...application(r), username: r.username })), total: Number(count.n) };
}

/** Applications per promotion and status, for the back office's list. */
export async function applicationCounts(db: Db, operatorId: number) {
  const rows = await db
    .selectFrom('promotion_applications')
    .select(['promotion_id', 'status', (eb) => eb.fn.countAll().as('n')])
    .where('operator_id', '=', operatorId)
    .groupBy(['promotion_id', 'status'])
    .execute();
  return rows.map((r) => ({ promotionId: Number(r.promotion_id), status: r.status, n: Number(r.n) }));
}
