import type { AssignableRole, StaffAccount, StaffCreate } from '@playhouse/contract/staff-permissions';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import { assertStaffPasswordAllowed } from '../../lib/password-policy.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Db } from '../operators/operators.repository.ts';
import type { SessionsService } from '../sessions/sessions.service.ts';
import { findOperatorStaff, findStaff, insertStaff, listStaff, updateStaff } from './staff.repository.ts';
import { disableSecret } from './two-factor.repository.ts';

/** The member of staff acting, as the routes pass them. */
export interface StaffActor {
  id: number;
  operatorId: number;
  role: string;
  sessionId: number;
  ip: string;
}

type Row = Awaited<ReturnType<typeof listStaff>>[number];
const toAccount = (r: Row): StaffAccount => ({
  id: Number(r.id),
  username: r.username,
  role: r.role,
  disabled: Number(r.disabled) === 1,
  twoFactor: r.totp_secret !== null,
  mustChangePassword: Number(r.must_change_password) === 1,
  createdAt: Number(r.created_at),
});

/**
 * Staff accounts as owners and admins manage them. The owner is nobody's to change but its own, and
 * nobody changes their own account through these (so an operator cannot lock itself out). Each change
 * and its audit entry are one transaction; the target row is read inside it.
 */
export function createStaffAccountsService(deps: { db: Db; sessions: SessionsService; audit: AuditService }) {
  const { db, sessions, audit } = deps;

  const one = async (operatorId: number, id: number) => {
    const found = (await listStaff(db, operatorId)).find((r) => Number(r.id) === id);
    if (!found) throw new AppError('NOT_FOUND');
    return toAccount(found);
  };

  /** Runs `change` on another member of staff (not the owner, not oneself), audited as `action`. */
  const onOther = async (
    actor: StaffActor,
    id: number,
    action: string,
    change: (trx: Db, target: { id: number; role: string; username: string }) => Promise<unknown>,
  ) => {
    if (id === actor.id) throw new AppError('FORBIDDEN');
    await db.transaction().execute(async (trx) => {
      const target = await findOperatorStaff(trx, actor.operatorId, id);
      if (!target) throw new AppError('NOT_FOUND');
      if (target.role === 'owner') throw new AppError('FORBIDDEN');
      const detail = await change(trx, { id, role: target.role, username: target.username });
      await audit.record(
        {
          operatorId: actor.operatorId,
          actorType: 'staff',
          actorId: String(actor.id),
          action,
          target: `staff:${id}`,
          detail: { username: target.username, ...(detail && typeof detail === 'object' ? detail : {}) },
          ip: actor.ip,
        },
        trx,
      );
    });
    return one(actor.operatorId, id);
  };

  return {
    async list(operatorId: number): Promise<StaffAccount[]> {
      return (await listStaff(db, operatorId)).map(toAccount);
    },

    async create(actor: StaffActor, body: StaffCreate): Promise<{ id: number }> {
      assertStaffPasswordAllowed(body.password, body.userName);
      const passwordHash = await hashPassword(body.password);
      return db.transaction().execute(async (trx) => {
        if (await findStaff(trx, actor.operatorId, body.userName))
          throw fieldError('userName', 'usernameTaken');
        const id = await insertStaff(trx, actor.operatorId, body.userName, passwordHash, body.role, now(), {
          mustChangePassword: true,
        });
        await audit.record(
          {
            operatorId: actor.operatorId,
            actorType: 'staff',
            actorId: String(actor.id),
            action: 'staff.created',
            target: `staff:${id}`,
            detail: { username: body.userName, role: body.role },
            ip: actor.ip,
          },
          trx,
        );
        return { id };
      });
    },

    setRole: (actor: StaffActor, id: number, role: AssignableRole) =>
      onOther(actor, id, 'staff.role.changed', async (trx, target) => {
        if (target.role === role) return { from: role, to: role };
        await updateStaff(trx, id, { role });
        return { from: target.role, to: role };
      }),

    async setDisabled(actor: StaffActor, id: number, disabled: boolean) {
      const account = await onOther(actor, id, disabled ? 'staff.disabled' : 'staff.enabled', (trx) =>
        updateStaff(trx, id, { disabled: disabled ? 1 : 0 }),
      );
      if (disabled) await sessions.revokeAll('staff', id);
      return account;
    },

    async resetPassword(actor: StaffActor, id: number, password: string) {
      const target = await findOperatorStaff(db, actor.operatorId, id);
      if (!target) throw new AppError('NOT_FOUND');
      assertStaffPasswordAllowed(password, target.username);
      const passwordHash = await hashPassword(password);
      const account = await onOther(actor, id, 'staff.password.reset', (trx) =>
        updateStaff(trx, id, {
          password_hash: passwordHash,
          must_change_password: 1,
          password_changed_at: now(),
        }),
      );
      await sessions.revokeAll('staff', id);
      await sessions.revokeAll('staff-enrol', id);
      return account;
    },

    async resetTwoFactor(actor: StaffActor, id: number) {
      const account = await onOther(actor, id, 'staff.2fa.reset', (trx) => disableSecret(trx, id));
      await sessions.revokeAll('staff', id);
      return account;
    },

    async signOutEverywhere(actor: StaffActor, id: number) {
      const account = await onOther(actor, id, 'staff.sessions.revoked', async () => undefined);
      await sessions.revokeAll('staff', id);
      await sessions.revokeAll('staff-enrol', id);
      return account;
    },

    /** One's own password: the current one proven, the policy met, a different one; other sessions end. */
    async changeOwnPassword(actor: StaffActor, body: { currentPassword: string; newPassword: string }) {
      const me = await findOperatorStaff(db, actor.operatorId, actor.id);
      if (!me) throw new AppError('NOT_LOGGED_IN');
      if (!(await verifyPassword(me.password_hash, body.currentPassword)))
        throw new AppError('OLD_PASSWORD_INCORRECT');
      if (body.newPassword === body.currentPassword) throw new AppError('PASSWORD_UNCHANGED');
      assertStaffPasswordAllowed(body.newPassword, me.username, 'newPassword');
      const passwordHash = await hashPassword(body.newPassword);
      await db.transaction().execute(async (trx) => {
        await updateStaff(trx, actor.id, {
          password_hash: passwordHash,
          must_change_password: 0,
          password_changed_at: now(),
        });
        await audit.record(
          {
            operatorId: actor.operatorId,
            actorType: 'staff',
            actorId: String(actor.id),
            action: 'staff.password.changed',
            target: `staff:${actor.id}`,
            ip: actor.ip,
          },
          trx,
        );
      });
      await sessions.revokeAll('staff', actor.id, actor.sessionId);
    },
  };
}
export type StaffAccountsService = ReturnType<typeof createStaffAccountsService>;
