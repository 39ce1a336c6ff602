import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { SMS_RESEND_SECONDS, type SmsPurpose } from '@playhouse/contract/account';
import type { LanguageCode } from '@playhouse/contract/languages';
import { createTranslator } from '@playhouse/i18n/node-catalogue';
import { AppError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import type { Db } from '../operators/operators.repository.ts';
import type { OutboxService } from '../outbox/outbox.service.ts';
import { findMemberByMobile } from '../auth/accounts.repository.ts';
import {
  captchaError,
  createCaptchaService,
  type CaptchaAnswer,
  type CaptchaService,
} from '../captcha/captcha.service.ts';
import { normalizeMobile, type Mobile } from './mobile.ts';
import * as repo from './verification.repository.ts';

export const SMS_CODE_LENGTH = 6;
/** How long a sent code works. */
export const SMS_CODE_TTL_MS = 5 * 60_000;
/** Wrong tries a code survives; then it is dead and a new one must be requested. */
export const SMS_MAX_ATTEMPTS = 5;
/** Per number and per client address, per hour. */
export const SMS_LIMITS = { perNumberPerHour: 5, perIpPerHour: 20 } as const;
/** Codes an address may request in an hour before it must also solve a captcha. */
export const SMS_FREE_PER_IP = 3;

const HOUR = 3600_000;
const t = createTranslator('auth');

const hashCode = (salt: string, recipient: string, purpose: string, code: string) =>
  createHash('sha256').update(`${salt}:${recipient}:${purpose}:${code}`).digest('hex');

const codeError = () =>
  new AppError('VERIFICATION_CODE_ERROR', {
    fields: { verificationCode: [{ key: 'verificationCodeError' }] },
  });

/** What `verifyAndConsumeSmsCode` needs: who the code was sent to, what for, and what was typed. */
export interface SmsCodeCheck {
  operatorId: number;
  purpose: SmsPurpose;
  countryDialingCode: string;
  mobileNum: string;
  code: string;
}

/**
 * Checks an SMS code and uses it up. Resolves with the canonical number when the code is the newest
 * live one sent to that number for that purpose; otherwise throws VERIFICATION_CODE_ERROR (400, field
 * `verificationCode`), or a `mobileNum` field error for a malformed number. A code works once, for
 * five minutes, and dies after five wrong tries.
 */
export async function verifyAndConsumeSmsCode(db: Db, check: SmsCodeCheck): Promise<Mobile> {
  const mobile = normalizeMobile(check.countryDialingCode, check.mobileNum);
  const at = now();
  const row = await repo.liveSmsCode(db, check.operatorId, mobile.e164, check.purpose, at);
  // A try is claimed before the code is compared, in one conditional UPDATE: parallel guesses cannot
  // all read the same count, so no code is ever compared more than SMS_MAX_ATTEMPTS times.
  if (!row || !(await repo.claimAttempt(db, Number(row.id), at, SMS_MAX_ATTEMPTS))) throw codeError();
  const expected = Buffer.from(row.code_hash);
  const given = Buffer.from(hashCode(row.salt, mobile.e164, check.purpose, check.code.trim()));
  if (!timingSafeEqual(expected, given)) throw codeError();
  if (!(await repo.consumeSmsCode(db, Number(row.id), at))) throw codeError();
  return mobile;
}

/**
 * Checks a code sent by e-mail (same rules as an SMS code: the newest live one for that address and
 * purpose, five minutes, five tries, once). Addresses are compared lower-cased.
 */
export async function verifyAndConsumeEmailCode(
  db: Db,
  check: { operatorId: number; purpose: SmsPurpose; email: string; code: string },
): Promise<string> {
  const email = check.email.trim().toLowerCase();
  const at = now();
  const row = await repo.liveSmsCode(db, check.operatorId, email, check.purpose, at);
  if (!row || !(await repo.claimAttempt(db, Number(row.id), at, SMS_MAX_ATTEMPTS))) throw codeError();
  const expected = Buffer.from(row.code_hash);
  const given = Buffer.from(hashCode(row.salt, email, check.purpose, check.code.trim()));
  if (!timingSafeEqual(expected, given)) throw codeError();
  if (!(await repo.consumeSmsCode(db, Number(row.id), at))) throw codeError();
  return email;
}

/** SMS (and e-mail) verification codes: sending (with resend countdown and rate limits) and checking. */
export function createVerificationService(
  db: Db,
  outbox: OutboxService,
  captcha: CaptchaService = createCaptchaService(db),
  limits: { perIpPerHour?: number; freePerIp?: number } = {},
) {
  const perIpPerHour = limits.perIpPerHour ?? SMS_LIMITS.perIpPerHour;
  const freePerIp = limits.freePerIp ?? SMS_FREE_PER_IP;
  const service = {
    /**
     * Sends a new code to a number for a purpose. Refuses within 60 s of the last code to the same
     * number, and past the hourly limits per number and per client address.
     */
    async send(
      input: {
        operatorId: number;
        siteName: string;
        language: LanguageCode;
        purpose: SmsPurpose;
        mobile: Mobile;
        ip: string;
        /** Send by e-mail to this (lower-cased) address instead of by SMS to `mobile`. */
        email?: string;
      },
      /** Runs inside the senders' lock with the address's count this hour (for a captcha rule). */
      guard?: (sentFromIpThisHour: number) => void,
    ) {
      const { operatorId } = input;
      // One spelling per recipient: the number in E.164, or the e-mail address lower-cased.
      const mobile = input.email ? { ...input.mobile, e164: input.email } : input.mobile;
      const code = Array.from({ length: SMS_CODE_LENGTH }, () => randomInt(0, 10)).join('');
      const salt = randomBytes(12).toString('base64url');
      let at = now();
      let expiresAt = at;
      // The countdown and hourly limits are read and the new code written while the address's and the
      // number's rows are locked (always in that order), so parallel requests cannot all pass the checks.
      const codeId = await db.transaction().execute(async (trx) => {
        at = now();
        await repo.lockSubject(trx, operatorId, 'sms-ip', input.ip, at);
        await repo.lockSubject(trx, operatorId, 'sms-number', mobile.e164, at);
        const last = await repo.latestSmsCode(trx, operatorId, mobile.e164);
        const resendAt = last ? Number(last.created_at) + SMS_RESEND_SECONDS * 1000 : 0;
        if (resendAt > at) throw new AppError('RATE_LIMITED', { extra: { expirationTime: resendAt } });
        const byNumber = await repo.countSmsSince(trx, operatorId, { recipient: mobile.e164 }, at - HOUR);
        const byIp = await repo.countSmsSince(trx, operatorId, { ip: input.ip }, at - HOUR);
        guard?.(byIp);
        if (byNumber >= SMS_LIMITS.perNumberPerHour || byIp >= perIpPerHour)
          throw new AppError('RATE_LIMITED');
        expiresAt = at + SMS_CODE_TTL_MS;
        return repo.insertSmsCode(trx, {
          operatorId,
          purpose: input.purpose,
          recipient: mobile.e164,
          codeHash: hashCode(salt, mobile.e164, input.purpose, code),
          salt,
          ip: input.ip,
          createdAt: at,
          expiresAt,
        });
      });
      const params = { site: input.siteName, minutes: SMS_CODE_TTL_MS / 60_000 };
      try {
        await outbox.send({
          operatorId,
          channel: input.email ? 'email' : 'sms',
          recipient: mobile.e164,
          ...(input.email ? { subject: params.site } : {}),
          body: t(input.language, 'sms.code', { ...params, code }),
          logBody: t(input.language, 'sms.code', { ...params, code: '*'.repeat(SMS_CODE_LENGTH) }),
        });
      } catch (error) {
        // The carrier did not take it: no countdown for a message that never left.
        await repo.deleteSmsCode(db, codeId);
        throw new AppError('SMS_SEND_FAILED', { cause: error });
      }
      return { expirationTime: at + SMS_RESEND_SECONDS * 1000, codeExpiresAt: expiresAt };
    },

    /** See `verifyAndConsumeSmsCode`. */
    verifyAndConsume: (check: SmsCodeCheck) => verifyAndConsumeSmsCode(db, check),
    /** See `verifyAndConsumeEmailCode`. */
    verifyEmailCode: (check: Parameters<typeof verifyAndConsumeEmailCode>[1]) =>
      verifyAndConsumeEmailCode(db, check),

    /**
     * A code asked for over HTTP: `register` only for numbers not yet registered; `noLogin` (sign-in
     * or password reset) only for numbers of active members. A busy address must solve a captcha.
     */
    async request(input: {
      kind: 'register' | 'noLogin';
      purpose?: 'login' | 'reset-password' | undefined;
      operatorId: number;
      siteName: string;
      language: LanguageCode;
      countryDialingCode: string;
      mobileNum: string;
      ip: string;
      human: CaptchaAnswer;
    }) {
      const { operatorId } = input;
      const mobile = normalizeMobile(input.countryDialingCode, input.mobileNum);
      // A captcha given is used up here, outside the senders' lock (whose refusal rolls back), so a
      // wrong answer is spent whatever happens next; whether one was needed is decided under the lock.
      const answered = Boolean(input.human.captcha && input.human.captchaKey);
      const solved = answered && (await captcha.consume(operatorId, input.human));
      const needsCaptcha = (sentFromIp: number) => sentFromIp >= freePerIp && !solved;
      // Asked before the number is looked up, so a busy address learns nothing about numbers either.
      if (needsCaptcha(await repo.countSmsSince(db, operatorId, { ip: input.ip }, now() - HOUR)))
        throw captchaError(answered);
      const member = await findMemberByMobile(db, operatorId, mobile.dialingCode, mobile.national);
      if (input.kind === 'register' && member)
        throw new AppError('MOBILE_TAKEN', { fields: { mobileNum: [{ key: 'mobileTaken' }] } });
      if (input.kind === 'noLogin' && (!member || member.status !== 'active'))
        throw new AppError('ACCOUNT_UNAVAILABLE');
      return service.send(
        {
          operatorId,
          siteName: input.siteName,
          language: input.language,
          purpose: input.kind === 'register' ? 'register' : (input.purpose ?? 'login'),
          mobile,
          ip: input.ip,
        },
        (sentFromIp) => {
          if (needsCaptcha(sentFromIp)) throw captchaError(answered);
        },
      );
    },
  };
  return service;
}
export type VerificationService = ReturnType<typeof createVerificationService>;
