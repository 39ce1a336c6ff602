import type { Insertable, Selectable } from 'kysely';
import type { VendorTransfersTable } from '@playhouse/db/schema';
import type { Db } from '../operators/operators.repository.ts';

/** A transfer as read back: the table's own row shape. */
export type TransferRow = Selectable<VendorTransfersTable>;

const normalise = (r: Record<string, unknown>): TransferRow =>
  ({
    ...r,
    id: Number(r.id),
    operator_id: Number(r.operator_id),
    member_id: Number(r.member_id),
    amount: Number(r.amount),
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
  }) as TransferRow;

/** Records a transfer; false when the member's request id is taken (a replay). */
export async function insertTransfer(db: Db, row: Insertable<VendorTransfersTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('vendor_transfers')
    .values(row)
    .onConflict((oc) => oc.columns(['operator_id', 'member_id', 'request_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findByRequest(db: Db, operatorId: number, memberId: number, requestId: string) {
  const row = await db
    .selectFrom('vendor_transfers')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('member_id', '=', memberId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  return row && normalise(row);
}

export async function findById(db: Db, id: number) {
  const row = await db.selectFrom('vendor_transfers').selectAll().where('id', '=', id).executeTakeFirst();
  return row && normalise(row);
}

/** The one way a transfer is resolved: from `pending` only, so it resolves at most once. */
export async function resolve(db: Db, id: number, state: 'done' | 'failed', at: number): Promise<boolean> {
  const result = await db
    .updateTable('vendor_transfers')
    .set({ state, updated_at: at })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Pending transfers last touched at or before `before`, oldest first. */
export async function listPending(db: Db, before: number, limit: number) {
  const rows = await db
    .selectFrom('vendor_transfers')
    .selectAll()
    .where('state', '=', 'pending')
    .where('updated_at', '<=', before)
    .orderBy('updated_at')
    .limit(limit)
    .execute();
  return rows.map(normalise);
}
