import type { Db } from '../operators/operators.repository.ts';

/** Rows of contracts, commissions and team transfers (migration agent_contracts, decision 034). */

export function findContract(db: Db, operatorId: number, id: number) {
  return db
    .selectFrom('agent_contracts')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A member's pending request and active contract of a kind. */
export function contractsOf(db: Db, operatorId: number, memberId: number, kinds: readonly string[]) {
  return db
    .selectFrom('agent_contracts as c')
    .leftJoin('members as u', 'u.id', 'c.offered_by_member_id')
    .selectAll('c')
    .select('u.username as offered_by')
    .where('c.operator_id', '=', operatorId)
    .where('c.member_id', '=', memberId)
    .where('c.kind', 'in', [...kinds])
    .where('c.status', 'in', ['pending', 'active'])
    .execute();
}

export async function insertContract(
  db: Db,
  row: {
    operator_id: number;
    member_id: number;
    kind: string;
    terms: string;
    offered_by_member_id: number | null;
    offered_by_staff_id: number | null;
    created_at: number;
  },
) {
  const r = await db
    .insertInto('agent_contracts')
    .values({ ...row, status: 'pending', decided_at: null, ended_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

/** Moves a contract from one status to another; false when it was not in `from` any more. */
export async function moveContract(
  db: Db,
  id: number,
  from: string,
  to: string,
  at: number,
  field: 'decided_at' | 'ended_at',
): Promise<boolean> {
  const r = await db
    .updateTable('agent_contracts')
    .set({ status: to, [field]: at })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Ends (or withdraws) whatever of a kind the member has in `status`. */
export async function closeOfKind(
  db: Db,
  memberId: number,
  kind: string,
  status: 'pending' | 'active',
  at: number,
) {
  await db
    .updateTable('agent_contracts')
    .set(status === 'pending' ? { status: 'withdrawn', decided_at: at } : { status: 'ended', ended_at: at })
    .where('member_id', '=', memberId)
    .where('kind', '=', kind)
    .where('status', '=', status)
    .execute();
}

export function listContracts(
  db: Db,
  operatorId: number,
  q: { userName?: string | undefined; status?: string | undefined },
) {
  let query = db
    .selectFrom('agent_contracts as c')
    .innerJoin('members as m', 'm.id', 'c.member_id')
    .leftJoin('members as u', 'u.id', 'c.offered_by_member_id')
    .selectAll('c')
    .select(['m.username', 'u.username as offered_by'])
    .where('c.operator_id', '=', operatorId);
  if (q.userName) query = query.where('m.username', '=', q.userName.toLowerCase());
  if (q.status) query = query.where('c.status', '=', q.status);
  return query.orderBy('c.id', 'desc').limit(200).execute();
}

/** Every active contract of an operator with its member's currency. */
export function activeContracts(db: Db, operatorId: number) {
  return db
    .selectFrom('agent_contracts as c')
    .innerJoin('members as m', 'm.id', 'c.member_id')
    .select(['c.id', 'c.member_id', 'c.kind', 'c.terms', 'c.decided_at', 'm.currency'])
    .where('c.operator_id', '=', operatorId)
    .where('c.status', '=', 'active')
    .orderBy('c.id')
    .execute();
}

/** Operators with anything for the job: an active contract or a transfer left half-done. */
export async function operatorsWithWork(db: Db): Promise<number[]> {
  const [a, b] = await Promise.all([
    db
      .selectFrom('agent_contracts')
      .select('operator_id')
      .distinct()
      .where('status', '=', 'active')
      .execute(),
    db
      .selectFrom('agent_transfers')
      .select('operator_id')
      .distinct()
      .where('status', '=', 'debited')
      .execute(),
  ]);
  return [...new Set([...a, ...b].map((r) => Number(r.operator_id)))];
}

export async function existingPeriods(
  db: Db,
  operatorId: number,
  memberId: number,
  kind: string,
  keys: string[],
) {
  if (!keys.length) return new Set<string>();
  const rows = await db
    .selectFrom('agent_commissions')
    .select('period_key')
    .where('operator_id', '=', operatorId)
    .where('member_id', '=', memberId)
    .where('kind', '=', kind)
    .where('period_key', 'in', keys)
    .execute();
  return new Set(rows.map((r) => r.period_key));
}

export type CommissionInsert = {
  operator_id: number;
  member_id: number;
  contract_id: number;
  kind: string;
  period_key: string;
  period_start: number;
  period_end: number;
  currency: string;
  turnover: number;
  net_loss: number;
  active_members: number;
  amount: number;
  status: string;
  computed_at: number;
  approved_at: number | null;
};

/** Inserts a period's commission unless another pass did first; true when this one did. */
export async function insertCommission(db: Db, row: CommissionInsert): Promise<boolean> {
  const r = await db
    .insertInto('agent_commissions')
    .values({ ...row, previous_amount: null, approved_by: null, paid_at: null, entry_id: null })
    .onConflict((oc) => oc.columns(['operator_id', 'member_id', 'kind', 'period_key']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function findCommission(db: Db, operatorId: number, id: number) {
  return db
    .selectFrom('agent_commissions')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('id', '=', id)
    .executeTakeFirst();
}
export type CommissionRow = NonNullable<Awaited<ReturnType<typeof findCommission>>>;

export function approvedUnpaid(db: Db, operatorId: number, limit: number) {
  return db
    .selectFrom('agent_commissions')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('status', '=', 'approved')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function pageCommissions(
  db: Db,
  operatorId: number,
  q: {
    userName?: string | undefined;
    status?: string | undefined;
    kind?: string | undefined;
    memberId?: number | undefined;
    offset: number;
    limit: number;
  },
) {
  let base = db
    .selectFrom('agent_commissions as c')
    .innerJoin('members as m', 'm.id', 'c.member_id')
    .where('c.operator_id', '=', operatorId);
  if (q.userName) base = base.where('m.username', '=', q.userName.toLowerCase());
  if (q.memberId !== undefined) base = base.where('c.member_id', '=', q.memberId);
  if (q.status) base = base.where('c.status', '=', q.status);
  if (q.kind) base = base.where('c.kind', '=', q.kind);
  return Promise.all([
    base
      .selectAll('c')
      .select('m.username')
      .orderBy('c.period_start', 'desc')
      .orderBy('c.id', 'desc')
      .offset(q.offset)
      .limit(q.limit)
      .execute(),
    base
      .select((eb) => [
        eb.fn.countAll<number>().as('c'),
        eb.fn.sum<number>('c.amount').as('amount'),
        eb.fn.sum<number>('c.paid_amount').as('paid'),
      ])
      .executeTakeFirst(),
  ]);
}

export async function ensureSettings(db: Db, operatorId: number) {
  await db
    .insertInto('agent_settings')
    .values({ operator_id: operatorId, lease_owner: null, lease_until: null, last_run_at: null })
    .onConflict((oc) => oc.column('operator_id').doNothing())
    .execute();
  return db
    .selectFrom('agent_settings')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .executeTakeFirstOrThrow();
}

/** Takes the operator's job lease when it is free or expired; false when another pass holds it. */
export async function claimLease(db: Db, operatorId: number, owner: string, at: number, until: number) {
  const r = await db
    .updateTable('agent_settings')
    .set({ lease_owner: owner, lease_until: until })
    .where('operator_id', '=', operatorId)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function releaseLease(db: Db, operatorId: number, owner: string, at: number) {
  await db
    .updateTable('agent_settings')
    .set({ lease_owner: null, lease_until: null, last_run_at: at })
    .where('operator_id', '=', operatorId)
    .where('lease_owner', '=', owner)
    .execute();
}

export function stuckTransfers(db: Db, operatorId: number, before: number) {
  return db
    .selectFrom('agent_transfers')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('status', '=', 'debited')
    .where('created_at', '<', before)
    .orderBy('id')
    .limit(200)
    .execute();
}
export type TransferRow = Awaited<ReturnType<typeof stuckTransfers>>[number];

export function findTransfer(db: Db, operatorId: number, fromId: number, requestId: string) {
  return db
    .selectFrom('agent_transfers')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('from_member_id', '=', fromId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

/** Whether `memberId` sits anywhere below `ancestorId` (or exactly `depth` below). */
export async function isBelow(db: Db, operatorId: number, ancestorId: number, memberId: number) {
  const row = await db
    .selectFrom('agent_network')
    .select('depth')
    .where('operator_id', '=', operatorId)
    .where('ancestor_id', '=', ancestorId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row ? Number(row.depth) : undefined;
}
