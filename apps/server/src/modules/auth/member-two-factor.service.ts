import { createHash, randomInt } from 'node:crypto';
import QRCode from 'qrcode';
import type {
  LoginChallenge,
  MemberTotpEnrolment,
  MemberTwoFactorStatus,
  SecondStepMethod,
} from '@playhouse/contract/account';
import type { LanguageCode } from '@playhouse/contract/languages';
import type { OperatorSettings } from '@playhouse/contract/settings';
import { createTranslator } from '@playhouse/i18n/node-catalogue';
import { AppError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { hashRecoveryCode, matchTotp, newRecoveryCodes, newTotpSecret, otpauthUri } from '../../lib/totp.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { findMemberById } from '../members/members.repository.ts';
import type { Db } from '../operators/operators.repository.ts';
import type { OutboxService } from '../outbox/outbox.service.ts';
import type { SecretBox } from '../system/secret-box.ts';
import type { LoginThrottle, ThrottlePolicy } from './login-throttle.service.ts';
import * as repo from './member-two-factor.repository.ts';

/** Purpose members' authenticator secrets are sealed under (bound into the ciphertext). */
const SEAL = 'member-totp';
/** Recovery codes are bound to the member in their own namespace (staff codes use the bare id). */
const RECOVERY_NS = 'member:';
export const MEMBER_RECOVERY_CODE_COUNT = 10;
/** A right password waits this long, for this many code tries, for its second step. */
export const MEMBER_CHALLENGE = { ttlMs: 5 * 60_000, tries: 5 } as const;
/** SMS codes of a challenge: six digits, one send per minute, three per challenge. */
export const CHALLENGE_SMS = { everyMs: 60_000, maxSends: 3, digits: 6 } as const;

/**
 * Every check of a member's second-step code (sign-in, enrolment, turning a method off, new recovery
 * codes) is counted on the member first (`member-2fa`), before the code is looked at: five wrong codes
 * are free, then one check per wait, doubling from 1 s to 15 min. However many arrive together, at
 * most five are checked before the first wait.
 */
export const MEMBER_CODE_POLICY: ThrottlePolicy = {
  accountWindowMs: 24 * 3600_000,
  accountCaptchaAfter: Infinity,
  accountFreeFailures: 5,
  accountMaxBackoffMs: 15 * 60_000,
  ipWindowMs: 3600_000,
  ipCaptchaAfter: Infinity,
  ipFreeFailures: Infinity,
  ipMaxBackoffMs: 0,
};

export interface MemberClient {
  operatorId: number;
  ip: string;
  settings: OperatorSettings;
  language?: string | undefined;
}

const t = createTranslator('auth');
const smsHash = (challengeId: number, code: string) =>
  createHash('sha256').update(`${challengeId}:${code}`).digest('hex');

/** `+63 ••• •••4567`: enough for the member to recognise their number. */
function mobileHint(dialing: string | null, national: string | null): string | null {
  if (!national) return null;
  return `+${(dialing ?? '').replace(/^\+/, '')} ••• ${national.slice(-4)}`;
}

/**
 * Members' two-factor sign-in: an authenticator app (RFC 6238, the staff implementation in
 * lib/totp.ts) with one-time recovery codes, and SMS codes to the bound mobile number. A right
 * password of a member with either on answers a challenge instead of a session; the challenge, with
 * a code, then opens the session (auth.service completeLogin).
 */
export function createMemberTwoFactorService(deps: {
  db: Db;
  audit: AuditService;
  secrets: SecretBox;
  throttle: LoginThrottle;
  outbox: Pick<OutboxService, 'send'>;
}) {
  const { db, audit, secrets, throttle, outbox } = deps;

  const record = (client: MemberClient, memberId: number, action: string, detail?: unknown) =>
    audit.record({
      operatorId: client.operatorId,
      actorType: 'member',
      actorId: String(memberId),
      action,
      ip: client.ip,
      ...(detail === undefined ? {} : { detail }),
    });

  async function member(operatorId: number, memberId: number) {
    const row = await findMemberById(db, memberId);
    if (!row || Number(row.operator_id) !== operatorId) throw new AppError('NOT_LOGGED_IN');
    return row;
  }

  /** One code check, counted on the member before the code is looked at (MEMBER_CODE_POLICY). */
  async function counted<T>(
    client: MemberClient,
    memberId: number,
    detail: { purpose: string; method: SecondStepMethod },
    check: () => Promise<T | undefined>,
  ): Promise<T> {
    const attempt = await throttle.begin(client.operatorId, client.ip, `m:${memberId}`, MEMBER_CODE_POLICY);
    let result: T | undefined;
    try {
      await attempt.claim();
      result = await check();
    } catch (error) {
      await attempt.release();
      throw error;
    }
    if (result === undefined) {
      await attempt.fail();
      await record(client, memberId, 'member.2fa.failed', detail);
      throw new AppError('TWO_FACTOR_CODE_INVALID');
    }
    await attempt.succeed();
    return result;
  }

  async function claimTotp(memberId: number, sealed: string, code: string): Promise<boolean> {
    const step = matchTotp(secrets.open(SEAL, sealed), code, now());
    return step !== undefined && (await repo.claimStep(db, memberId, step));
  }

  /** A current authenticator code (its step then used) or an unused recovery code (then used). */
  function verifyOwnCode(
    client: MemberClient,
    memberId: number,
    proof: { method: 'totp' | 'recovery'; code: string },
    purpose: string,
  ) {
    return counted(client, memberId, { purpose, method: proof.method }, async () => {
      const row = await repo.findTwoFactor(db, client.operatorId, memberId);
      if (!row?.totp_secret) throw new AppError('TWO_FACTOR_NOT_ENABLED');
      const ok =
        proof.method === 'totp'
          ? await claimTotp(memberId, row.totp_secret, proof.code)
          : await repo.useRecoveryCode(
              db,
              memberId,
              hashRecoveryCode(memberId, proof.code, RECOVERY_NS),
              now(),
            );
      return ok ? proof.method : undefined;
    });
  }

  async function newCodes(operatorId: number, memberId: number, trx: Db = db) {
    const codes = newRecoveryCodes(MEMBER_RECOVERY_CODE_COUNT);
    await repo.replaceRecoveryCodes(
      trx,
      operatorId,
      memberId,
      codes.map((c) => hashRecoveryCode(memberId, c, RECOVERY_NS)),
      now(),
    );
    return codes;
  }

  async function methodsOf(operatorId: number, memberId: number): Promise<SecondStepMethod[]> {
    const row = await repo.findTwoFactor(db, operatorId, memberId);
    const methods: SecondStepMethod[] = [];
    if (row?.totp_secret) methods.push('totp');
    if (row && Number(row.sms_enabled) === 1) methods.push('sms');
    if (row?.totp_secret) methods.push('recovery');
    return methods;
  }

  return {
    methodsOf,

    async status(client: MemberClient, memberId: number): Promise<MemberTwoFactorStatus> {
      const m = await member(client.operatorId, memberId);
      const row = await repo.findTwoFactor(db, client.operatorId, memberId);
      return {
        totpEnabled: Boolean(row?.totp_secret),
        smsEnabled: Number(row?.sms_enabled ?? 0) === 1,
        mobileBound: Boolean(m.mobile_num),
        recoveryCodesLeft: row?.totp_secret ? await repo.countRecoveryCodesLeft(db, memberId) : 0,
        requiredForWithdrawal: client.settings.security.memberTwoFactorForWithdrawal,
      };
    },

    /** A new authenticator secret to scan; nothing changes until a code from it confirms it. */
    async enrolTotp(client: MemberClient, memberId: number): Promise<MemberTotpEnrolment> {
      const m = await member(client.operatorId, memberId);
      const secret = newTotpSecret();
      if (!(await repo.setPendingSecret(db, client.operatorId, memberId, secrets.seal(SEAL, secret), now())))
        throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
      const issuer = client.settings.site.name;
      const uri = otpauthUri(issuer, m.username, secret);
      const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      await record(client, memberId, 'member.2fa.enrol');
      return {
        secret,
        uri,
        qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
        issuer,
        account: m.username,
      };
    },

    /** Turns the enrolled secret on with a code from it; the recovery codes are shown only now. */
    async confirmTotp(client: MemberClient, memberId: number, code: string): Promise<string[]> {
      const row = await repo.findTwoFactor(db, client.operatorId, memberId);
      if (row?.totp_secret) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
      const pending = row?.totp_pending;
      if (!pending) throw new AppError('TWO_FACTOR_NOT_STARTED');
      const step = await counted(client, memberId, { purpose: 'confirm', method: 'totp' }, async () =>
        matchTotp(secrets.open(SEAL, pending), code, now()),
      );
      const codes = await db.transaction().execute(async (trx) => {
        if (!(await repo.enableSecret(trx, memberId, pending, step, now())))
          throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
        return newCodes(client.operatorId, memberId, trx);
      });
      await record(client, memberId, 'member.2fa.enabled', { method: 'totp' });
      return codes;
    },

    /**
     * Turns the authenticator off, or SMS codes on or off. While an authenticator is on, every change
     * needs one of its codes or a recovery code; SMS codes need a bound mobile number.
     */
    async change(
      client: MemberClient,
      memberId: number,
      body: {
        method: 'totp' | 'sms';
        enabled: boolean;
        proof?: { method: 'totp' | 'recovery'; code: string } | undefined;
      },
    ) {
      const m = await member(client.operatorId, memberId);
      const row = await repo.findTwoFactor(db, client.operatorId, memberId);
      if (body.method === 'totp' && body.enabled) throw new AppError('TWO_FACTOR_NOT_STARTED');
      if (body.method === 'totp' && !row?.totp_secret) throw new AppError('TWO_FACTOR_NOT_ENABLED');
      if (body.method === 'sms' && body.enabled && !m.mobile_num)
        throw new AppError('VALIDATION_FAILED', { fields: { method: [{ key: 'mobileRequired' }] } });
      if (row?.totp_secret) {
        if (!body.proof)
          throw new AppError('VALIDATION_FAILED', { fields: { proof: [{ key: 'required' }] } });
        await verifyOwnCode(client, memberId, body.proof, `change-${body.method}`);
      }
      if (body.method === 'totp')
        await db.transaction().execute((trx) => repo.disableSecret(trx, memberId, now()));
      else await repo.setSms(db, client.operatorId, memberId, body.enabled, now());
      await record(client, memberId, body.enabled ? 'member.2fa.enabled' : 'member.2fa.disabled', {
        method: body.method,
      });
      return this.status(client, memberId);
    },

    /** New recovery codes for a current authenticator code; the old ones stop working. */
    async regenerateRecoveryCodes(client: MemberClient, memberId: number, code: string): Promise<string[]> {
      await verifyOwnCode(client, memberId, { method: 'totp', code }, 'recovery-codes');
      const codes = await db.transaction().execute((trx) => newCodes(client.operatorId, memberId, trx));
      await record(client, memberId, 'member.2fa.recovery-codes');
      return codes;
    },

    /**
     * After a right password: a challenge when the member has a second step on (SMS codes are skipped
     * when the sign-in itself was by SMS code and no authenticator is on), else undefined.
     */
    async challengeFor(
      client: MemberClient,
      m: { id: number; mobileNum: string | null; dialingCode: string | null },
      options: { remember: boolean; signedInBySms: boolean; newDevice?: boolean },
    ): Promise<LoginChallenge | undefined> {
      let methods = await methodsOf(client.operatorId, m.id);
      // A new device or country the operator wants checked: an SMS code too, when a number is bound.
      const forced = options.newDevice === true && Boolean(m.mobileNum) && !options.signedInBySms;
      if (forced && !methods.includes('sms')) methods = ['sms', ...methods];
      if (!m.mobileNum) methods = methods.filter((x) => x !== 'sms');
      if (options.signedInBySms && !methods.includes('totp')) return undefined;
      if (!methods.length) return undefined;
      const challenge = newToken();
      const at = now();
      const expiresAt = at + MEMBER_CHALLENGE.ttlMs;
      await repo.insertChallenge(db, {
        operatorId: client.operatorId,
        memberId: m.id,
        tokenHash: hashToken(challenge),
        remember: options.remember,
        at,
        expiresAt,
      });
      await record(client, m.id, 'member.login.password', { methods });
      return {
        twoFactorRequired: true,
        challenge,
        methods,
        mobileHint: methods.includes('sms') ? mobileHint(m.dialingCode, m.mobileNum) : null,
        expiresAt,
      };
    },

    /** Sends the SMS code of a challenge (one a minute, three per challenge). */
    async sendChallengeSms(client: MemberClient, challenge: string) {
      const at = now();
      const row = await repo.findLiveChallenge(db, client.operatorId, hashToken(challenge), at);
      if (!row) throw new AppError('TWO_FACTOR_CHALLENGE_INVALID');
      const memberId = Number(row.member_id);
      const m = await member(client.operatorId, memberId);
      // Any challenge of a member with a bound number may use an SMS code (theirs, or the operator's
      // new-device check); the code goes only to that number.
      if (!m.mobile_num) throw new AppError('TWO_FACTOR_NOT_ENABLED');
      const code = String(randomInt(0, 10 ** CHALLENGE_SMS.digits)).padStart(CHALLENGE_SMS.digits, '0');
      if (!(await repo.setChallengeSms(db, Number(row.id), smsHash(Number(row.id), code), at, CHALLENGE_SMS)))
        throw new AppError('RATE_LIMITED', {
          extra: { expirationTime: Number(row.sms_sent_at ?? at) + CHALLENGE_SMS.everyMs },
        });
      const language = (client.language ?? 'EN') as LanguageCode;
      const params = { site: client.settings.site.name, minutes: MEMBER_CHALLENGE.ttlMs / 60_000 };
      await outbox.send({
        operatorId: client.operatorId,
        channel: 'sms',
        recipient: `+${(m.country_dialing_code ?? '').replace(/^\+/, '')}${m.mobile_num}`,
        body: t(language, 'sms.code', { ...params, code }),
        logBody: t(language, 'sms.code', { ...params, code: '*'.repeat(CHALLENGE_SMS.digits) }),
      });
      await record(client, memberId, 'member.2fa.sms-sent');
      return { expirationTime: at + CHALLENGE_SMS.everyMs };
    },

    /**
     * The second step: takes one of the challenge's five tries, then one check counted on the member,
     * then uses the challenge up. Returns the member and whether the session is remembered.
     */
    async completeChallenge(
      client: MemberClient,
      body: { challenge: string; method: SecondStepMethod; code: string },
    ): Promise<{ memberId: number; remember: boolean; method: SecondStepMethod }> {
      const claimed = await repo.claimChallengeTry(
        db,
        client.operatorId,
        hashToken(body.challenge),
        now(),
        MEMBER_CHALLENGE.tries,
      );
      if (!claimed) throw new AppError('TWO_FACTOR_CHALLENGE_INVALID');
      const { memberId } = claimed;
      const methods = await methodsOf(client.operatorId, memberId);
      if (body.method !== 'sms' && !methods.includes(body.method))
        throw new AppError('TWO_FACTOR_NOT_ENABLED');
      if (body.method === 'sms') {
        await counted(client, memberId, { purpose: 'login', method: 'sms' }, async () => {
          const fresh =
            claimed.smsCodeHash !== null &&
            claimed.smsSentAt !== null &&
            now() - claimed.smsSentAt <= MEMBER_CHALLENGE.ttlMs &&
            claimed.smsCodeHash === smsHash(claimed.id, body.code.replace(/\s+/g, ''));
          return fresh ? true : undefined;
        });
      } else {
        await verifyOwnCode(client, memberId, { method: body.method, code: body.code }, 'login');
      }
      if (!(await repo.useChallenge(db, claimed.id, now())))
        throw new AppError('TWO_FACTOR_CHALLENGE_INVALID');
      return { memberId, remember: claimed.remember, method: body.method };
    },
  };
}
export type MemberTwoFactorService = ReturnType<typeof createMemberTwoFactorService>;
