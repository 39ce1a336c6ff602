import type { Db } from '../operators/operators.repository.ts';

export interface AuditRow {
  operatorId: number;
  actorType: string;
  actorId: string | null;
  action: string;
  target: string | null;
  detail: unknown;
  ip: string | null;
}

export async function insertAudit(db: Db, row: AuditRow, at: number) {
  await db
    .insertInto('audit_log')
    .values({
      operator_id: row.operatorId,
      actor_type: row.actorType,
      actor_id: row.actorId,
      action: row.action,
      target: row.target,
      detail: row.detail === undefined ? null : JSON.stringify(row.detail),
      ip: row.ip,
      created_at: at,
    })
    .execute();
}

/**
 * Account names of the staff and members with these ids, by actor type and id. The log keeps the id
 * of whoever acted (a failed sign-in, the name typed): the list shows one name for one person.
 */
export async function actorNames(
  db: Db,
  operatorId: number,
  ids: { staff: number[]; member: number[] },
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const [staff, members] = await Promise.all([
    ids.staff.length
      ? db
          .selectFrom('staff_users')
          .select(['id', 'username'])
          .where('operator_id', '=', operatorId)
          .where('id', 'in', ids.staff)
          .execute()
      : [],
    ids.member.length
      ? db
          .selectFrom('members')
          .select(['id', 'username'])
          .where('operator_id', '=', operatorId)
          .where('id', 'in', ids.member)
          .execute()
      : [],
  ]);
  for (const s of staff) names.set(`staff:${s.id}`, s.username);
  for (const m of members) names.set(`member:${m.id}`, m.username);
  return names;
}

export async function listAudit(
  db: Db,
  operatorId: number,
  opts: { action?: string; offset: number; limit: number },
) {
  let q = db.selectFrom('audit_log').where('operator_id', '=', operatorId);
  if (opts.action) q = q.where('action', '=', opts.action);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('id', 'desc').offset(opts.offset).limit(opts.limit).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
