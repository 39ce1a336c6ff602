import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseMoney } from '@playhouse/contract/money';
import type { App } from '../src/app.ts';
import { expectLedgerOk } from './support/ledger.ts';
import { BANK_CHANNEL, createChannel, uploadId } from './support/payments.ts';
import { race, responseLabel, tally } from './support/race.ts';
import { fund, staffHeaders, walletBalance } from './support/seamless.ts';
import { DIALECTS, createTestApp, createTestMember } from './support/test-app.ts';

type Member = Awaited<ReturnType<typeof createTestMember>>;

const minor = (money: string) => parseMoney(money)!;

/** A rank body with every field; tests override what they need. */
const rank = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  minDeposit: '0.00',
  minTurnover: '0.00',
  upgradeBonus: '0.00',
  birthdayBonus: '0.00',
  withdrawDailyCount: null,
  withdrawDailyAmount: null,
  rebateRates: {},
  ...over,
});

/**
 * VIP ranks from real deposits (bank transfers approved at the money desk) and real stakes (in-house
 * rounds through the ledger); upgrade bonuses and rebates paid once under parallel requests; another
 * member's figures never visible; the back office's rank changes audited.
 */
describe.each(DIALECTS)('VIP and manual rebate (%s)', (dialect) => {
  const ready = (async () => {
    const app = await createTestApp(dialect);
    const bank = await createChannel(app, BANK_CHANNEL);
    return { app, bank };
  })();
  ready.catch(() => undefined);
  beforeAll(async () => {
    await ready;
  }, 120_000);

  const as = (app: App, m: Member) => ({
    get: (url: string) => app.inject({ url, headers: { authorization: m.authorization } }),
    post: (url: string, payload: object = {}) =>
      app.inject({ method: 'POST', url, headers: { authorization: m.authorization }, payload }),
  });

  async function saveRank(app: App, level: number, body: object) {
    const res = await app.inject({
      method: 'PUT',
      url: `/bo/api/vip/ranks/${level}`,
      headers: await staffHeaders(app),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value;
  }

  /** A bank transfer the member makes and the money desk approves: a real, credited deposit. */
  async function deposit(app: App, bankId: number, m: Member, amount: string) {
    const receipt = await uploadId(app, m.authorization);
    const made = await as(app, m).post('/wps/relay/MCS2_deposit', {
      channelId: bankId,
      amount,
      reference: `BANK-${randomUUID().slice(0, 8)}`,
      receiptIds: [receipt],
    });
    expect(made.statusCode, made.body).toBe(200);
    const approved = await app.inject({
      method: 'POST',
      url: `/bo/api/deposits/${made.json().value.depositId}/approve`,
      headers: await staffHeaders(app),
      payload: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
  }

  /** In-house coin flips of `stake` each, through the play API (real ledger stakes). */
  async function play(app: App, m: Member, rounds: number, stake = '10.00') {
    for (let i = 0; i < rounds; i += 1) {
      const res = await as(app, m).post('/play/api/rounds', {
        gameCode: 'COINFLIP',
        stake,
        options: { side: 'heads' },
        requestId: `req-${randomUUID()}`,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  }

  /** Another signed-in session (device) of the same member. */
  async function session(app: App, memberId: number) {
    const { MEMBER_SESSION } = await import('../src/modules/members/member-auth.service.ts');
    const operator = await app.services.settings.defaultOperator();
    const { token } = await app.services.sessions.create(
      { type: 'member', id: memberId, operatorId: operator.id },
      MEMBER_SESSION,
      {},
    );
    return `Bearer ${token}`;
  }

  const summary = async (app: App, m: Member) => {
    const res = await as(app, m).get('/wps/member/vip');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value;
  };

  const vipEntries = (app: App, memberId: number) =>
    app.services.db
      .selectFrom('ledger_entries')
      .select(['idem_key', 'kind'])
      .where('member_id', '=', memberId)
      .where('source', '=', 'vip')
      .execute();

  it('ranks a member by real deposits and settled stakes, with the spec progress', async () => {
    const { app, bank } = await ready;
    await saveRank(app, 0, rank('VIP0', { rebateRates: { INHOUSE: '0.50' } }));
    await saveRank(
      app,
      1,
      rank('VIP1', {
        minDeposit: '300.00',
        minTurnover: '50.00',
        upgradeBonus: '8.00',
        withdrawDailyCount: 7,
        withdrawDailyAmount: '170000.00',
      }),
    );
    await saveRank(app, 2, rank('VIP2', { minDeposit: '1000.00', minTurnover: '5000.00' }));

    const m = await createTestMember(app);
    // An operator's adjustment is money, but not a deposit: it counts for neither condition.
    await fund(app, m.username, '200.00');
    let s = await summary(app, m);
    expect(s).toMatchObject({
      hasVip: true,
      level: 0,
      deposits: '0.00',
      turnover: '0.00',
      playerRankProgress: { labelId: 0, labelName: 'VIP0' },
      currentProgress: { completedConditions: 0, totalExpectedConditions: 2 },
      progress: 0,
    });
    expect(s.next.name).toBe('VIP1');

    await deposit(app, bank.id, m, '300.00');
    s = await summary(app, m);
    // One of VIP1's two conditions is met: progress is completed / expected.
    expect(s).toMatchObject({ level: 0, deposits: '300.00', progress: 0.5 });
    expect(s.currentProgress).toEqual({ completedConditions: 1, totalExpectedConditions: 2 });

    await play(app, m, 5, '10.00');
    s = await summary(app, m);
    expect(s).toMatchObject({ level: 1, turnover: '50.00', playerRankProgress: { labelName: 'VIP1' } });
    expect(s.currentProgress).toEqual({ completedConditions: 0, totalExpectedConditions: 2 });
    expect(s.bonuses).toEqual([expect.objectContaining({ kind: 'upgrade', level: 1, amount: '8.00' })]);
    // The header's label and the member centre show the rank; H2's broadcasts read members.vip_level.
    const info = await as(app, m).get('/wps/member/info');
    expect(info.json().value.clubLabel).toEqual({ labelName: 'VIP1' });
    const row = await app.services.db
      .selectFrom('members')
      .select('vip_level')
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.vip_level)).toBe(1);
    // The upgrade bonus added its wagering to the withdraw screen's requirement (deposit 300 + 8).
    const withdrawInfo = await as(app, m).get('/wps/transaction/withdraw/info');
    expect(withdrawInfo.statusCode, withdrawInfo.body).toBe(200);
    expect(withdrawInfo.json().value.turnover.required).toBe('308.00');
    // The rank's daily withdrawal limits raise the operator's (5 a day, 100000.00).
    expect(withdrawInfo.json().value.dailyCount.limit).toBe(7);
    expect(withdrawInfo.json().value.dailyAmount.limit).toBe('170000.00');

    // With VIP turned off nobody has VIP; with rebate off the rebate answers FEATURE_DISABLED.
    const settings = async (payload: object) => {
      const res = await app.inject({
        method: 'PUT',
        url: '/bo/api/settings',
        headers: await staffHeaders(app),
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await settings({ site: { vip: { enabled: false } }, whitelabel: { MANREBATE3: false } });
    try {
      expect((await summary(app, m)).hasVip).toBe(false);
      expect((await as(app, m).get('/wps/member/rebate')).json().code).toBe('FEATURE_DISABLED');
    } finally {
      await settings({ site: { vip: { enabled: true } }, whitelabel: { MANREBATE3: true } });
    }
    await expectLedgerOk(app);
  });

  it('pays an upgrade bonus once under 50 parallel evaluations', async () => {
    const { app, bank } = await ready;
    await saveRank(
      app,
      1,
      rank('VIP1', { minDeposit: '300.00', minTurnover: '50.00', upgradeBonus: '8.00' }),
    );
    await saveRank(app, 2, rank('VIP2', { minDeposit: '1000.00', minTurnover: '5000.00' }));
    const m = await createTestMember(app);
    await deposit(app, bank.id, m, '1200.00');
    await play(app, m, 2, '100.00');
    // Ranks the member already meets, set after the activity: the next reads evaluate it at once.
    await saveRank(
      app,
      3,
      rank('VIP3', { minDeposit: '1100.00', minTurnover: '150.00', upgradeBonus: '25.00' }),
    );
    const before = minor(await walletBalance(app, m.authorization));
    const outcomes = await race(50, () => as(app, m).get('/wps/member/vip'));
    expect(tally(outcomes, responseLabel)).toEqual({ '200': 50 });
    const after = minor(await walletBalance(app, m.authorization));
    // The member passes level 1 (8.00) on the way to level 3 (25.00): both pay, each once; level 2
    // has no bonus (its turnover condition is not met: level 3 is reached on its own conditions).
    const keys = (await vipEntries(app, m.id)).map((e) => e.idem_key).sort();
    expect(keys).toEqual([`upgrade:${m.id}:1`, `upgrade:${m.id}:3`]);
    expect(after - before).toBe(minor('8.00') + minor('25.00'));
    expect((await summary(app, m)).level).toBe(3);
    // One "VIP upgraded" message for the rank reached, however many evaluations ran.
    const messages = await app.services.db
      .selectFrom('inbox_messages')
      .select('dedupe_key')
      .where('member_id', '=', m.id)
      .where('kind', '=', 'vip_upgraded')
      .execute();
    expect(messages.map((x) => x.dedupe_key).sort()).toEqual(['vip:3']);
    await app.inject({
      method: 'DELETE',
      url: '/bo/api/vip/ranks/3',
      headers: await staffHeaders(app),
    });
    await expectLedgerOk(app);
  });

  it('accrues rebate by category at the rank rate and pays it once under 50 parallel claims', async () => {
    const { app } = await ready;
    await saveRank(app, 0, rank('VIP0', { rebateRates: { INHOUSE: '0.50', LIVE: '0.20' } }));
    const m = await createTestMember(app);
    const other = await createTestMember(app);
    await fund(app, m.username, '500.00');
    await fund(app, other.username, '500.00');
    await play(app, m, 3, '20.00');
    await play(app, m, 1, '5.00');

    const open = (await as(app, m).get('/wps/member/rebate')).json().value;
    // 65.00 of in-house stakes at VIP0's 0.50 % = 0.325, rounded down to 0.32.
    expect(open).toMatchObject({
      level: 0,
      rankName: 'VIP0',
      turnover: '65.00',
      amount: '0.32',
      claimed: false,
      lines: [{ category: 'INHOUSE', turnover: '65.00', ratePercent: '0.50', amount: '0.32' }],
    });
    // Another member sees only their own (nothing played, nothing accrued, no history).
    const theirs = (await as(app, other).get('/wps/member/rebate')).json().value;
    expect(theirs).toMatchObject({ turnover: '0.00', amount: '0.00', lines: [] });
    const early = await as(app, other).post('/wps/member/rebate/claim');
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('REBATE_NOTHING_TO_CLAIM');

    const before = minor(await walletBalance(app, m.authorization));
    // Fifty devices of the same member (each session has its own request budget) claim at once.
    const devices = await Promise.all(Array.from({ length: 50 }, () => session(app, m.id)));
    const outcomes = await race(50, (i) =>
      app.inject({
        method: 'POST',
        url: '/wps/member/rebate/claim',
        headers: { authorization: devices[i]! },
        payload: {},
      }),
    );
    expect(tally(outcomes, responseLabel)).toEqual({ '200': 1, '409 REBATE_ALREADY_CLAIMED': 49 });
    const paid = outcomes.find((o) => o.ok && o.value.statusCode === 200)!;
    const claim = paid.ok ? paid.value.json().value : undefined;
    expect(claim).toMatchObject({ amount: '0.32', turnover: '65.00', level: 0 });
    expect(minor(await walletBalance(app, m.authorization)) - before).toBe(32);
    expect(minor(claim.balance)).toBe(before + 32);

    const entries = await app.services.db
      .selectFrom('ledger_entries')
      .select(['idem_key', 'kind'])
      .where('member_id', '=', m.id)
      .where('source', '=', 'rebate')
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]!.kind).toBe('rebate');
    expect(entries[0]!.idem_key).toBe(`${m.id}:${claim.period}`);

    // After the claim: the period shows claimed, and new stakes accrue for the next one.
    await play(app, m, 1, '100.00');
    const later = (await as(app, m).get('/wps/member/rebate')).json().value;
    expect(later).toMatchObject({ claimed: true, turnover: '100.00', amount: '0.50' });
    expect(later.nextPeriodAt).toBeGreaterThan(Date.now());

    const history = (await as(app, m).get('/wps/member/rebate/history')).json().value;
    expect(history.totalCount).toBe(1);
    expect(history.list[0]).toMatchObject({ claimId: claim.claimId, amount: '0.32' });
    const otherHistory = (await as(app, other).get('/wps/member/rebate/history')).json().value;
    expect(otherHistory).toMatchObject({ totalCount: 0, list: [] });
    await expectLedgerOk(app);
  });

  it('keeps the rebate to members, honours the switch, and audits rank changes', async () => {
    const { app } = await ready;
    expect((await app.inject({ url: '/wps/member/rebate' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/wps/member/vip' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/bo/api/vip/ranks' })).statusCode).toBe(401);
    // Trial accounts have no rank and no rebate.
    const trial = await createTestMember(app, { type: 4 });
    for (const url of ['/wps/member/vip', '/wps/member/rebate'])
      expect((await as(app, trial).get(url)).json().code).toBe('FREE_REJECT');
    expect((await as(app, trial).post('/wps/member/rebate/claim')).json().code).toBe('FREE_REJECT');
    expect((await as(app, trial).get('/wps/member/info')).json().value.clubLabel).toBeNull();
    const m = await createTestMember(app);
    // A member's token is not staff.
    const asMember = await app.inject({
      method: 'PUT',
      url: '/bo/api/vip/ranks/4',
      headers: { authorization: m.authorization },
      payload: rank('VIP4'),
    });
    expect(asMember.statusCode).toBe(401);
    // Only allow-listed fields; rates are percents of known categories.
    const bad = await app.inject({
      method: 'PUT',
      url: '/bo/api/vip/ranks/4',
      headers: await staffHeaders(app),
      payload: { ...rank('VIP4'), rebateRates: { NOPE: '1.00' } },
    });
    expect(bad.statusCode).toBe(400);
    const extra = await app.inject({
      method: 'PUT',
      url: '/bo/api/vip/ranks/4',
      headers: await staffHeaders(app),
      payload: { ...rank('VIP4'), memberId: 1 },
    });
    expect(extra.statusCode).toBe(400);

    const list = await saveRank(
      app,
      4,
      rank('VIP4', { minDeposit: '9999.00', rebateRates: { LIVE: '0.75' } }),
    );
    expect(list.find((r: { level: number }) => r.level === 4)).toMatchObject({
      name: 'VIP4',
      minDeposit: '9999.00',
      rebateRates: { LIVE: '0.75' },
    });
    const operator = await app.services.settings.defaultOperator();
    const audit = await app.services.audit.list(operator.id, {
      action: 'vip.rank.created',
      pageNo: 1,
      pageSize: 100,
    });
    expect(audit.list.some((a) => a.target === 'vip-rank:4')).toBe(true);
    const removed = await app.inject({
      method: 'DELETE',
      url: '/bo/api/vip/ranks/4',
      headers: await staffHeaders(app),
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().value.some((r: { level: number }) => r.level === 4)).toBe(false);
    await expectLedgerOk(app);
  });
});
