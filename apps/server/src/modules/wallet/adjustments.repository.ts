import type { Insertable } from 'kysely';
import type { AdjustmentRequestsTable } from '@playhouse/db/schema-staff';
import type { Db } from '../operators/operators.repository.ts';

/** Records a request; undefined when its key was used before (a replay). */
export async function insertRequest(
  db: Db,
  row: Insertable<AdjustmentRequestsTable>,
): Promise<number | undefined> {
  const inserted = await db
    .insertInto('adjustment_requests')
    .values(row)
    .onConflict((oc) => oc.columns(['operator_id', 'idempotency_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? Number(inserted.id) : undefined;
}

export function findRequest(db: Db, operatorId: number, id: number) {
  return db
    .selectFrom('adjustment_requests')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findRequestByKey(db: Db, operatorId: number, key: string) {
  return db
    .selectFrom('adjustment_requests')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** The newest 200 requests (of a status), with the names of who asked and who decided. */
export function listRequests(db: Db, operatorId: number, status: string | undefined) {
  let query = db
    .selectFrom('adjustment_requests as r')
    .leftJoin('staff_users as asker', 'asker.id', 'r.requested_by')
    .leftJoin('staff_users as decider', 'decider.id', 'r.decided_by')
    .selectAll('r')
    .select(['asker.username as requested_by_name', 'decider.username as decided_by_name'])
    .where('r.operator_id', '=', operatorId);
  if (status) query = query.where('r.status', '=', status);
  return query.orderBy('r.id', 'desc').limit(200).execute();
}

/** Moves a pending request to its decision; false when it was decided already (one statement). */
export async function decide(
  db: Db,
  id: number,
  status: 'approved' | 'rejected',
  staffId: number,
  at: number,
  outcome: { entryId?: number; note?: string },
): Promise<boolean> {
  const result = await db
    .updateTable('adjustment_requests')
    .set({
      status,
      decided_by: staffId,
      decided_at: at,
      entry_id: outcome.entryId ?? null,
      note: outcome.note ?? null,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
