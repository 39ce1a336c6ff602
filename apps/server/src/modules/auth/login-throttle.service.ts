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

export function createLoginThrottle(db: Db) {
  return {
    /**
     * Refuses a throttled address (RATE_LIMITED with `retryAfterMs`), and says whether this attempt
     * must carry a captcha.
     */
    async check(operatorId: number, ip: string, account: string): Promise<{ captchaRequired: boolean }> {
      const at = now();
      const [byIp, byAccount] = await Promise.all([
        repo.findThrottle(db, operatorId, 'ip', ip),
        repo.findThrottle(db, operatorId, 'account', account),
      ]);
      if (byIp?.blocked_until && Number(byIp.blocked_until) > at) {
        throw new AppError('RATE_LIMITED', {
          extra: { captchaRequired: true, retryAfterMs: Number(byIp.blocked_until) - at },
        });
      }
      const live = (row: typeof byIp, windowMs: number, failures: number) =>
        Boolean(row && Number(row.last_failure_at) > at - windowMs && Number(row.failures) >= failures);
      return {
        captchaRequired:
          live(byIp, LOGIN_THROTTLE.ipWindowMs, LOGIN_THROTTLE.ipCaptchaAfter) ||
          live(byAccount, LOGIN_THROTTLE.accountWindowMs, 1),
      };
    },

    async fail(operatorId: number, ip: string, account: string) {
      const at = now();
      const ipFailures = await repo.addFailure(db, operatorId, 'ip', ip, at, at - LOGIN_THROTTLE.ipWindowMs);
      await repo.addFailure(db, operatorId, 'account', account, at, at - LOGIN_THROTTLE.accountWindowMs);
      const over = ipFailures - LOGIN_THROTTLE.ipFreeFailures;
      if (over > 0) {
        const wait = Math.min(1000 * 2 ** Math.min(over - 1, 20), LOGIN_THROTTLE.ipMaxBackoffMs);
        await repo.setBlockedUntil(db, operatorId, 'ip', ip, at + wait);
      }
    },

    /** A successful login clears the account's captcha requirement (never the address's count). */
    succeed: (operatorId: number, account: string) => repo.clearThrottle(db, operatorId, 'account', account),
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
