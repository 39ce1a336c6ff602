import QRCode from 'qrcode';
import { TWO_FACTOR_REQUIRED_ROLES, type OperatorSettings } from '@playhouse/contract/settings';
import type { TwoFactorEnrolment, TwoFactorStatus } from '@playhouse/contract/backoffice';
import { AppError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { LoginThrottle, ThrottlePolicy } from '../auth/login-throttle.service.ts';
import type { Db } from '../operators/operators.repository.ts';
import type { SecretBox } from '../system/secret-box.ts';
import { findStaffById } from './staff.repository.ts';
import {
  hashRecoveryCode,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  TOTP,
} from '../../lib/totp.ts';
import * as repo from './two-factor.repository.ts';

/** Purpose the TOTP secrets are sealed under (bound into the ciphertext). */
export const TOTP_SEAL_PURPOSE = 'staff-totp';
export const RECOVERY_CODE_COUNT = 10;

/**
 * Every check of an authenticator or recovery code of one staff member, wherever it happens (sign-in,
 * confirming, disabling, new recovery codes), is counted first on that member (`staff-2fa`): five wrong
 * codes are free, then one check per wait, doubling from 1 s to 15 min. A million codes at three
 * accepted steps make a guess one in 333,333; this keeps guessing to a few hundred a day at most.
 */
export const STAFF_CODE_POLICY: ThrottlePolicy = {
  accountWindowMs: 24 * 3600_000,
  accountCaptchaAfter: Infinity,
  accountFreeFailures: 5,
  accountMaxBackoffMs: 15 * 60_000,
  ipWindowMs: 3600_000,
  ipCaptchaAfter: Infinity,
  ipFreeFailures: Infinity,
  ipMaxBackoffMs: 0,
};

/** The request behind a call, for the throttle and the audit log. */
export interface StaffClient {
  operatorId: number;
  ip: string;
  userAgent?: string | undefined;
}

/** A current authenticator code or an unused recovery code (exactly one). */
export interface SecondFactorProof {
  code?: string | undefined;
  recoveryCode?: string | undefined;
}

export type SecondFactorMethod = 'totp' | 'recovery-code';

type StaffRow = NonNullable<Awaited<ReturnType<typeof findStaffById>>>;

/** Whether the settings make a second factor compulsory for a staff role. */
export function twoFactorRequired(settings: OperatorSettings, role: string): boolean {
  return settings.security.staffTwoFactorRequired && TWO_FACTOR_REQUIRED_ROLES.includes(role);
}

/**
 * Staff two-factor authentication (RFC 6238 TOTP with one-time recovery codes): enrolment, checks,
 * disabling and new recovery codes. Secrets are sealed at rest; a code is usable once (its step is
 * claimed with a conditional update), and so is each recovery code.
 */
export function createTwoFactorService(deps: {
  db: Db;
  audit: AuditService;
  secrets: SecretBox;
  throttle: LoginThrottle;
}) {
  const { db, audit, secrets, throttle } = deps;

  const record = (client: StaffClient, staffId: number, action: string, detail?: unknown) =>
    audit.record({
      operatorId: client.operatorId,
      actorType: 'staff',
      actorId: String(staffId),
      action,
      ip: client.ip,
      ...(detail === undefined ? {} : { detail }),
    });

  async function load(staffId: number): Promise<StaffRow> {
    const staff = await findStaffById(db, staffId);
    if (!staff || staff.disabled) throw new AppError('NOT_LOGGED_IN');
    return staff;
  }

  const newCodes = async (staffId: number, trx: Db = db) => {
    const codes = newRecoveryCodes(RECOVERY_CODE_COUNT);
    await repo.replaceRecoveryCodes(
      trx,
      staffId,
      codes.map((c) => hashRecoveryCode(staffId, c)),
      now(),
    );
    return codes;
  };

  /**
   * Runs one code check counted on the staff member before it looks at the code: refusals (waits) are
   * audited as `staff.2fa.refused`, wrong codes as `staff.2fa.failed` and answered TWO_FACTOR_CODE_INVALID.
   */
  async function counted<T>(
    client: StaffClient,
    staffId: number,
    detail: { purpose: string; method: SecondFactorMethod },
    check: () => Promise<T | undefined>,
  ): Promise<T> {
    const refused = async (error: unknown) => {
      if (codeOf(error) === 'RATE_LIMITED')
        await record(client, staffId, 'staff.2fa.refused', { ...detail, code: 'RATE_LIMITED' });
      return error;
    };
    const attempt = await throttle
      .begin(client.operatorId, client.ip, String(staffId), STAFF_CODE_POLICY)
      .catch(async (error: unknown) => {
        throw await refused(error);
      });
    let result: T | undefined;
    try {
      await attempt.claim();
      result = await check();
    } catch (error) {
      await attempt.release();
      throw await refused(error);
    }
    if (result === undefined) {
      await attempt.fail();
      await record(client, staffId, 'staff.2fa.failed', detail);
      throw new AppError('TWO_FACTOR_CODE_INVALID');
    }
    await attempt.succeed();
    return result;
  }

  /**
   * Checks a code of the staff member's current secret (its step then used up), or a recovery code
   * (used up). A wrong, replayed or used code is TWO_FACTOR_CODE_INVALID.
   */
  function verify(
    client: StaffClient,
    staff: StaffRow,
    proof: SecondFactorProof,
    purpose: string,
  ): Promise<SecondFactorMethod> {
    const staffId = Number(staff.id);
    const method: SecondFactorMethod = proof.recoveryCode === undefined ? 'totp' : 'recovery-code';
    return counted(client, staffId, { purpose, method }, async () => {
      if (!staff.totp_secret) throw new AppError('TWO_FACTOR_NOT_ENABLED');
      const ok =
        method === 'totp'
          ? await claimCode(staffId, staff.totp_secret, proof.code ?? '')
          : await repo.useRecoveryCode(db, staffId, hashRecoveryCode(staffId, proof.recoveryCode!), now());
      return ok ? method : undefined;
    });
  }

  async function claimCode(staffId: number, sealed: string, code: string): Promise<boolean> {
    const step = matchTotp(secrets.open(TOTP_SEAL_PURPOSE, sealed), code, now());
    return step !== undefined && (await repo.claimStep(db, staffId, step));
  }

  return {
    verify,

    async status(
      staffId: number,
      settings: OperatorSettings,
      enrolmentOnly: boolean,
    ): Promise<TwoFactorStatus> {
      const staff = await load(staffId);
      const enabled = Boolean(staff.totp_secret);
      return {
        enabled,
        enabledAt: staff.totp_enabled_at === null ? null : Number(staff.totp_enabled_at),
        recoveryCodesLeft: enabled ? await repo.countRecoveryCodesLeft(db, staffId) : 0,
        required: twoFactorRequired(settings, staff.role),
        enrolmentOnly,
      };
    },

    /** A new secret to scan; it replaces any earlier unconfirmed one and does nothing until confirmed. */
    async enrol(client: StaffClient, staffId: number, issuer: string): Promise<TwoFactorEnrolment> {
      const staff = await load(staffId);
      if (staff.totp_secret) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
      const secret = newTotpSecret();
      if (!(await repo.setPendingSecret(db, staffId, secrets.seal(TOTP_SEAL_PURPOSE, secret))))
        throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
      const uri = otpauthUri(issuer, staff.username, secret);
      const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      await record(client, staffId, 'staff.2fa.enrol');
      return {
        secret,
        uri,
        qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
        issuer,
        account: staff.username,
        digits: TOTP.digits,
        period: TOTP.periodMs / 1000,
      };
    },

    /** Turns the enrolled secret on with a code from it; returns the recovery codes, shown only now. */
    async confirm(client: StaffClient, staffId: number, code: string): Promise<string[]> {
      const staff = await load(staffId);
      if (staff.totp_secret) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
      const pending = staff.totp_pending;
      if (!pending) throw new AppError('TWO_FACTOR_NOT_STARTED');
      const step = await counted(client, staffId, { purpose: 'confirm', method: 'totp' }, async () =>
        matchTotp(secrets.open(TOTP_SEAL_PURPOSE, pending), code, now()),
      );
      const codes = await db.transaction().execute(async (trx) => {
        if (!(await repo.enableSecret(trx, staffId, pending, step, now())))
          throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
        return newCodes(staffId, trx);
      });
      await record(client, staffId, 'staff.2fa.enabled');
      return codes;
    },

    /** Turns the second factor off, proven with a current code or a recovery code. */
    async disable(client: StaffClient, staffId: number, proof: SecondFactorProof): Promise<void> {
      const staff = await load(staffId);
      if (!staff.totp_secret) throw new AppError('TWO_FACTOR_NOT_ENABLED');
      const method = await verify(client, staff, proof, 'disable');
      await db.transaction().execute((trx) => repo.disableSecret(trx, staffId));
      await record(client, staffId, 'staff.2fa.disabled', { method });
    },

    /** New recovery codes for a current code; the old ones stop working. */
    async regenerateRecoveryCodes(client: StaffClient, staffId: number, code: string): Promise<string[]> {
      const staff = await load(staffId);
      if (!staff.totp_secret) throw new AppError('TWO_FACTOR_NOT_ENABLED');
      await verify(client, staff, { code }, 'recovery-codes');
      const codes = await db.transaction().execute((trx) => newCodes(staffId, trx));
      await record(client, staffId, 'staff.2fa.recovery-codes');
      return codes;
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

function codeOf(error: unknown): string {
  return error instanceof AppError ? error.code : 'INTERNAL';
}
