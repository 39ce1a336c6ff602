import { AppError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import type { Db } from '../operators/operators.repository.ts';
import * as repo from './login-throttle.repository.ts';

/**
 * Failed-login policy. One failure makes the account ask for a captcha, and a few failures make the
 * client address ask for one for every account (a shared address, such as a mobile carrier's, is not
 * punished for one typo). An account is never locked, so its owner with the right password and a
 * solved captcha always gets in. An address that keeps failing past `ipFreeFailures` also waits,
 * doubling each time up to `ipMaxBackoffMs`, which slows a guesser without touching owners elsewhere.
 */
export const LOGIN_THROTTLE = {
  accountWindowMs: 24 * 3600_000,
  ipWindowMs: 3600_000,
  ipCaptchaAfter: 3,
  ipFreeFailures: 10,
  ipMaxBackoffMs: 5 * 60_000,
} as const;

/** The limits of one throttled sign-in (members and staff differ in their numbers, not their rules). */
export interface ThrottlePolicy {
  accountWindowMs: number;
  /** Failures of the account before every attempt on it must carry a captcha. */
  accountCaptchaAfter: number;
  /** Failures of the account after which it waits, doubling per failure; Infinity never. */
  accountFreeFailures: number;
  accountMaxBackoffMs: number;
  ipWindowMs: number;
  ipCaptchaAfter: number;
  ipFreeFailures: number;
  ipMaxBackoffMs: number;
}

export const MEMBER_LOGIN_POLICY: ThrottlePolicy = {
  accountWindowMs: LOGIN_THROTTLE.accountWindowMs,
  accountCaptchaAfter: 1,
  accountFreeFailures: Infinity,
  accountMaxBackoffMs: 0,
  ipWindowMs: LOGIN_THROTTLE.ipWindowMs,
  ipCaptchaAfter: LOGIN_THROTTLE.ipCaptchaAfter,
  ipFreeFailures: LOGIN_THROTTLE.ipFreeFailures,
  ipMaxBackoffMs: LOGIN_THROTTLE.ipMaxBackoffMs,
};

/** One sign-in attempt, counted before its credentials are checked; settle it exactly once. */
export interface LoginAttempt {
  captchaRequired: boolean;
  /** The credentials were wrong: the attempt stays counted, and a long run of them makes callers wait. */
  fail(): Promise<void>;
  /** The credentials were right: the account's count is cleared and the address's reservation given back. */
  succeed(): Promise<void>;
  /** No credentials were checked (captcha missing or wrong, an unexpected error): the reservation is given back. */
  release(): Promise<void>;
  /**
   * Call after the captcha and before the credentials. Past `accountFreeFailures`, the attempt takes
   * the account's next wait in one conditional update, so however many arrive together only one is
   * checked per wait; the others are released and refused (RATE_LIMITED). A no-op below that.
   */
  claim(): Promise<void>;
}

const backoff = (over: number, maxMs: number) => Math.min(1000 * 2 ** Math.min(over - 1, 20), maxMs);

/**
 * Throttled sign-in. Every attempt is counted atomically before its password or code is checked
 * (`INSERT … ON CONFLICT DO UPDATE … RETURNING`, one statement on both databases), so a burst of
 * parallel guesses sees its own count: only the attempts that found the count below the captcha
 * threshold are checked without a captcha, however many arrive at once.
 */
export function createLoginThrottle(
  db: Db,
  scopes: { account: repo.ThrottleScope; ip: repo.ThrottleScope } = {
    account: 'account',
    ip: 'ip',
  },
) {
  return {
    /**
     * Counts an attempt; refuses a waiting address or account (RATE_LIMITED with `retryAfterMs`), and
     * says whether this attempt must carry a captcha.
     */
    async begin(
      operatorId: number,
      ip: string,
      account: string,
      policy: ThrottlePolicy = MEMBER_LOGIN_POLICY,
    ): Promise<LoginAttempt> {
      const at = now();
      const byIp = await repo.addFailure(db, operatorId, scopes.ip, ip, at, at - policy.ipWindowMs);
      const byAccount = await repo.addFailure(
        db,
        operatorId,
        scopes.account,
        account,
        at,
        at - policy.accountWindowMs,
      );
      const giveBack = async () => {
        await repo.removeFailure(db, operatorId, scopes.ip, ip);
        await repo.removeFailure(db, operatorId, scopes.account, account);
      };
      const waitUntil = Math.max(byIp.blockedUntil ?? 0, byAccount.blockedUntil ?? 0);
      if (waitUntil > at) {
        await giveBack();
        throw new AppError('RATE_LIMITED', {
          extra: { captchaRequired: true, retryAfterMs: waitUntil - at },
        });
      }
      // The counts include this attempt: the ones before it decide.
      const captchaRequired =
        byIp.failures - 1 >= policy.ipCaptchaAfter || byAccount.failures - 1 >= policy.accountCaptchaAfter;
      let settled = false;
      const once = (fn: () => Promise<void>) => async () => {
        if (settled) return;
        settled = true;
        await fn();
      };
      return {
        captchaRequired,
        release: once(giveBack),
        fail: once(async () => {
          const failedAt = now();
          if (byIp.failures > policy.ipFreeFailures)
            await repo.setBlockedUntil(
              db,
              operatorId,
              scopes.ip,
              ip,
              failedAt + backoff(byIp.failures - policy.ipFreeFailures, policy.ipMaxBackoffMs),
            );
          if (byAccount.failures > policy.accountFreeFailures)
            await repo.setBlockedUntil(
              db,
              operatorId,
              scopes.account,
              account,
              failedAt + backoff(byAccount.failures - policy.accountFreeFailures, policy.accountMaxBackoffMs),
            );
        }),
        succeed: once(async () => {
          await repo.removeFailure(db, operatorId, scopes.ip, ip);
          await repo.clearThrottle(db, operatorId, scopes.account, account);
        }),
        async claim() {
          if (settled || byAccount.failures <= policy.accountFreeFailures) return;
          const claimedAt = now();
          const wait = backoff(byAccount.failures - policy.accountFreeFailures, policy.accountMaxBackoffMs);
          const blockedUntil = await repo.claimWait(
            db,
            operatorId,
            scopes.account,
            account,
            claimedAt,
            claimedAt + wait,
          );
          if (blockedUntil === undefined) return;
          settled = true;
          await giveBack();
          throw new AppError('RATE_LIMITED', {
            extra: { captchaRequired: true, retryAfterMs: Math.max(blockedUntil - claimedAt, 1000) },
          });
        },
      };
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
