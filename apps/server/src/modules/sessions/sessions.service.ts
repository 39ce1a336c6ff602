import { now } from '../../lib/clock.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Db } from '../operators/operators.repository.ts';
import * as repo from './sessions.repository.ts';

/** `staff-enrol`: a staff member signed in only to enrol the second factor the settings require. */
export type SubjectType = 'staff' | 'staff-enrol' | 'member' | 'platform' | 'platform-enrol';

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

export interface LiveSession {
  id: number;
  subjectType: SubjectType;
  subjectId: number;
  operatorId: number;
  expiresAt: number;
}

// Sliding idle expiry is written at most this often, so hot reads do not turn into writes.
const TOUCH_EVERY_MS = 60_000;

/** Opaque bearer sessions for staff and members: stored hashed, revocable, idle and absolute expiry. */
export function createSessionsService(db: Db) {
  /** Slides the session's idle expiry (written at most every TOUCH_EVERY_MS) and says what it is. */
  async function renewed(
    row: {
      id: number;
      subject_type: SubjectType;
      subject_id: number;
      operator_id: number;
      last_seen_at: number;
      expires_at: number;
      idle_ms: number | null;
    },
    policy: SessionPolicy,
    at: number,
  ): Promise<LiveSession> {
    if (at - Number(row.last_seen_at) > TOUCH_EVERY_MS) {
      // A session keeps the idle window it was opened with (remember me opens a longer one).
      const idleMs = row.idle_ms === null ? policy.idleMs : Number(row.idle_ms);
      await repo.touchSession(db, Number(row.id), at, Math.min(at + idleMs, Number(row.expires_at)));
    }
    return {
      id: Number(row.id),
      subjectType: row.subject_type,
      subjectId: Number(row.subject_id),
      operatorId: Number(row.operator_id),
      expiresAt: Number(row.expires_at),
    };
  }

  return {
    async create(
      subject: { type: SubjectType; id: number; operatorId: number },
      policy: SessionPolicy,
      client: { ip?: string | undefined; userAgent?: string | undefined; device?: string | undefined },
    ) {
      const token = newToken();
      const at = now();
      const expiresAt = at + policy.absoluteMs;
      await repo.insertSession(db, {
        token_hash: hashToken(token),
        subject_type: subject.type,
        subject_id: subject.id,
        operator_id: subject.operatorId,
        created_at: at,
        last_seen_at: at,
        idle_expires_at: Math.min(at + policy.idleMs, expiresAt),
        expires_at: expiresAt,
        revoked_at: null,
        ip: client.ip ?? null,
        user_agent: client.userAgent?.slice(0, 300) ?? null,
        device: client.device ?? null,
        idle_ms: policy.idleMs,
      });
      return { token, expiresAt };
    },

    /**
     * The live session a token names (of the subject type, or one of the types, asked for), renewing
     * its idle window; undefined when unknown or expired.
     */
    async verify(
      token: string,
      type: SubjectType | readonly SubjectType[],
      policy: SessionPolicy,
    ): Promise<LiveSession | undefined> {
      const at = now();
      const row = await repo.findLiveSession(db, hashToken(token), at);
      const types: readonly SubjectType[] = typeof type === 'string' ? [type] : type;
      if (!row || !types.includes(row.subject_type)) return undefined;
      return renewed(row, policy, at);
    },

    /**
     * A member's live session and their member row (undefined fields when the member is gone), in
     * one read, renewing the idle window as `verify` does; undefined when unknown or expired.
     */
    async verifyMember(token: string, policy: SessionPolicy) {
      const at = now();
      const row = await repo.findLiveMemberSession(db, hashToken(token), at);
      if (!row) return undefined;
      return {
        session: await renewed(row, policy, at),
        member:
          row.member_id === null
            ? undefined
            : {
                id: Number(row.member_id),
                operatorId: Number(row.member_operator_id),
                username: row.member_username!,
                type: Number(row.member_type),
                status: row.member_status!,
                currency: row.member_currency!,
              },
      };
    },

    revoke: (token: string) => repo.revokeByHash(db, hashToken(token), now()),
    revokeAll: (type: SubjectType, subjectId: number, exceptSessionId?: number) =>
      repo.revokeAllForSubject(db, type, subjectId, now(), exceptSessionId),
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
