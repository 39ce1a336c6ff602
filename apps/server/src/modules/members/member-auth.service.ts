import { AppError } from '../../lib/app-error.ts';
import type { Db } from '../operators/operators.repository.ts';
import type { SessionPolicy, SessionsService } from '../sessions/sessions.service.ts';
import { findMemberById } from './members.repository.ts';

/** Member sessions: a day of inactivity or 30 days in all ("remember me" keeps the session, never a password). */
export const MEMBER_SESSION: SessionPolicy = { idleMs: 24 * 3600_000, absoluteMs: 30 * 24 * 3600_000 };

export interface AuthenticatedMember {
  id: number;
  operatorId: number;
  username: string;
  type: number;
  sessionId: number;
}

/** Resolves a member bearer token; every member-owned object is looked up through `id` from here. */
export function createMemberAuth(db: Db, sessions: SessionsService) {
  return {
    async authenticate(token: string | undefined, operatorId: number): Promise<AuthenticatedMember> {
      const session = token ? await sessions.verify(token, 'member', MEMBER_SESSION) : undefined;
      if (!session) throw new AppError(token ? 'SESSION_EXPIRED' : 'NOT_LOGGED_IN');
      const member = await findMemberById(db, session.subjectId);
      if (!member || member.status !== 'active' || Number(member.operator_id) !== operatorId) {
        throw new AppError('SESSION_EXPIRED');
      }
      return {
        id: Number(member.id),
        operatorId,
        username: member.username,
        type: Number(member.type),
        sessionId: session.id,
      };
    },
  };
}
export type MemberAuth = ReturnType<typeof createMemberAuth>;
