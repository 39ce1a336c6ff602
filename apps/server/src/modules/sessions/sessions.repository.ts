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
