import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { CAPTCHA_LENGTH } from '@playhouse/contract/account';
import { AppError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import type { Db } from '../operators/operators.repository.ts';
import { drawCaptcha } from './captcha-image.ts';
import { deleteExpiredChallenges, insertChallenge, takeChallenge } from './captcha.repository.ts';

/** How long a captcha can be answered. */
export const CAPTCHA_TTL_MS = 2 * 60_000;

const hashAnswer = (key: string, code: string) => createHash('sha256').update(`${key}:${code}`).digest('hex');

/** The captcha fields of a request body. */
export interface CaptchaAnswer {
  captcha?: string | undefined;
  captchaKey?: string | undefined;
}

/** CAPTCHA_REQUIRED (nothing answered) or CAPTCHA_INVALID, flagged so the client shows a fresh image. */
export function captchaError(answered: boolean): AppError {
  return answered
    ? new AppError('CAPTCHA_INVALID', {
        fields: { captcha: [{ key: 'captchaInvalid' }] },
        extra: { captchaRequired: true },
      })
    : new AppError('CAPTCHA_REQUIRED', {
        fields: { captcha: [{ key: 'captchaRequired' }] },
        extra: { captchaRequired: true },
      });
}

/**
 * Numeric image captchas: each is bound to one random key, answerable once, within two minutes.
 * Answers are stored hashed; checking one uses it up whether right or wrong, so it cannot be guessed at.
 */
export function createCaptchaService(db: Db) {
  return {
    /** A new challenge. `code` is for the server and tests only; routes never send it. */
    async issue(operatorId: number) {
      const at = now();
      const code = Array.from({ length: CAPTCHA_LENGTH }, () => randomInt(0, 10)).join('');
      const key = randomBytes(18).toString('base64url');
      const expiresAt = at + CAPTCHA_TTL_MS;
      await deleteExpiredChallenges(db, at - CAPTCHA_TTL_MS);
      await insertChallenge(db, {
        operatorId,
        key,
        codeHash: hashAnswer(key, code),
        createdAt: at,
        expiresAt,
      });
      const image = `data:image/png;base64,${drawCaptcha(code).toString('base64')}`;
      return { captchaKey: key, image, length: CAPTCHA_LENGTH, expiresAt, code };
    },

    /** Uses up the challenge and says whether the answer was right. */
    async consume(operatorId: number, answer: CaptchaAnswer): Promise<boolean> {
      if (!answer.captchaKey || !answer.captcha) return false;
      const stored = await takeChallenge(db, operatorId, answer.captchaKey, now());
      if (!stored) return false;
      return timingSafeEqual(
        Buffer.from(stored),
        Buffer.from(hashAnswer(answer.captchaKey, answer.captcha.trim())),
      );
    },

    /**
     * Throws CAPTCHA_REQUIRED (no answer) or CAPTCHA_INVALID (wrong, used or expired), both flagged
     * `captchaRequired` so the client shows a fresh image.
     */
    async require(operatorId: number, answer: CaptchaAnswer): Promise<void> {
      const answered = Boolean(answer.captcha && answer.captchaKey);
      if (!answered || !(await this.consume(operatorId, answer))) throw captchaError(answered);
    },
  };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;
