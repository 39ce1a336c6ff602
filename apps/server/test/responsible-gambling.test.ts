import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '@playhouse/contract/money';
import type { App } from '../src/app.ts';
import { MEMBER_SESSION } from '../src/modules/members/member-auth.service.ts';
import { requestHash } from '../src/modules/ledger/ledger-rules.ts';
import { DIALECTS, createTestApp, createTestMember } from './support/test-app.ts';
import { expectLedgerOk } from './support/ledger.ts';
import { race, responseLabel, tally } from './support/race.ts';
import { connectVendor, seamlessCall, walletBalance } from './support/seamless.ts';

type Vendor = { code: string; secret: string };
const id = (prefix: string) => `${prefix}-${randomUUID()}`;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The clock, moved by hand: only `Date` is faked (timers stay real, so the database drivers keep
 * working) and it stands still until moved.
 */
function clockAt(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
}
afterEach(() => {
  vi.useRealTimers();
});

describe.each(DIALECTS)('responsible gambling (%s)', (dialect) => {
  const ready = (async () => {
    const app = await createTestApp(dialect);
    return { app, jili: await connectVendor(app, 'JILI') };
  })();

  /**
   * An operator adjustment through the service itself: a moved clock would outlive the staff
   * session the HTTP route needs.
   */
  async function adjust(app: App, userName: string, amount: string) {
    const operator = await app.services.settings.defaultOperator();
    return app.services.adjustments.adjust(
      operator.id,
      { id: 1, ip: '127.0.0.1' },
      {
        userName,
        amount,
        reason: 'test',
      },
    );
  }

  /** A member with `amount` in their wallet, signed in at the clock's time. */
  async function player(app: App, amount = '1000.00') {
    const member = await createTestMember(app);
    if (amount !== '0.00') await adjust(app, member.username, amount);
    return member;
  }

  async function auditOf(app: App, action: string, userName: string) {
    const operator = await app.services.settings.defaultOperator();
    const { list } = await app.services.audit.list(operator.id, { action, pageNo: 1, pageSize: 100 });
    return list.filter((e) => e.target === `member:${userName}`);
  }

  /** A fresh session for a member (a moved clock outlives the first one's idle window). */
  async function signIn(app: App, memberId: number) {
    const operator = await app.services.settings.defaultOperator();
    const { token } = await app.services.sessions.create(
      { type: 'member', id: memberId, operatorId: operator.id },
      MEMBER_SESSION,
      {},
    );
    return `Bearer ${token}`;
  }

  const member = (app: App, authorization: string) => ({
    get: (url: string) => app.inject({ method: 'GET', url, headers: { authorization } }),
    send: (method: 'PUT' | 'POST', url: string, payload: unknown, language = 'EN') =>
      app.inject({ method, url, headers: { authorization, language }, payload: payload as object }),
  });

  async function bet(vendor: Vendor, userName: string, amount: string, extra: Record<string, string> = {}) {
    const { app } = await ready;
    const body = { userName, transactionId: id('t'), roundId: id('r'), amount, ...extra };
    const res = await seamlessCall(app, vendor, 'bet', body, {
      headers: { language: extra.language ?? 'EN' },
    });
    return { status: res.statusCode, json: res.json(), body };
  }

  describe('who may use it', () => {
    it('refuses guests and trial accounts, and validates every field', async () => {
      const { app } = await ready;
      for (const [method, url, payload] of [
        ['GET', '/wps/member/limits'],
        ['PUT', '/wps/member/limits', {}],
        ['POST', '/wps/member/timeout', { days: 1 }],
        ['POST', '/wps/member/selfExclusion', { months: 6 }],
        ['GET', '/wps/member/session-summary'],
      ] as const) {
        const res = await app.inject({ method, url, ...(payload ? { payload } : {}) });
        expect(res.statusCode, url).toBe(401);
        expect(res.json().code).toBe('NOT_LOGGED_IN');
      }

      const trial = await createTestMember(app, { type: 4 });
      const t = member(app, trial.authorization);
      for (const res of [
        await t.get('/wps/member/limits'),
        await t.send('PUT', '/wps/member/limits', { wager: { day: '10.00' } }),
        await t.send('POST', '/wps/member/timeout', { days: 1 }),
        await t.send('POST', '/wps/member/selfExclusion', { months: 6 }),
        await t.get('/wps/member/session-summary'),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('FREE_REJECT');
      }

      const m = member(app, (await createTestMember(app)).authorization);
      for (const [url, payload, field] of [
        ['/wps/member/limits', { wager: { day: '-1.00' } }, 'wager.day'],
        ['/wps/member/limits', { wager: { day: '1.234' } }, 'wager.day'],
        ['/wps/member/limits', { wager: { year: '1.00' } }, 'wager'],
        ['/wps/member/limits', { realityCheckMinutes: 2 }, 'realityCheckMinutes'],
        ['/wps/member/timeout', { days: 0 }, 'days'],
        ['/wps/member/timeout', { days: 43 }, 'days'],
        ['/wps/member/timeout', { days: 1.5 }, 'days'],
        ['/wps/member/selfExclusion', { months: 5 }, 'months'],
      ] as const) {
        const res = await m.send(url === '/wps/member/limits' ? 'PUT' : 'POST', url, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
        expect(Object.keys(res.json().fields).join(' ')).toContain(field.split('.')[0]);
      }
    });

    it('shows a new member no limits, nothing used and no break', async () => {
      const { app } = await ready;
      const m = await player(app, '0.00');
      const res = await member(app, m.authorization).get('/wps/member/limits');
      expect(res.statusCode).toBe(200);
      const none = { day: null, week: null, month: null };
      const zero = { day: '0.00', week: '0.00', month: '0.00' };
      expect(res.json().value).toEqual({
        deposit: none,
        loss: none,
        wager: none,
        realityCheckMinutes: null,
        pending: [],
        used: { deposit: zero, loss: zero, wager: zero },
        timeoutUntil: null,
        selfExcludedUntil: null,
        currency: 'PHP',
      });
    });
  });

  describe('limits', () => {
    it('applies a new or lower limit at once and a raise or removal only after 24 hours', async () => {
      const { app, jili } = await ready;
      const T = Date.now();
      clockAt(T);
      const m = await player(app);
      const api = member(app, m.authorization);

      let res = await api.send('PUT', '/wps/member/limits', {
        wager: { day: '100.00' },
        loss: { week: '500.00' },
        realityCheckMinutes: 30,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().value).toMatchObject({
        wager: { day: '100.00', week: null, month: null },
        loss: { day: null, week: '500.00', month: null },
        realityCheckMinutes: 30,
        pending: [],
      });
      // Lower: at once.
      res = await api.send('PUT', '/wps/member/limits', { wager: { day: '50.00' } });
      expect(res.json().value.wager.day).toBe('50.00');
      // Raise and removal: the old limits stay in force, the new ones wait 24 hours.
      res = await api.send('PUT', '/wps/member/limits', { wager: { day: '80.00' }, loss: { week: null } });
      expect(res.json().value).toMatchObject({
        wager: { day: '50.00' },
        loss: { week: '500.00' },
        pending: [
          { kind: 'loss', period: 'week', amount: null, effectiveAt: T + DAY },
          { kind: 'wager', period: 'day', amount: '80.00', effectiveAt: T + DAY },
        ],
      });

      expect((await bet(jili, m.username, '50.00')).status).toBe(200);
      const refused = await bet(jili, m.username, '10.00');
      expect(refused.status).toBe(409);
      expect(refused.json.code).toBe('WAGER_LIMIT_REACHED');

      // One minute short of 24 hours: still 50.00.
      clockAt(T + DAY - 60_000);
      expect((await bet(jili, m.username, '10.00')).json.code).toBe('WAGER_LIMIT_REACHED');
      // 24 hours on, the raise is in force, and the day's window has moved past the first stake.
      clockAt(T + DAY + 1);
      const later = member(app, await signIn(app, m.id));
      res = await later.get('/wps/member/limits');
      expect(res.json().value).toMatchObject({
        wager: { day: '80.00' },
        loss: { week: null },
        pending: [],
        used: { wager: { day: '0.00', week: '50.00' } },
      });
      expect((await bet(jili, m.username, '80.00')).status).toBe(200);
      expect((await bet(jili, m.username, '0.01')).json.code).toBe('WAGER_LIMIT_REACHED');

      // Every change is audited.
      expect(await auditOf(app, 'rg.limits', m.username)).toHaveLength(3);
      await expectLedgerOk(app);
    });

    it('binds by the lowest limit and names it, with when the stake fits again, in the member language', async () => {
      const { app, jili } = await ready;
      const T = Date.UTC(2030, 0, 10, 8, 0);
      clockAt(T);
      const m = await player(app);
      await member(app, m.authorization).send('PUT', '/wps/member/limits', {
        wager: { day: '100.00', week: '30.00' },
      });
      expect((await bet(jili, m.username, '20.00')).status).toBe(200);
      clockAt(T + HOUR);
      const refused = await bet(jili, m.username, '20.00');
      expect(refused.status).toBe(409);
      // The week's 30.00 binds, though the day allows 100.00; 20.00 fits when the first stake leaves.
      expect(refused.json).toEqual({
        success: false,
        code: 'WAGER_LIMIT_REACHED',
        message:
          'Wager limit reached: you have staked 20.00 of your 30.00 limit per 7 days. You can stake this amount again from 2030-01-17 08:00 UTC.',
        limit: { kind: 'wager', period: 'week', amount: '30.00', used: '20.00', resetAt: T + 7 * DAY },
      });
      const arabic = await bet(jili, m.username, '20.00', { language: 'AR' });
      expect(arabic.json.message).toContain('7 أيام');
      expect(arabic.json.message).toContain('2030-01-17 08:00 UTC');
      // What still fits is taken.
      expect((await bet(jili, m.username, '10.00')).status).toBe(200);
      expect(await walletBalance(app, m.authorization)).toBe('970.00');
      await expectLedgerOk(app);
    });

    it('refuses a stake when losses so far plus the stake would pass the loss limit; wins make room', async () => {
      const { app, jili } = await ready;
      const m = await player(app);
      await member(app, m.authorization).send('PUT', '/wps/member/limits', { loss: { day: '50.00' } });
      const first = await bet(jili, m.username, '40.00');
      expect(first.status).toBe(200);
      // A 30.00 win on that round: the net loss is 10.00.
      const win = await seamlessCall(app, jili, 'win', {
        userName: m.username,
        transactionId: id('w'),
        roundId: first.body.roundId,
        amount: '30.00',
      });
      expect(win.statusCode).toBe(200);
      const over = await bet(jili, m.username, '40.01');
      expect(over.status).toBe(409);
      expect(over.json.code).toBe('LOSS_LIMIT_REACHED');
      expect(over.json.limit).toMatchObject({ kind: 'loss', period: 'day', amount: '50.00', used: '10.00' });
      // Exactly up to the limit is allowed; then nothing more.
      expect((await bet(jili, m.username, '40.00')).status).toBe(200);
      expect((await bet(jili, m.username, '0.01')).json.code).toBe('LOSS_LIMIT_REACHED');
      const limits = await member(app, m.authorization).get('/wps/member/limits');
      expect(limits.json().value.used).toMatchObject({
        loss: { day: '50.00' },
        wager: { day: '80.00' },
      });
      await expectLedgerOk(app);
    });

    it('sums rolling windows exactly from kept hours and the journal, across hours and days', async () => {
      const { app, jili } = await ready;
      const T0 = Date.UTC(2031, 0, 1, 0, 0);
      clockAt(T0);
      const m = await player(app, '5000.00');
      await member(app, m.authorization).send('PUT', '/wps/member/limits', {
        wager: { day: '100000.00' },
        loss: { week: '100000.00' },
      });
      // 64 stakes 37 minutes (and a few seconds) apart, a win on every fourth round: every check
      // under the limits keeps the hours that closed since the previous one.
      const stakes: { at: number; amount: number }[] = [];
      let won = 0;
      for (let k = 0; k < 64; k++) {
        const at = T0 + k * 37 * 60_000 + (k % 5) * 1000;
        clockAt(at);
        const placed = await bet(jili, m.username, formatMoney(100 + k));
        expect(placed.status).toBe(200);
        stakes.push({ at, amount: 100 + k });
        if (k % 4 === 0) {
          const win = await seamlessCall(app, jili, 'win', {
            userName: m.username,
            transactionId: id('w'),
            roundId: placed.body.roundId,
            amount: '0.50',
          });
          expect(win.statusCode).toBe(200);
          won += 50;
        }
      }
      const end = T0 + 64 * 37 * 60_000 + 10 * 60_000;
      clockAt(end);
      const api = member(app, await signIn(app, m.id));
      const sum = (list: { amount: number }[]) => list.reduce((n, s) => n + s.amount, 0);
      const inDay = stakes.filter((s) => s.at > end - DAY);
      const used = (await api.get('/wps/member/limits')).json().value.used;
      expect(used.wager).toEqual({
        day: formatMoney(sum(inDay)),
        week: formatMoney(sum(stakes)),
        month: formatMoney(sum(stakes)),
      });
      expect(used.loss.week).toBe(formatMoney(sum(stakes) - won));

      // A day limit of exactly what the day holds: 5.00 more fits once enough of its oldest stakes
      // have left the window, to the millisecond.
      await api.send('PUT', '/wps/member/limits', { wager: { day: formatMoney(sum(inDay)) } });
      const refused = await bet(jili, m.username, '5.00');
      expect(refused.json.code).toBe('WAGER_LIMIT_REACHED');
      let freed = 0;
      const leaving = inDay.find((s) => (freed += s.amount) >= 500)!;
      expect(refused.json.limit).toMatchObject({ period: 'day', resetAt: leaving.at + DAY });
      clockAt(leaving.at + DAY - 1);
      expect((await bet(jili, m.username, '5.00')).json.code).toBe('WAGER_LIMIT_REACHED');
      clockAt(leaving.at + DAY);
      expect((await bet(jili, m.username, '5.00')).status).toBe(200);
      await expectLedgerOk(app);
    });

    it('lets exactly floor(limit / stake) of 300 parallel bets through a wager limit', async () => {
      const { app, jili } = await ready;
      const m = await player(app, '1000.00');
      await member(app, m.authorization).send('PUT', '/wps/member/limits', { wager: { day: '100.00' } });
      const outcomes = await race(300, () =>
        seamlessCall(app, jili, 'bet', {
          userName: m.username,
          transactionId: id('t'),
          roundId: id('r'),
          amount: '0.70',
        }),
      );
      const counts = tally(outcomes, responseLabel);
      // 142 × 0.70 = 99.40; a 143rd would make 100.10.
      expect(counts).toEqual({ '200': 142, '409 WAGER_LIMIT_REACHED': 158 });
      expect(await walletBalance(app, m.authorization)).toBe('900.60');
      const limits = await member(app, m.authorization).get('/wps/member/limits');
      expect(limits.json().value.used.wager.day).toBe('99.40');
      await expectLedgerOk(app);
    });

    it('checks deposits through the same transaction hook: past the limit nothing moves', async () => {
      const { app } = await ready;
      const m = await player(app, '0.00');
      await member(app, m.authorization).send('PUT', '/wps/member/limits', { deposit: { day: '100.00' } });
      const operator = await app.services.settings.defaultOperator();
      const deposit = (amount: number) =>
        app.services.ledger.post({
          operatorId: operator.id,
          kind: 'deposit',
          source: 'payments:TEST',
          key: id('d'),
          requestHash: requestHash({ amount }),
          memberId: m.id,
          currency: 'PHP',
          legs: [
            { member: m.id, amount },
            { house: 'payments:TEST', amount: -amount },
          ],
          respond: ({ balance }) => ({ balance }),
          apply: (trx, moved) =>
            app.services.responsibleGambling.assertDepositAllowed(trx, {
              operatorId: operator.id,
              memberId: m.id,
              amount,
              at: Date.now(),
              entryId: moved.entryId,
            }),
        });
      await deposit(6_000);
      await expect(deposit(4_001)).rejects.toMatchObject({ code: 'DEPOSIT_LIMIT_REACHED' });
      await deposit(4_000);
      expect(await walletBalance(app, m.authorization)).toBe('100.00');
      await expectLedgerOk(app);
    });
  });

  describe('breaks', () => {
    it('a time-out refuses stakes at once; wins, rollbacks, reads and money out still work; it cannot be shortened', async () => {
      const { app, jili } = await ready;
      const T = Date.now();
      clockAt(T);
      const m = await player(app, '100.00');
      const api = member(app, m.authorization);
      const open = await bet(jili, m.username, '10.00');
      expect(open.status).toBe(200);
      const placed = await bet(jili, m.username, '5.00');

      let res = await api.send('POST', '/wps/member/timeout', { days: 7 });
      expect(res.statusCode).toBe(200);
      expect(res.json().value).toEqual({ until: T + 7 * DAY });
      // A shorter one keeps the longer break.
      res = await api.send('POST', '/wps/member/timeout', { days: 1 });
      expect(res.json().value).toEqual({ until: T + 7 * DAY });

      const refused = await bet(jili, m.username, '1.00');
      expect(refused.status).toBe(403);
      expect(refused.json.code).toBe('TIMED_OUT');
      expect(refused.json.until).toBe(T + 7 * DAY);
      expect(refused.json.message).toContain(new Date(T + 7 * DAY).toISOString().slice(0, 10));

      // The rounds in play settle, the wallet reads, and money can leave the account.
      const settle = await seamlessCall(app, jili, 'win', {
        userName: m.username,
        transactionId: id('w'),
        roundId: open.body.roundId,
        amount: '3.00',
      });
      expect(settle.statusCode).toBe(200);
      const rollback = await seamlessCall(app, jili, 'rollback', {
        userName: m.username,
        transactionId: id('rb'),
        roundId: placed.body.roundId,
        refTransactionId: placed.body.transactionId,
        amount: '5.00',
      });
      expect(rollback.statusCode).toBe(200);
      expect((await seamlessCall(app, jili, 'balance', { userName: m.username })).statusCode).toBe(200);
      expect(await adjust(app, m.username, '-20.00')).toMatchObject({ balance: '73.00' });
      expect((await api.get('/wps/member/limits')).json().value.timeoutUntil).toBe(T + 7 * DAY);
      // Every page shows the break while it lasts: the summary the pages poll carries it.
      expect((await api.get('/wps/member/session-summary')).json().value.breakUntil).toEqual({
        kind: 'timeout',
        until: T + 7 * DAY,
      });

      // Once it ends, play resumes.
      clockAt(T + 7 * DAY);
      expect((await bet(jili, m.username, '1.00')).status).toBe(200);
      await expectLedgerOk(app);
    });

    it('self-exclusion refuses stakes for 6 months or more, outranks a time-out and is audited', async () => {
      const { app, jili } = await ready;
      const T = Date.UTC(2030, 2, 31, 12, 0);
      clockAt(T);
      const m = await player(app, '100.00');
      const api = member(app, m.authorization);
      let res = await api.send('POST', '/wps/member/selfExclusion', { months: 6 });
      expect(res.statusCode).toBe(200);
      const until = Date.UTC(2030, 9, 1, 12, 0); // 31 March + 6 months = 1 October (no 31 September)
      expect(res.json().value).toEqual({ until });
      res = await api.send('POST', '/wps/member/timeout', { days: 1 });
      expect(res.statusCode).toBe(200);

      const refused = await bet(jili, m.username, '1.00');
      expect(refused.status).toBe(403);
      expect(refused.json).toMatchObject({
        code: 'SELF_EXCLUDED',
        until,
        message:
          'Your account is self-excluded until 2030-10-01 12:00 UTC. Betting and deposits are closed; you can still withdraw.',
      });
      // A shorter exclusion asked later keeps the first.
      res = await api.send('POST', '/wps/member/selfExclusion', { months: 6 });
      expect(res.json().value).toEqual({ until: Date.UTC(2030, 9, 1, 12, 0) });
      expect((await api.get('/wps/member/limits')).json().value.selfExcludedUntil).toBe(until);
      expect((await api.get('/wps/member/session-summary')).json().value.breakUntil).toEqual({
        kind: 'excluded',
        until,
      });
      expect(await adjust(app, m.username, '-90.00')).toMatchObject({ balance: '10.00' });

      clockAt(until - 1);
      expect((await bet(jili, m.username, '1.00')).json.code).toBe('SELF_EXCLUDED');
      clockAt(until);
      expect((await bet(jili, m.username, '1.00')).status).toBe(200);

      const own = await auditOf(app, 'rg.self_exclusion', m.username);
      expect(own.map((e) => e.detail)).toEqual([
        { months: 6, until, kept: true },
        { months: 6, until, kept: false },
      ]);
      await expectLedgerOk(app);
    });
  });

  describe('reality check', () => {
    it('sums stakes, wins and the net position since this session signed in', async () => {
      const { app, jili } = await ready;
      const m = await player(app, '100.00');
      // Play before this session signed in does not count.
      await bet(jili, m.username, '7.00');
      // The session starts on a later millisecond than that bet (a summary counts from its first one).
      await new Promise((resolve) => setTimeout(resolve, 5));
      const authorization = await signIn(app, m.id);
      await member(app, authorization).send('PUT', '/wps/member/limits', { realityCheckMinutes: 15 });
      const first = await bet(jili, m.username, '10.00');
      await seamlessCall(app, jili, 'win', {
        userName: m.username,
        transactionId: id('w'),
        roundId: first.body.roundId,
        amount: '4.00',
      });
      const refunded = await bet(jili, m.username, '2.00');
      await seamlessCall(app, jili, 'rollback', {
        userName: m.username,
        transactionId: id('rb'),
        roundId: refunded.body.roundId,
        refTransactionId: refunded.body.transactionId,
        amount: '2.00',
      });
      const res = await member(app, authorization).get('/wps/member/session-summary');
      expect(res.statusCode).toBe(200);
      const value = res.json().value;
      expect(value).toMatchObject({
        staked: '10.00',
        won: '4.00',
        net: '-6.00',
        currency: 'PHP',
        realityCheckMinutes: 15,
      });
      expect(value.now).toBeGreaterThanOrEqual(value.signedInAt);
      await expectLedgerOk(app);
    });
  });
});
