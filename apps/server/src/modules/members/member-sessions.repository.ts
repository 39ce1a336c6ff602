import type { Db } from '../operators/operators.repository.ts';

/** A member's live sessions, most recently used first. */
export function listLiveMemberSessions(db: Db, memberId: number, at: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'ip', 'device', 'user_agent'])
    .where('subject_type', '=', 'member')
    .where('subject_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .where('idle_expires_at', '>', at)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}

/** Ends one session, only if it belongs to the member and is still open; returns how many ended. */
export async function revokeMemberSession(db: Db, memberId: number, sessionId: number, at: number) {
  const r = await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('id', '=', sessionId)
    .where('subject_type', '=', 'member')
    .where('subject_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
