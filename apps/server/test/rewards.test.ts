import { randomUUID } from 'node:crypto';
import { parseMoney } from '@playhouse/contract/money';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { dayAt } from '../src/modules/transactions/period.ts';
import { addDays } from '@playhouse/contract/account-record';
import { expectLedgerOk } from './support/ledger.ts';
import { race, responseLabel, tally } from './support/race.ts';
import { BANK_CHANNEL, createChannel, uploadId } from './support/payments.ts';
import { fund, staffHeaders, walletBalance } from './support/seamless.ts';
import { DIALECTS, createTestApp, createTestMember } from './support/test-app.ts';

type Member = Awaited<ReturnType<typeof createTestMember>>;
const minor = (money: string) => parseMoney(money)!;

/**
 * The reward centre over HTTP on both dialects: missions judged on real rounds, claims paid once
 * through the ledger (house `bonus`), turnover added, the inbox told; check-in streaks; the summary
 * behind the Mine page's bubble and the footer badge; the back office's missions, settings and claims.
 */
describe.each(DIALECTS)('reward centre (%s)', (dialect) => {
  const ready = (async () => {
    const app = await createTestApp(dialect);
    const staff = await staffHeaders(app);
    // The demo missions step aside: these tests set their own.
    const seeded = (await app.inject({ url: '/bo/api/rewards/missions', headers: staff })).json().value as {
      id: number;
    }[];
    for (const m of seeded)
      await app.inject({
        method: 'PUT',
        url: `/bo/api/rewards/missions/${m.id}`,
        headers: staff,
        payload: { active: false },
      });
    const create = async (payload: object) => {
      const res = await app.inject({
        method: 'POST',
        url: '/bo/api/rewards/missions',
        headers: staff,
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value as { id: number };
    };
    const wager = await create({ type: 'wager', target: '5.00', reward: '3.00', turnoverMultiple: 2 });
    const games = await create({ type: 'games', target: '2', reward: '1.50', turnoverMultiple: 1 });
    const login = await create({ type: 'login', target: '1', reward: '0.50', turnoverMultiple: 0 });
    const put = await app.inject({
      method: 'PUT',
      url: '/bo/api/rewards/checkin',
      headers: staff,
      payload: { enabled: true, days: ['1.00', '2.00', '4.00'], turnoverMultiple: 1 },
    });
    expect(put.statusCode, put.body).toBe(200);
    return { app, staff, missions: { wager: wager.id, games: games.id, login: login.id } };
  })();

  const call = (app: App, m: Member, method: 'GET' | 'POST', url: string) =>
    app.inject({ method, url, headers: { authorization: m.authorization } });
  const claim = (app: App, m: Member, id: number) =>
    call(app, m, 'POST', `/wps/rewards/missions/${id}/claim`);
  const round = (app: App, m: Member, gameCode = 'COINFLIP') =>
    app.inject({
      method: 'POST',
      url: '/play/api/rounds',
      headers: { authorization: m.authorization },
      payload: { gameCode, stake: '1.00', options: { side: 'heads' }, requestId: `req-${randomUUID()}` },
    });
  const centre = async (app: App, m: Member) => {
    const res = await call(app, m, 'GET', '/wps/rewards');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value as {
      day: string;
      checkIn: { streak: number; checkedInToday: boolean; todayIndex: number };
      missions: { id: number; status: string; progress: string; target: string }[];
    };
  };
  const mission = async (app: App, m: Member, id: number) =>
    (await centre(app, m)).missions.find((x) => x.id === id)!;
  const summary = async (app: App, m: Member) =>
    (await call(app, m, 'GET', '/wps/rewards/summary')).json().value as {
      unclaimed: number;
      promos: Record<'MISSION' | 'LOGIN' | 'CHECKIN', { enabled: boolean; count: number }>;
    };
  /** The member's reward entries in the ledger and the lines of the house `bonus` account in them. */
  async function rewardEntries(app: App, memberId: number) {
    const { db } = app.services;
    const entries = await db
      .selectFrom('ledger_entries')
      .select(['id', 'kind'])
      .where('member_id', '=', memberId)
      .where('source', '=', 'rewards')
      .execute();
    const bonus = entries.length
      ? await db
          .selectFrom('ledger_lines as l')
          .innerJoin('ledger_accounts as a', 'a.id', 'l.account_id')
          .select(['l.amount'])
          .where(
            'l.entry_id',
            'in',
            entries.map((e) => e.id),
          )
          .where('a.purpose', '=', 'bonus')
          .execute()
      : [];
    return { entries, bonus: bonus.map((b) => Number(b.amount)) };
  }
  async function player(app: App, amount = '50.00') {
    const m = await createTestMember(app);
    await fund(app, m.username, amount);
    return m;
  }

  it('a wager mission: refused until earned, then paid once from bonus with turnover and an inbox message', async () => {
    const { app, missions } = await ready;
    const m = await player(app);
    expect(await mission(app, m, missions.wager)).toMatchObject({
      status: 'inProgress',
      progress: '0.00',
      target: '5.00',
    });

    const early = await claim(app, m, missions.wager);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ success: false, code: 'REWARD_NOT_EARNED' });
    expect(early.json().message).toContain('5.00');

    for (let i = 0; i < 3; i++) expect((await round(app, m)).statusCode).toBe(200);
    expect(await mission(app, m, missions.wager)).toMatchObject({ status: 'inProgress', progress: '3.00' });
    expect((await claim(app, m, missions.wager)).json().code).toBe('REWARD_NOT_EARNED');
    for (let i = 0; i < 2; i++) expect((await round(app, m)).statusCode).toBe(200);
    expect(await mission(app, m, missions.wager)).toMatchObject({ status: 'claimable', progress: '5.00' });
    expect((await summary(app, m)).promos.MISSION.count).toBe(1);

    const before = minor(await walletBalance(app, m.authorization));
    // Claimed in English: the inbox message names the mission in the language it was claimed in.
    const paid = await app.inject({
      method: 'POST',
      url: `/wps/rewards/missions/${missions.wager}/claim`,
      headers: { authorization: m.authorization, language: 'EN' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().value).toMatchObject({ amount: '3.00', turnover: '6.00' });
    expect(minor(await walletBalance(app, m.authorization))).toBe(before + 300);
    expect(await mission(app, m, missions.wager)).toMatchObject({ status: 'claimed' });

    const again = await claim(app, m, missions.wager);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('REWARD_ALREADY_CLAIMED');
    expect(minor(await walletBalance(app, m.authorization))).toBe(before + 300);

    const { entries, bonus } = await rewardEntries(app, m.id);
    expect(entries).toEqual([expect.objectContaining({ kind: 'bonus' })]);
    expect(bonus).toEqual([-300]);
    // Reward times the multiple (2) joins the wagering the withdraw screen asks for.
    expect((await app.services.payments.turnover.of(m.id)).required).toBe(600);
    const messages = await app.services.db
      .selectFrom('inbox_messages')
      .select(['kind', 'params'])
      .where('member_id', '=', m.id)
      .execute();
    expect(messages).toHaveLength(1);
    expect(messages[0]!.kind).toBe('reward_claimed');
    expect(JSON.parse(messages[0]!.params)).toMatchObject({ amount: '3.00', name: 'Wager 5.00 today' });
    // The account record lists the reward.
    const record = await call(app, m, 'GET', '/wps/transaction/record');
    expect(record.statusCode, record.body).toBe(200);
    expect(record.body).toContain('3.00');
    await expectLedgerOk(app);
  });

  it('50 parallel claims of one mission and 50 parallel check-ins each pay once', async () => {
    const { app, missions } = await ready;
    const m = await player(app);
    for (let i = 0; i < 5; i++) expect((await round(app, m)).statusCode).toBe(200);
    const before = minor(await walletBalance(app, m.authorization));

    const claims = await race(50, () => claim(app, m, missions.wager));
    expect(tally(claims, responseLabel)).toEqual({ '200': 1, '409 REWARD_ALREADY_CLAIMED': 49 });
    const checkIns = await race(50, () => call(app, m, 'POST', '/wps/rewards/checkin'));
    expect(tally(checkIns, responseLabel)).toEqual({ '200': 1, '409 REWARD_ALREADY_CLAIMED': 49 });

    // 3.00 for the mission and 1.00 for the first check-in day, each exactly once.
    expect(minor(await walletBalance(app, m.authorization))).toBe(before + 400);
    const { entries, bonus } = await rewardEntries(app, m.id);
    expect(entries).toHaveLength(2);
    expect(bonus.sort((a, b) => a - b)).toEqual([-300, -100]);
    const rows = await app.services.db
      .selectFrom('reward_claims')
      .select(['reward_key', 'amount', 'streak'])
      .where('member_id', '=', m.id)
      .orderBy('reward_key')
      .execute();
    expect(rows.map((r) => [r.reward_key, Number(r.amount)])).toEqual([
      ['checkin', 100],
      [`mission:${missions.wager}`, 300],
    ]);
    await expectLedgerOk(app);
  });

  it("a member cannot claim another member's reward, another's progress, or a mission that is off or unknown", async () => {
    const { app, staff, missions } = await ready;
    const a = await player(app);
    const b = await player(app);
    for (let i = 0; i < 5; i++) await round(app, a);
    // A's stakes are A's: B's mission has no progress and cannot be claimed.
    expect(await mission(app, b, missions.wager)).toMatchObject({ status: 'inProgress', progress: '0.00' });
    expect((await claim(app, b, missions.wager)).json().code).toBe('REWARD_NOT_EARNED');
    expect((await claim(app, a, missions.wager)).statusCode).toBe(200);
    // A's claim is no claim of B's: still not earned (not "already claimed"), and nothing paid to B.
    expect((await claim(app, b, missions.wager)).json().code).toBe('REWARD_NOT_EARNED');
    expect((await rewardEntries(app, b.id)).entries).toHaveLength(0);

    expect((await claim(app, a, 999_999)).statusCode).toBe(404);
    const off = await app.inject({
      method: 'POST',
      url: '/bo/api/rewards/missions',
      headers: staff,
      payload: { type: 'login', target: '1', reward: '9.00', active: false },
    });
    expect((await claim(app, a, off.json().value.id)).statusCode).toBe(404);
    // Without a session nothing is answered.
    expect(
      (await app.inject({ method: 'POST', url: `/wps/rewards/missions/${missions.login}/claim` })).statusCode,
    ).toBe(401);
    expect((await app.inject({ url: '/wps/rewards/summary' })).statusCode).toBe(401);
    await expectLedgerOk(app);
  });

  it('games and login missions count real activity; the summary feeds the bubble and badges', async () => {
    const { app, missions } = await ready;
    const m = await player(app);
    const first = await summary(app, m);
    // Check-in and the login reward are claimable at once.
    expect(first.promos.CHECKIN.count).toBe(1);
    expect(first.promos.LOGIN.count).toBe(1);
    expect(first.promos.MISSION.count).toBe(0);
    expect(first.unclaimed).toBe(2);

    await round(app, m, 'COINFLIP');
    expect(await mission(app, m, missions.games)).toMatchObject({ progress: '1', status: 'inProgress' });
    await round(app, m, 'COINFLIP');
    expect(await mission(app, m, missions.games)).toMatchObject({ progress: '1' });
    const wheel = await app.inject({
      method: 'POST',
      url: '/play/api/rounds',
      headers: { authorization: m.authorization },
      payload: {
        gameCode: 'WHEEL',
        stake: '1.00',
        options: { risk: 'low' },
        requestId: `req-${randomUUID()}`,
      },
    });
    expect(wheel.statusCode, wheel.body).toBe(200);
    expect(await mission(app, m, missions.games)).toMatchObject({ progress: '2', status: 'claimable' });
    // Check-in, login and the games mission (three stakes do not reach the 5.00 wager).
    expect((await summary(app, m)).unclaimed).toBe(3);

    expect((await claim(app, m, missions.login)).json().value).toMatchObject({
      amount: '0.50',
      turnover: '0.00',
    });
    expect((await claim(app, m, missions.games)).statusCode).toBe(200);
    expect((await call(app, m, 'POST', '/wps/rewards/checkin')).statusCode).toBe(200);
    expect(await summary(app, m)).toMatchObject({ unclaimed: 0 });
    await expectLedgerOk(app);
  });

  it("check-in streaks follow the operator's days: yesterday continues, a missed day resets", async () => {
    const { app } = await ready;
    const { db } = app.services;
    const operator = await app.services.settings.defaultOperator();
    const { timeZone } = await app.services.payments.settings(operator.id);
    const today = dayAt(Date.now(), timeZone);
    const history = async (m: Member, period: string, streak: number) => {
      await db
        .insertInto('reward_claims')
        .values({
          operator_id: operator.id,
          member_id: m.id,
          kind: 'checkin',
          mission_id: null,
          mission_type: null,
          reward_key: 'checkin',
          period,
          streak,
          amount: 0,
          turnover: 0,
          entry_id: 0,
          created_at: Date.now(),
        })
        .execute();
    };

    // Checked in yesterday on day 2 of the streak: today is day 3 (4.00), then day 4 wraps to 1.00.
    const steady = await player(app);
    await history(steady, addDays(today, -1), 2);
    expect((await centre(app, steady)).checkIn).toMatchObject({
      streak: 2,
      checkedInToday: false,
      todayIndex: 3,
    });
    const paid = await call(app, steady, 'POST', '/wps/rewards/checkin');
    expect(paid.json().value).toMatchObject({ amount: '4.00', streak: 3 });
    expect((await centre(app, steady)).checkIn).toMatchObject({ streak: 3, checkedInToday: true });

    // Last check-in two days ago: the streak starts again at day 1.
    const lapsed = await player(app);
    await history(lapsed, addDays(today, -2), 5);
    expect((await centre(app, lapsed)).checkIn).toMatchObject({ streak: 0, todayIndex: 1 });
    expect((await call(app, lapsed, 'POST', '/wps/rewards/checkin')).json().value).toMatchObject({
      amount: '1.00',
      streak: 1,
    });
    await expectLedgerOk(app);
  });

  it('the back office validates and audits missions and check-in settings and lists claims', async () => {
    const { app, staff } = await ready;
    const bad = await app.inject({
      method: 'POST',
      url: '/bo/api/rewards/missions',
      headers: staff,
      payload: { type: 'wager', target: '5.00', reward: '0.00' },
    });
    expect(bad.statusCode).toBe(400);
    const unknownField = await app.inject({
      method: 'POST',
      url: '/bo/api/rewards/missions',
      headers: staff,
      payload: { type: 'wager', target: '5.00', reward: '1.00', operatorId: 2 },
    });
    expect(unknownField.statusCode).toBe(400);
    const created = await app.inject({
      method: 'POST',
      url: '/bo/api/rewards/missions',
      headers: staff,
      payload: { type: 'deposit', target: '100.00', reward: '5.00', turnoverMultiple: 1.5, active: false },
    });
    expect(created.json().value).toMatchObject({ type: 'deposit', target: '100.00', turnoverMultiple: 1.5 });
    const updated = await app.inject({
      method: 'PUT',
      url: `/bo/api/rewards/missions/${created.json().value.id}`,
      headers: staff,
      payload: { reward: '6.00' },
    });
    expect(updated.json().value.reward).toBe('6.00');
    const zeroDay = await app.inject({
      method: 'PUT',
      url: '/bo/api/rewards/checkin',
      headers: staff,
      payload: { enabled: true, days: ['1.00', '0.00'], turnoverMultiple: 1 },
    });
    expect(zeroDay.statusCode).toBe(400);

    const audit = await app.services.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'rewards.%')
      .execute();
    const actions = audit.map((a) => a.action);
    expect(actions).toContain('rewards.mission.create');
    expect(actions).toContain('rewards.mission.update');
    expect(actions).toContain('rewards.checkin.settings');

    const claims = await app.inject({ url: '/bo/api/rewards/claims?pageSize=100', headers: staff });
    expect(claims.statusCode).toBe(200);
    expect(claims.json().value.totalCount).toBeGreaterThan(0);
    expect((await app.inject({ url: '/bo/api/rewards/claims' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/bo/api/rewards/missions' })).statusCode).toBe(401);
  });
  it('a deposit mission counts deposits once credited, not while they wait', async () => {
    const { app, staff } = await ready;
    const created = await app.inject({
      method: 'POST',
      url: '/bo/api/rewards/missions',
      headers: staff,
      payload: { type: 'deposit', target: '50.00', reward: '2.00', turnoverMultiple: 1 },
    });
    const id = created.json().value.id as number;
    const channel = await createChannel(app, BANK_CHANNEL);
    const m = await createTestMember(app);
    const receipt = await uploadId(app, m.authorization);
    const started = await app.inject({
      method: 'POST',
      url: '/wps/relay/MCS2_deposit',
      headers: { authorization: m.authorization },
      payload: { channelId: channel.id, amount: '60.00', reference: 'RW-1', receiptIds: [receipt] },
    });
    expect(started.statusCode, started.body).toBe(200);
    // Waiting for the operator: nothing counts yet.
    expect(await mission(app, m, id)).toMatchObject({ progress: '0.00', status: 'inProgress' });
    expect((await claim(app, m, id)).json().code).toBe('REWARD_NOT_EARNED');
    const approved = await app.inject({
      method: 'POST',
      url: `/bo/api/deposits/${started.json().value.depositId}/approve`,
      headers: staff,
      payload: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await mission(app, m, id)).toMatchObject({ progress: '50.00', status: 'claimable' });
    expect((await claim(app, m, id)).json().value).toMatchObject({ amount: '2.00', turnover: '2.00' });
    expect(await walletBalance(app, m.authorization)).toBe('62.00');
    await expectLedgerOk(app);
  });

  // Last: it turns the reward centre off for this app.
  it('with REWCEN3 off the reward centre, its summary included, answers FEATURE_DISABLED', async () => {
    const { app, staff, missions } = await ready;
    const m = await player(app);
    const off = await app.inject({
      method: 'PUT',
      url: '/bo/api/settings',
      headers: staff,
      payload: { whitelabel: { REWCEN3: false } },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await call(app, m, 'GET', '/wps/rewards')).statusCode).toBe(403);
    expect((await call(app, m, 'POST', '/wps/rewards/checkin')).statusCode).toBe(403);
    expect((await claim(app, m, missions.login)).statusCode).toBe(403);
    const gated = await call(app, m, 'GET', '/wps/rewards/summary');
    expect(gated.json().code).toBe('FEATURE_DISABLED');
    expect((await rewardEntries(app, m.id)).entries).toHaveLength(0);
  });
});
