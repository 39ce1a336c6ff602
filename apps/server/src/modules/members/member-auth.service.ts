import { AppError } from '../../lib/app-error.ts';
import type { Db } from '../operators/operators.repository.ts';
import type { SessionPolicy, SessionsService } from '../sessions/sessions.service.ts';

/** Member sessions: a day of inactivity or 30 days in all ("remember me" keeps the session, never a password). */
export const MEMBER_SESSION: SessionPolicy = { idleMs: 24 * 3600_000, absoluteMs: 30 * 24 * 3600_000 };

export interface AuthenticatedMember {
  id: number;
  operatorId: number;
  username: string;
  type: number;
  /** The member's wallet currency (a member's currency never changes). */
  currency?: string;
  sessionId: number;
}

/** Resolves a member bearer token; every member-owned object is looked up through `id` from here. */
export function createMemberAuth(_db: Db, sessions: SessionsService) {
  return {
    async authenticate(token: string | undefined, operatorId: number): Promise<AuthenticatedMember> {
      // The session and its member in one read.
      const found = token ? await sessions.verifyMember(token, MEMBER_SESSION) : undefined;
      if (!found) throw new AppError(token ? 'SESSION_EXPIRED' : 'NOT_LOGGED_IN');
      const { session, member } = found;
      if (!member || member.status !== 'active' || member.operatorId !== operatorId) {
        throw new AppError('SESSION_EXPIRED');
      }
      return {
        id: member.id,
        operatorId,
        username: member.username,
        type: member.type,
        currency: member.currency,
        sessionId: session.id,
      };
    },
  };
}
export type MemberAuth = ReturnType<typeof createMemberAuth>;
