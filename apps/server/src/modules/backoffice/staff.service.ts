import type { StaffLoginResult } from '@playhouse/contract/backoffice';
import type { OperatorSettings } from '@playhouse/contract/settings';
import { AppError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import { dummyHash, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { createLoginThrottle, type ThrottlePolicy } from '../auth/login-throttle.service.ts';
import type { CaptchaAnswer, CaptchaService } from '../captcha/captcha.service.ts';
import type { Db } from '../operators/operators.repository.ts';
import type { SessionPolicy, SessionsService } from '../sessions/sessions.service.ts';
import type { SecretBox } from '../system/secret-box.ts';
import { findStaff, findStaffById } from './staff.repository.ts';
import {
  createTwoFactorService,
  twoFactorRequired,
  type SecondFactorProof,
  type StaffClient,
} from './two-factor.service.ts';
import * as twoFactorRepo from './two-factor.repository.ts';

export const STAFF_SESSION: SessionPolicy = { idleMs: 30 * 60_000, absoluteMs: 12 * 3600_000 };
/** A session that can only enrol a second factor the settings require. */
export const ENROLMENT_SESSION: SessionPolicy = { idleMs: 15 * 60_000, absoluteMs: 30 * 60_000 };

/**
 * Staff sign-in per account, whatever the address: five wrong passwords are checked freely, the next
 * five need a captcha each, and after ten every attempt also waits its turn, one password check per
 * wait, the wait doubling from 1 s to 15 min. Counted atomically before the password is looked at
 * (decision 014), so parallel guesses from many addresses get no more. Never a lock: the owner with the
 * right password and a solved captcha gets in once the current wait is over, which clears the count.
 * Per address (as well as the route's 30 a minute): a captcha after ten failures, waits after thirty.
 */
export const STAFF_LOGIN_POLICY: ThrottlePolicy = {
  accountWindowMs: 24 * 3600_000,
  accountCaptchaAfter: 5,
  accountFreeFailures: 10,
  accountMaxBackoffMs: 15 * 60_000,
  ipWindowMs: 3600_000,
  ipCaptchaAfter: 10,
  ipFreeFailures: 30,
  ipMaxBackoffMs: 5 * 60_000,
};

/** The challenge between a right password and its second factor: five minutes, five tries. */
export const STAFF_CHALLENGE = { ttlMs: 5 * 60_000, tries: 5 } as const;

export interface Staff {
  id: number;
  operatorId: number;
  username: string;
  role: string;
}

export interface StaffLogin extends CaptchaAnswer {
  username: string;
  password: string;
}

/** Operator staff sign-in (password, captcha, second factor) and session checks for the back office. */
export function createStaffService(deps: {
  db: Db;
  sessions: SessionsService;
  audit: AuditService;
  captcha: CaptchaService;
  secrets: SecretBox;
}) {
  const { db, sessions, audit, captcha } = deps;
  const passwordThrottle = createLoginThrottle(db, { account: 'staff-account', ip: 'staff-ip' });
  const twoFactor = createTwoFactorService({
    db,
    audit,
    secrets: deps.secrets,
    throttle: createLoginThrottle(db, { account: 'staff-2fa', ip: 'staff-ip' }),
  });

  const record = (client: StaffClient, actorId: string, action: string, detail?: unknown) =>
    audit.record({
      operatorId: client.operatorId,
      actorType: 'staff',
      actorId,
      action,
      ip: client.ip,
      ...(detail === undefined ? {} : { detail }),
    });

  const openSession = async (client: StaffClient, staffId: number) =>
    sessions.create({ type: 'staff', id: staffId, operatorId: client.operatorId }, STAFF_SESSION, client);

  return {
    /**
     * The password step. Answers a session, or a challenge for the second factor when the account has
     * one, or an enrolment-only session when the settings require one the account lacks.
     */
    async login(
      client: StaffClient,
      body: StaffLogin,
      settings: OperatorSettings,
    ): Promise<StaffLoginResult> {
      const { operatorId } = client;
      const refused = async (error: unknown) => {
        await record(client, body.username, 'staff.login.refused', {
          code: error instanceof AppError ? error.code : 'INTERNAL',
        });
        return error;
      };
      const attempt = await passwordThrottle
        .begin(operatorId, client.ip, body.username, STAFF_LOGIN_POLICY, {
          carriesCaptcha: Boolean(body.captcha && body.captchaKey),
        })
        .catch(async (error: unknown) => {
          throw await refused(error);
        });
      let staff: Awaited<ReturnType<typeof findStaff>>;
      let valid: boolean;
      try {
        if (attempt.captchaRequired) await captcha.require(operatorId, body);
        await attempt.claim();
        staff = await findStaff(db, operatorId, body.username);
        // Verify against a dummy hash when the user is unknown so both paths cost the same.
        valid = await verifyPassword(staff?.password_hash ?? (await dummyHash()), body.password);
      } catch (error) {
        await attempt.release();
        throw await refused(error);
      }
      if (!staff || !valid || staff.disabled) {
        await attempt.fail();
        await record(client, body.username, 'staff.login.failed', { captcha: attempt.captchaRequired });
        throw new AppError('INVALID_CREDENTIALS', { extra: { captchaRequired: attempt.captchaRequired } });
      }
      await attempt.succeed();
      const staffId = Number(staff.id);
      if (staff.totp_secret) {
        const challenge = newToken();
        const at = now();
        const expiresAt = at + STAFF_CHALLENGE.ttlMs;
        await twoFactorRepo.insertChallenge(db, {
          operatorId,
          staffId,
          tokenHash: hashToken(challenge),
          at,
          expiresAt,
        });
        await record(client, String(staffId), 'staff.login.password');
        return { twoFactorRequired: true, challenge, username: staff.username, expiresAt };
      }
      if (twoFactorRequired(settings, staff.role)) {
        const { token, expiresAt } = await sessions.create(
          { type: 'staff-enrol', id: staffId, operatorId },
          ENROLMENT_SESSION,
          client,
        );
        await record(client, String(staffId), 'staff.login.enrolment');
        return { enrolmentRequired: true, token, username: staff.username, expiresAt };
      }
      const session = await openSession(client, staffId);
      await record(client, String(staffId), 'staff.login');
      return {
        token: session.token,
        username: staff.username,
        expiresAt: session.expiresAt,
        ...(Number(staff.must_change_password) === 1 ? { passwordChangeRequired: true } : {}),
      };
    },

    /** The second step: the challenge (single-use, five tries) with an authenticator or recovery code. */
    async completeLogin(client: StaffClient, challenge: string, proof: SecondFactorProof) {
      const at = now();
      const claimed = await twoFactorRepo.claimChallengeTry(
        db,
        hashToken(challenge),
        at,
        STAFF_CHALLENGE.tries,
      );
      if (!claimed || claimed.operatorId !== client.operatorId)
        throw new AppError('TWO_FACTOR_CHALLENGE_INVALID');
      const staff = await findStaffById(db, claimed.staffId);
      if (!staff || staff.disabled || !staff.totp_secret) throw new AppError('TWO_FACTOR_CHALLENGE_INVALID');
      const method = await twoFactor.verify(client, staff, proof, 'login');
      if (!(await twoFactorRepo.useChallenge(db, claimed.id, now())))
        throw new AppError('TWO_FACTOR_CHALLENGE_INVALID');
      const session = await openSession(client, claimed.staffId);
      await record(client, String(claimed.staffId), 'staff.login', { secondFactor: method });
      return {
        token: session.token,
        username: staff.username,
        expiresAt: session.expiresAt,
        ...(Number(staff.must_change_password) === 1 ? { passwordChangeRequired: true } : {}),
      };
    },

    /**
     * Confirms an enrolment. Other sessions of the member end (they were opened without the factor);
     * an enrolment-only session is swapped for a full one, since password and code are now both proven.
     */
    async confirmTwoFactor(
      client: StaffClient,
      staff: Staff & { sessionId: number; enrolmentOnly: boolean },
      code: string,
    ) {
      const recoveryCodes = await twoFactor.confirm(client, staff.id, code);
      await sessions.revokeAll('staff', staff.id, staff.enrolmentOnly ? undefined : staff.sessionId);
      if (!staff.enrolmentOnly) return { recoveryCodes };
      await sessions.revokeAll('staff-enrol', staff.id);
      const session = await openSession(client, staff.id);
      await record(client, String(staff.id), 'staff.login', { secondFactor: 'enrolment' });
      return { recoveryCodes, token: session.token, expiresAt: session.expiresAt };
    },

    twoFactor,

    /**
     * The staff member a bearer token belongs to, or NOT_LOGGED_IN. An enrolment-only session passes
     * only where `allowEnrolment` is set; elsewhere it is TWO_FACTOR_ENROLMENT_REQUIRED.
     */
    async authenticate(
      token: string | undefined,
      options: { allowEnrolment?: boolean } = {},
    ): Promise<Staff & { sessionId: number; enrolmentOnly: boolean; mustChangePassword: boolean }> {
      const session = token
        ? await sessions.verify(token, ['staff', 'staff-enrol'], STAFF_SESSION)
        : undefined;
      if (!session) throw new AppError('NOT_LOGGED_IN');
      const enrolmentOnly = session.subjectType === 'staff-enrol';
      if (enrolmentOnly && !options.allowEnrolment) throw new AppError('TWO_FACTOR_ENROLMENT_REQUIRED');
      const staff = await findStaffById(db, session.subjectId);
      if (!staff || staff.disabled) throw new AppError('NOT_LOGGED_IN');
      return {
        id: Number(staff.id),
        operatorId: Number(staff.operator_id),
        username: staff.username,
        role: staff.role,
        sessionId: session.id,
        enrolmentOnly,
        mustChangePassword: Number(staff.must_change_password) === 1,
      };
    },

    logout: (token: string) => sessions.revoke(token),
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
