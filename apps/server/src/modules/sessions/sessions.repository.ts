import type { Db } from '../operators/operators.repository.ts';
import type { SessionsTable } from '@playhouse/db/schema';
import type { Insertable } from 'kysely';

export async function insertSession(db: Db, row: Insertable<SessionsTable>) {
  await db.insertInto('sessions').values(row).execute();
}

export function findLiveSession(db: Db, tokenHash: string, at: number) {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .where('idle_expires_at', '>', at)
    .executeTakeFirst();
}

/**
 * The live member session a token names with its member's row (null fields when the member is
 * gone), in one read: signing a member's request in is one round trip.
 */
export function findLiveMemberSession(db: Db, tokenHash: string, at: number) {
  return db
    .selectFrom('sessions as s')
    .leftJoin('members as m', 'm.id', 's.subject_id')
    .selectAll('s')
    .select([
      'm.id as member_id',
      'm.operator_id as member_operator_id',
      'm.username as member_username',
      'm.type as member_type',
      'm.status as member_status',
      'm.currency as member_currency',
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.subject_type', '=', 'member')
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', at)
    .where('s.idle_expires_at', '>', at)
    .executeTakeFirst();
}

export async function touchSession(db: Db, id: number, at: number, idleExpiresAt: number) {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: at, idle_expires_at: idleExpiresAt })
    .where('id', '=', id)
    .execute();
}

export async function revokeByHash(db: Db, tokenHash: string, at: number) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAllForSubject(
  db: Db,
  subjectType: string,
  subjectId: number,
  at: number,
  exceptId?: number,
) {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('subject_type', '=', subjectType as 'staff' | 'member')
    .where('subject_id', '=', subjectId)
    .where('revoked_at', 'is', null);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}
