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

/** An attempt in flight longer than this was left by a process that stopped: no longer counted. */
const ATTEMPT_STALE_MS = 60_000;
/** How often an attempt waiting for the ones ahead of it looks again, and for how long at most. */
const WAIT_STEP_MS = 200;
const MAX_WAIT_MS = 20_000;

/** Failures after which something changes for the subject (a captcha, a wait); null: never. */
const roomOf = (captchaAfter: number, freeFailures: number) => {
  const room = Math.min(captchaAfter, freeFailures);
  return Number.isFinite(room) ? room : null;
};
const fits = (s: repo.ThrottleState, room: number | null) => room === null || s.failures + s.inflight < room;
const reached = (s: repo.ThrottleState, room: number | null) => room !== null && s.failures >= room;

/**
 * Throttled sign-in (decision 014, in-flight attempts since decision 023). Every attempt is counted
 * before its password or code is checked, but as *in flight*, apart from the settled failures: an
 * attempt is checked freely only while settled failures plus attempts in flight leave room under the
 * next consequence (one conditional UPDATE), so a burst of parallel guesses gets no more checks than
 * before. An attempt that finds the room taken only by attempts still in flight waits for them to
 * settle and decides again: parallel sign-ins with the right password all get in without a captcha,
 * one after another, while wrong ones meet the captcha as soon as the first failure is counted.
 */
export function createLoginThrottle(
  db: Db,
  scopes: { account: repo.ThrottleScope; ip: repo.ThrottleScope } = {
    account: 'account',
    ip: 'ip',
  },
) {
  // Attempts of this process waiting for others on a subject to settle: woken at once when one of
  // this process settles; attempts of other instances are seen by looking again every WAIT_STEP_MS.
  const waiters = new Map<string, Set<() => void>>();
  const keyOf = (k: repo.ThrottleKey) => `${k.operatorId}|${k.scope}|${k.subject}`;
  const wake = (...keys: repo.ThrottleKey[]) => {
    for (const k of keys) {
      const set = waiters.get(keyOf(k));
      if (!set) continue;
      waiters.delete(keyOf(k));
      for (const resolve of set) resolve();
    }
  };
  const settledOrAfter = (keys: repo.ThrottleKey[], ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        for (const k of keys) {
          const set = waiters.get(keyOf(k));
          set?.delete(done);
          if (set?.size === 0) waiters.delete(keyOf(k));
        }
        resolve();
      };
      const timer = setTimeout(done, ms);
      for (const k of keys) {
        const set = waiters.get(keyOf(k)) ?? new Set();
        set.add(done);
        waiters.set(keyOf(k), set);
      }
    });
  const settle = async (k: repo.ThrottleKey, how: 'release' | 'fail' | 'clear', at: number) => {
    const failures = await repo.settleAttempt(db, k, how, at);
    wake(k);
    return failures;
  };

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
      options: { carriesCaptcha?: boolean } = {},
    ): Promise<LoginAttempt> {
      const keys = {
        ip: { operatorId, scope: scopes.ip, subject: ip },
        account: { operatorId, scope: scopes.account, subject: account },
      };
      const room = {
        ip: roomOf(policy.ipCaptchaAfter, policy.ipFreeFailures),
        account: roomOf(policy.accountCaptchaAfter, policy.accountFreeFailures),
      };
      const at = now();
      const windowStart = { ip: at - policy.ipWindowMs, account: at - policy.accountWindowMs };
      const staleBefore = at - ATTEMPT_STALE_MS;
      const claim = (scope: 'ip' | 'account', within: number | null) =>
        repo.claimSlot(db, keys[scope], now(), windowStart[scope], staleBefore, within);
      const touch = (scope: 'ip' | 'account') =>
        repo.touch(db, keys[scope], now(), windowStart[scope], staleBefore);
      const read = (scope: 'ip' | 'account') =>
        repo.readState(db, keys[scope], windowStart[scope], staleBefore);
      /** Counts the attempt in flight whatever the room (making the row first when missing). */
      const count = async (scope: 'ip' | 'account') =>
        (await claim(scope, null)) ?? (await touch(scope), (await claim(scope, null))!);
      /** RATE_LIMITED while the address or account waits; what this attempt counted is given back. */
      const refuseWhileWaiting = async (states: repo.ThrottleState[], counted: ('ip' | 'account')[]) => {
        const checkedAt = now();
        const waitUntil = Math.max(0, ...states.map((st) => st.blockedUntil ?? 0));
        if (waitUntil <= checkedAt) return;
        for (const scope of counted) await settle(keys[scope], 'release', checkedAt);
        throw new AppError('RATE_LIMITED', {
          extra: { captchaRequired: true, retryAfterMs: waitUntil - checkedAt },
        });
      };

      let captchaRequired = false;
      // The account's settled failures and attempts in flight, this one included.
      let accountCount: number;
      if (options.carriesCaptcha) {
        // A captcha carried limits the attempt by itself: counted at once, never waiting. The
        // attempts in flight with it count towards whether it must be a right one.
        const byIp = await count('ip');
        const byAccount = await count('account');
        await refuseWhileWaiting([byIp, byAccount], ['ip', 'account']);
        captchaRequired =
          byIp.failures + byIp.inflight - 1 >= policy.ipCaptchaAfter ||
          byAccount.failures + byAccount.inflight - 1 >= policy.accountCaptchaAfter;
        accountCount = byAccount.failures + byAccount.inflight;
      } else {
        const deadline = performance.now() + MAX_WAIT_MS;
        for (;;) {
          // Checked freely while both leave room for one more in flight (the account's room is the
          // scarcer, so it is asked first).
          const freeAccount = await claim('account', room.account);
          if (freeAccount) {
            const freeIp = await claim('ip', room.ip);
            if (freeIp) {
              await refuseWhileWaiting([freeIp, freeAccount], ['ip', 'account']);
              accountCount = freeAccount.failures + freeAccount.inflight;
              break;
            }
            // Not a settled attempt: nobody waiting is woken for it (they would only spin).
            await repo.settleAttempt(db, keys.account, 'release', now());
          }
          // No room, or no row yet: read what the rows say (no write while waiting).
          const byIp = await read('ip');
          const byAccount = await read('account');
          if (!byIp || !byAccount) {
            if (!byIp) await touch('ip');
            if (!byAccount) await touch('account');
            continue;
          }
          await refuseWhileWaiting([byIp, byAccount], []);
          // Room freed meanwhile: claim again.
          if (fits(byIp, room.ip) && fits(byAccount, room.account)) continue;
          const waitedOut = performance.now() > deadline;
          if (reached(byIp, room.ip) || reached(byAccount, room.account) || waitedOut) {
            // Settled failures reached a consequence (or the wait ran out): counted in flight all
            // the same, the attempt meets it as every attempt before it did.
            captchaRequired =
              byIp.failures >= policy.ipCaptchaAfter ||
              byAccount.failures >= policy.accountCaptchaAfter ||
              (waitedOut && Number.isFinite(Math.min(policy.ipCaptchaAfter, policy.accountCaptchaAfter)));
            await count('ip');
            const counted = await count('account');
            accountCount = counted.failures + counted.inflight;
            break;
          }
          // Only attempts still in flight fill the room: let them settle, then decide again.
          await settledOrAfter([keys.ip, keys.account], WAIT_STEP_MS + Math.random() * WAIT_STEP_MS);
        }
      }

      let settled = false;
      const once = (fn: () => Promise<void>) => async () => {
        if (settled) return;
        settled = true;
        await fn();
      };
      const giveBack = async () => {
        const at = now();
        await settle(keys.ip, 'release', at);
        await settle(keys.account, 'release', at);
      };
      return {
        captchaRequired,
        release: once(giveBack),
        fail: once(async () => {
          const failedAt = now();
          const ipFailures = await settle(keys.ip, 'fail', failedAt);
          const accountFailures = await settle(keys.account, 'fail', failedAt);
          if (ipFailures > policy.ipFreeFailures)
            await repo.setBlockedUntil(
              db,
              operatorId,
              scopes.ip,
              ip,
              failedAt + backoff(ipFailures - policy.ipFreeFailures, policy.ipMaxBackoffMs),
            );
          if (accountFailures > policy.accountFreeFailures)
            await repo.setBlockedUntil(
              db,
              operatorId,
              scopes.account,
              account,
              failedAt + backoff(accountFailures - policy.accountFreeFailures, policy.accountMaxBackoffMs),
            );
        }),
        succeed: once(async () => {
          const at = now();
          await settle(keys.ip, 'release', at);
          await settle(keys.account, 'clear', at);
        }),
        async claim() {
          if (settled || accountCount <= policy.accountFreeFailures) return;
          const claimedAt = now();
          const wait = backoff(accountCount - policy.accountFreeFailures, policy.accountMaxBackoffMs);
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
