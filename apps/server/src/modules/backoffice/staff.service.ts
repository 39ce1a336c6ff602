import { AppError } from '../../lib/app-error.ts';
import { dummyHash, verifyPassword } from '../../lib/passwords.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Db } from '../operators/operators.repository.ts';
import type { SessionPolicy, SessionsService } from '../sessions/sessions.service.ts';
import { findStaff, findStaffById } from './staff.repository.ts';

export const STAFF_SESSION: SessionPolicy = { idleMs: 30 * 60_000, absoluteMs: 12 * 3600_000 };

export interface Staff {
  id: number;
  operatorId: number;
  username: string;
  role: string;
}

/** Operator staff sign-in and session checks for the back office. */
export function createStaffService(db: Db, sessions: SessionsService, audit: AuditService) {
  return {
    async login(
      operatorId: number,
      username: string,
      password: string,
      client: { ip: string; userAgent?: string },
    ) {
      const staff = await findStaff(db, operatorId, username);
      // Verify against a dummy hash when the user is unknown so both paths cost the same.
      const valid = await verifyPassword(staff?.password_hash ?? (await dummyHash()), password);
      if (!staff || !valid || staff.disabled) {
        await audit.record({
          operatorId,
          actorType: 'staff',
          actorId: username,
          action: 'staff.login.failed',
          ip: client.ip,
        });
        throw new AppError('INVALID_CREDENTIALS');
      }
      const session = await sessions.create(
        { type: 'staff', id: Number(staff.id), operatorId },
        STAFF_SESSION,
        client,
      );
      await audit.record({
        operatorId,
        actorType: 'staff',
        actorId: String(staff.id),
        action: 'staff.login',
        ip: client.ip,
      });
      return { ...session, username: staff.username };
    },

    /** The staff member a bearer token belongs to, or NOT_LOGGED_IN. */
    async authenticate(token: string | undefined): Promise<Staff & { sessionId: number }> {
      const session = token ? await sessions.verify(token, 'staff', STAFF_SESSION) : undefined;
      if (!session) throw new AppError('NOT_LOGGED_IN');
      const staff = await findStaffById(db, session.subjectId);
      if (!staff || staff.disabled) throw new AppError('NOT_LOGGED_IN');
      return {
        id: Number(staff.id),
        operatorId: Number(staff.operator_id),
        username: staff.username,
        role: staff.role,
        sessionId: session.id,
      };
    },

    logout: (token: string) => sessions.revoke(token),
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
