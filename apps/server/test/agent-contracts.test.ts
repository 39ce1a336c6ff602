import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { GOOD_PASSWORD, login, newUsername, patchSettings, register } from './support/auth-client.ts';
import { expectLedgerOk } from './support/ledger.ts';
import { race, tally } from './support/race.ts';
import { connectVendor, fund, seamlessCall, staffHeaders, walletBalance } from './support/seamless.ts';
import { createStaff } from './support/staff.ts';
import { createTestApp, createTestMember, createTwoInstances, DIALECTS } from './support/test-app.ts';

const FUND_PASSWORD = 'fund-7731';
const DAY = 86_400_000;

async function makeAgent(app: App, userName: string, type = 1): Promise<string> {
  const res = await app.inject({
    method: 'PUT',
    url: '/bo/api/agents',
    headers: await staffHeaders(app),
    payload: { userName, type, level: 1 },
  });
  if (res.statusCode !== 200) throw new Error(`make agent: ${res.body}`);
  return res.json().value.code as string;
}

/** Registers by username (with a password, so a fund password can be set), optionally under a code. */
async function signUp(app: App, code?: string) {
  const res = await register(app, {
    username: newUsername(),
    password: GOOD_PASSWORD,
    confirmPassword: GOOD_PASSWORD,
    ...(code ? { affiliateCode: code } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`register: ${res.body}`);
  const v = res.json().value as { token: string; userName: string };
  const row = await app.services.db
    .selectFrom('members')
    .select('id')
    .where('username', '=', v.userName)
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), username: v.userName, authorization: `Bearer ${v.token}` };
}

async function setFundPassword(app: App, authorization: string) {
  const res = await app.inject({
    method: 'PUT',
    url: '/wps/member/fundPassword',
    headers: { authorization },
    payload: { newFundPassword: FUND_PASSWORD, loginPassword: GOOD_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`fund password: ${res.body}`);
}

const call = (
  app: App,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  authorization: string,
  payload?: object,
) => app.inject({ method, url, headers: { authorization, language: 'EN' }, ...(payload ? { payload } : {}) });

async function bo(app: App, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return call(app, method, url, (await staffHeaders(app)).authorization, payload);
}

/** The operator offers terms; the agent accepts them. Answers the contract id. */
async function contractAccepted(
  app: App,
  userName: string,
  authorization: string,
  kind: string,
  terms: object,
) {
  const offered = await bo(app, 'POST', '/bo/api/agents/contracts', { userName, kind, terms });
  expect(offered.statusCode, offered.body).toBe(200);
  const id = offered.json().value.id as number;
  const accepted = await call(app, 'POST', `/wps/agent/contracts/${id}/accept`, authorization);
  expect(accepted.statusCode, accepted.body).toBe(200);
  return id;
}

/** Seamless play by a member: bets, wins and rollbacks through the ledger. */
async function play(app: App, userName: string, tag: string, moves: [string, string, string?][]) {
  const vendor = await connectVendor(app, 'JILI');
  for (const [i, [action, amount, ref]] of moves.entries()) {
    const res = await seamlessCall(app, vendor, action as 'bet', {
      userName,
      transactionId: `${tag}-${i}`,
      roundId: `${tag}-r${ref ?? i}`,
      amount,
      ...(ref ? { refTransactionId: `${tag}-${ref}` } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

const commissionsOf = (app: App, memberId: number) =>
  app.services.db
    .selectFrom('agent_commissions')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('kind')
    .orderBy('period_start')
    .execute();

const payoutEntries = (app: App, memberId: number) =>
  app.services.db
    .selectFrom('ledger_entries')
    .select(['idem_key', 'kind'])
    .where('source', '=', 'agents')
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();

describe.each(DIALECTS)('agent contracts and commissions on %s', (dialect) => {
  it('offers contracts from templates and uplines, prompts at sign-in, and accepts or declines them', async () => {
    const app = await createTestApp(dialect);
    await patchSettings(app, { register: { captcha: { enabled: false } } });
    const top = await signUp(app);
    const topCode = await makeAgent(app, top.username);
    const sub = await signUp(app, topCode);
    await makeAgent(app, sub.username, 3);

    // Support reads contracts but offers none; templates are the owner's and admins'.
    const support = await createStaff(app, 'support');
    const template = {
      name: 'Dividend 20 %',
      kind: 'dividend',
      terms: { tiers: [{ min: '0', minActive: 1, rate: '20' }], cycle: 'week' },
    };
    expect(
      (await call(app, 'POST', '/bo/api/agents/templates', support.headers.authorization, template))
        .statusCode,
    ).toBe(403);
    const saved = await bo(app, 'POST', '/bo/api/agents/templates', template);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value).toMatchObject({
      kind: 'dividend',
      terms: { tiers: [{ min: '0.00', minActive: 1, rate: '20.00', fixed: '0.00' }], cycle: 'week' },
    });

    // No request yet: nothing prompts at sign-in.
    const none = { dailysalreqtype: false, divtypecompperiodreq: false, contracthoursalreq: false };
    expect((await call(app, 'GET', '/wps/agent/contractRequests', top.authorization)).json().value).toEqual(
      none,
    );
    const offered = await bo(app, 'POST', '/bo/api/agents/contracts', {
      userName: top.username,
      templateId: saved.json().value.id,
    });
    expect(offered.json().value).toMatchObject({
      userName: top.username,
      kind: 'dividend',
      status: 'pending',
      offeredBy: null,
    });
    expect((await call(app, 'GET', '/wps/agent/contractRequests', top.authorization)).json().value).toEqual({
      ...none,
      divtypecompperiodreq: true,
    });
    const page = await call(app, 'GET', '/wps/agent/contracts/dividend', top.authorization);
    expect(page.json().value).toMatchObject({
      kind: 'dividend',
      active: null,
      canOffer: false,
      pending: { id: offered.json().value.id },
    });

    // Nobody answers another member's request; the owner accepts it once.
    const id = offered.json().value.id as number;
    expect((await call(app, 'POST', `/wps/agent/contracts/${id}/accept`, sub.authorization)).statusCode).toBe(
      404,
    );
    expect(
      (await call(app, 'POST', `/wps/agent/contracts/${id}/accept`, top.authorization)).json().value.status,
    ).toBe('active');
    expect(
      (await call(app, 'POST', `/wps/agent/contracts/${id}/decline`, top.authorization)).json().code,
    ).toBe('CONTRACT_NOT_PENDING');
    expect((await call(app, 'GET', '/wps/agent/contractRequests', top.authorization)).json().value).toEqual(
      none,
    );

    // The upline offers its sub-agent no more than its own contract pays.
    const tooHigh = await call(app, 'POST', '/wps/agent/contracts/offer', top.authorization, {
      userName: sub.username,
      kind: 'dividend',
      terms: { tiers: [{ min: '0', minActive: 1, rate: '25' }], cycle: 'week' },
    });
    expect(tooHigh.json().code).toBe('CONTRACT_TERMS_TOO_HIGH');
    const down = await call(app, 'POST', '/wps/agent/contracts/offer', top.authorization, {
      userName: sub.username,
      kind: 'dividend',
      terms: { tiers: [{ min: '0', minActive: 1, rate: '12.5' }], cycle: 'week' },
    });
    expect(down.statusCode, down.body).toBe(200);
    // No salary contract of its own: it offers none.
    const noSalary = await call(app, 'POST', '/wps/agent/contracts/offer', top.authorization, {
      userName: sub.username,
      kind: 'salary',
      terms: { tiers: [{ min: '0', minActive: 1, rate: '0.1' }] },
    });
    expect(noSalary.json().code).toBe('CONTRACT_TERMS_TOO_HIGH');
    const subPage = (await call(app, 'GET', '/wps/agent/contracts/dividend', sub.authorization)).json().value;
    expect(subPage.pending).toMatchObject({ offeredBy: top.username, terms: { tiers: [{ rate: '12.50' }] } });
    // Type 41 is never asked at sign-in (spec §6), though the request waits on its page.
    await makeAgent(app, sub.username, 41);
    expect((await call(app, 'GET', '/wps/agent/contractRequests', sub.authorization)).json().value).toEqual(
      none,
    );
    const declined = await call(
      app,
      'POST',
      `/wps/agent/contracts/${subPage.pending.id}/decline`,
      sub.authorization,
    );
    expect(declined.json().value.status).toBe('declined');

    const audit = await bo(app, 'GET', '/bo/api/audit?action=agent.contract.accept');
    expect(audit.json().value.list).toHaveLength(1);
    const listed = await bo(app, 'GET', `/bo/api/agents/contracts?userName=${sub.username}`);
    expect(listed.json().value.map((c: { status: string }) => c.status)).toEqual(['declined']);
  });

  it('computes each contract type from the team journal as by hand, and pays an approved period once', async () => {
    const app = await createTestApp(dialect);
    await patchSettings(app, { register: { captcha: { enabled: false } } });
    const agent = await signUp(app);
    const code = await makeAgent(app, agent.username);
    const a = await signUp(app, code);
    const b = await signUp(app, code);
    const stranger = await createTestMember(app);
    await contractAccepted(app, agent.username, agent.authorization, 'salary', {
      tiers: [
        { min: '10', minActive: 2, rate: '1', fixed: '0.50' },
        { min: '100', minActive: 2, rate: '5' },
      ],
    });
    await contractAccepted(app, agent.username, agent.authorization, 'hourly', {
      tiers: [{ min: '0', minActive: 1, rate: '0.5' }],
    });
    await contractAccepted(app, agent.username, agent.authorization, 'dividend', {
      tiers: [{ min: '50', minActive: 1, rate: '20' }],
      cycle: 'day',
    });
    for (const who of [a, b, agent, stranger]) await fund(app, who.username, '200.00');
    // a: bets 20 and wins 12, bets 5 rolled back, bets 10 → turnover 30.00, lost 18.00.
    await play(app, a.username, 'a', [
      ['bet', '20.00'],
      ['win', '12.00', '0'],
      ['bet', '5.00'],
      ['rollback', '5.00', '2'],
      ['bet', '10.00'],
    ]);
    // b: bets 50 and loses it. The agent's own play and a stranger's count for no team.
    await play(app, b.username, 'b', [['bet', '50.00']]);
    await play(app, agent.username, 'g', [['bet', '40.00']]);
    await play(app, stranger.username, 's', [['bet', '9.00']]);

    const operator = await app.services.settings.defaultOperator();
    // Nothing is computed while the periods run.
    expect((await app.services.contracts.runOperator(operator.id, Date.now(), undefined)).computed).toBe(0);
    const report = await app.services.contracts.runOperator(operator.id, Date.now() + DAY, undefined);
    expect(report).toMatchObject({ ran: true, paid: 0 });
    const rows = await commissionsOf(app, agent.id);
    const withPlay = rows.filter((r) => Number(r.turnover) > 0);
    const byKind = (kind: string) => withPlay.filter((r) => r.kind === kind);
    // Team turnover 80.00 with 2 players, net loss 68.00.
    // Daily salary: step 1 (from 10.00, 2 players): 0.50 + 1 % of 80.00 = 1.30.
    expect(
      byKind('salary').map((r) => [
        Number(r.turnover),
        Number(r.net_loss),
        Number(r.active_members),
        Number(r.amount),
      ]),
    ).toEqual([[8_000, 6_800, 2, 130]]);
    // Dividend: 20 % of the 68.00 lost = 13.60.
    expect(byKind('dividend').map((r) => Number(r.amount))).toEqual([1_360]);
    // Hourly: 0.5 % of each hour's turnover, rounded down, over the hours the play fell in.
    const hourly = byKind('hourly');
    expect(hourly.reduce((s, r) => s + Number(r.turnover), 0)).toBe(8_000);
    for (const r of hourly) expect(Number(r.amount)).toBe(Math.floor((Number(r.turnover) * 50) / 10_000));
    // Periods without play earn nothing and need no decision.
    for (const r of rows.filter((x) => Number(x.turnover) === 0)) expect(r.status).toBe('nil');
    for (const r of withPlay) expect(r.status).toBe('pending');

    // The report lists them; finance approves the dividend and it is paid once.
    const finance = await createStaff(app, 'finance');
    const list = await call(
      app,
      'GET',
      '/bo/api/agents/commissions?kind=dividend&status=pending',
      finance.headers.authorization,
    );
    expect(list.json().value.items).toEqual([
      expect.objectContaining({
        userName: agent.username,
        turnover: '80.00',
        netLoss: '68.00',
        amount: '13.60',
        paid: '0.00',
      }),
    ]);
    const dividendId = list.json().value.items[0].id as number;
    const before = await walletBalance(app, agent.authorization);
    const approvals = await race(4, () =>
      call(app, 'POST', `/bo/api/agents/commissions/${dividendId}/approve`, finance.headers.authorization),
    );
    expect(tally(approvals, (o) => (o.ok ? String(o.value.statusCode) : 'threw'))).toEqual({
      200: 1,
      409: 3,
    });
    expect(Number(await walletBalance(app, agent.authorization)) - Number(before)).toBeCloseTo(13.6, 2);
    expect(await payoutEntries(app, agent.id)).toEqual([
      { idem_key: `agent:${agent.id}:dividend:${byKind('dividend')[0]!.period_key}`, kind: 'commission' },
    ]);
    // Support may not approve payouts.
    const support = await createStaff(app, 'support');
    const salaryId = Number(byKind('salary')[0]!.id);
    expect(
      (
        await call(
          app,
          'POST',
          `/bo/api/agents/commissions/${salaryId}/approve`,
          support.headers.authorization,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(
          app,
          'POST',
          `/bo/api/agents/commissions/${salaryId}/reject`,
          finance.headers.authorization,
        )
      ).json().value.status,
    ).toBe('rejected');

    // A later run computes nothing again and pays nothing twice.
    expect(await app.services.contracts.runOperator(operator.id, Date.now() + DAY, undefined)).toMatchObject({
      computed: 0,
      paid: 0,
    });

    // More play lands in the period; a recompute shows the difference, and paying it is keyed anew.
    await play(app, b.username, 'b2', [['bet', '20.00']]);
    const re = await call(
      app,
      'POST',
      `/bo/api/agents/commissions/${dividendId}/recompute`,
      finance.headers.authorization,
    );
    // Lost 88.00 now: 17.60, of which 13.60 was paid.
    expect(re.json().value).toMatchObject({
      amount: '17.60',
      paid: '13.60',
      difference: '4.00',
      previousAmount: '13.60',
      status: 'pending',
    });
    await call(
      app,
      'POST',
      `/bo/api/agents/commissions/${dividendId}/approve`,
      finance.headers.authorization,
    );
    expect((await payoutEntries(app, agent.id)).map((e) => e.idem_key.split(':').length)).toEqual([4, 5]);
    const audit = await bo(app, 'GET', '/bo/api/audit?action=agent.commission.paid');
    expect(
      audit
        .json()
        .value.list.map((e: { detail: { amount: string } }) => e.detail.amount)
        .sort(),
    ).toEqual(['13.60', '4.00']);
    await expectLedgerOk(app);
  });

  it("lets only agents through the agent centre's sign-in (spec §6 'Non-agents cannot log in')", async () => {
    const app = await createTestApp(dialect);
    await patchSettings(app, { register: { captcha: { enabled: false } } });
    const member = await signUp(app);
    const sessionsOf = () =>
      app.services.db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll<number>().as('c'))
        .where('subject_id', '=', member.id)
        .executeTakeFirstOrThrow();
    const before = Number((await sessionsOf()).c);
    const refused = await login(
      app,
      { username: member.username, password: GOOD_PASSWORD, agentOnly: true },
      { language: 'EN' },
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'NOT_AGENT', message: 'Non-agents cannot log in' });
    expect(Number((await sessionsOf()).c)).toBe(before);
    // The ordinary sign-in still lets them in; once an agent, the agent sign-in does too.
    expect((await login(app, { username: member.username, password: GOOD_PASSWORD })).statusCode).toBe(200);
    await makeAgent(app, member.username);
    const agent = await login(app, { username: member.username, password: GOOD_PASSWORD, agentOnly: true });
    expect(agent.statusCode, agent.body).toBe(200);
  });

  it("counts an in-house round's stake as team turnover and its win as payout", async () => {
    const app = await createTestApp(dialect);
    await patchSettings(app, { register: { captcha: { enabled: false } } });
    const agent = await signUp(app);
    const a = await signUp(app, await makeAgent(app, agent.username));
    await fund(app, a.username, '50.00');
    let stakes = 0;
    let wins = 0;
    for (let i = 0; i < 6; i++) {
      const res = await call(app, 'POST', '/play/api/rounds', a.authorization, {
        gameCode: 'COINFLIP',
        stake: '2.00',
        options: { side: 'heads' },
        requestId: `round-${i}-${Date.now()}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      stakes += 200;
      wins += Math.round(Number(res.json().value.win) * 100);
    }
    const today = new Date().toISOString().slice(0, 10);
    const kpi = await call(
      app,
      'GET',
      `/wps/agent/teamKpi?startDate=${today}&endDate=${today}`,
      agent.authorization,
    );
    expect(kpi.json().value).toMatchObject({
      bettors: 1,
      turnover: (stakes / 100).toFixed(2),
      payout: (wins / 100).toFixed(2),
      profitLoss: ((wins - stakes) / 100).toFixed(2),
    });
    await expectLedgerOk(app);
  });

  it('runs the payout job twice in parallel and pays each period once', async () => {
    const app = await createTestApp(dialect);
    await patchSettings(app, { register: { captcha: { enabled: false } } });
    const agent = await signUp(app);
    const code = await makeAgent(app, agent.username);
    const a = await signUp(app, code);
    await contractAccepted(app, agent.username, agent.authorization, 'dividend', {
      tiers: [{ min: '0', minActive: 1, rate: '10' }],
      cycle: 'day',
    });
    // Commissions up to 100.00 are approved by the job itself.
    expect(
      (await bo(app, 'PUT', '/bo/api/agents/commission-settings', { autoApproveLimit: '100.00' })).statusCode,
    ).toBe(200);
    await fund(app, a.username, '100.00');
    await play(app, a.username, 'p', [['bet', '40.00']]);
    const operator = await app.services.settings.defaultOperator();
    const at = Date.now() + DAY;
    const runs = await race(3, () => app.services.contracts.runOperator(operator.id, at, undefined));
    const reports = runs.map((r) => (r.ok ? r.value : { error: r.error }));
    // One pass holds the lease; the others do nothing.
    expect(reports.filter((r) => 'ran' in r && r.ran)).toHaveLength(1);
    await app.services.contracts.runOperator(operator.id, at, undefined);
    const rows = (await commissionsOf(app, agent.id)).filter((r) => Number(r.amount) > 0);
    expect(rows.map((r) => [Number(r.amount), r.status, Number(r.paid_count)])).toEqual([[400, 'paid', 1]]);
    expect(await payoutEntries(app, agent.id)).toHaveLength(1);
    expect(await walletBalance(app, agent.authorization)).toBe('4.00');

    // Without the lease, payout steps racing over the same approved row still pay it once: the
    // ledger key and the row's conditional update are one transaction. (An approved row left unpaid
    // is what a crash between an approval and its payout leaves.)
    await contractAccepted(app, agent.username, agent.authorization, 'salary', {
      tiers: [{ min: '0', minActive: 1, rate: '5' }],
    });
    await bo(app, 'PUT', '/bo/api/agents/commission-settings', { autoApproveLimit: '0.00' });
    expect((await app.services.contracts.runOperator(operator.id, at, undefined)).paid).toBe(0);
    const salary = (await commissionsOf(app, agent.id)).find(
      (r) => r.kind === 'salary' && Number(r.amount) > 0,
    )!;
    expect([Number(salary.amount), salary.status]).toEqual([200, 'pending']);
    await app.services.db
      .updateTable('agent_commissions')
      .set({ status: 'approved' })
      .where('id', '=', Number(salary.id))
      .execute();
    const payers = await race(4, () => app.services.contracts.payApproved(operator.id));
    expect(payers.map((p) => (p.ok ? p.value : p.error)).reduce((x, y) => Number(x) + Number(y), 0)).toBe(1);
    expect(await payoutEntries(app, agent.id)).toHaveLength(2);
    expect(await walletBalance(app, agent.authorization)).toBe('6.00');
    await expectLedgerOk(app);
  });

  it('transfers to the downline and up where allowed, with the fund password, never overdrawing', async () => {
    const app = await createTestApp(dialect);
    await patchSettings(app, { register: { captcha: { enabled: false } } });
    const agent = await signUp(app);
    const code = await makeAgent(app, agent.username);
    const sub = await signUp(app, code);
    const subCode = await makeAgent(app, sub.username, 2);
    const leaf = await signUp(app, subCode);
    const stranger = await signUp(app);
    await setFundPassword(app, agent.authorization);
    await setFundPassword(app, sub.authorization);
    await setFundPassword(app, leaf.authorization);
    await fund(app, agent.username, '100.00');
    await fund(app, sub.username, '50.00');
    await fund(app, leaf.username, '50.00');
    let n = 0;
    const send = (
      from: { authorization: string },
      userName: string,
      direction: 'down' | 'up',
      amount: string,
      fundPassword = FUND_PASSWORD,
      requestId = `req-${Date.now()}-${n++}`,
    ) =>
      call(app, 'POST', '/wps/agent/transfer', from.authorization, {
        userName,
        direction,
        amount,
        fundPassword,
        requestId,
      });

    // To a member two levels down, with the fund password.
    const ok = await send(agent, leaf.username, 'down', '10.00');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value).toMatchObject({ userName: leaf.username, amount: '10.00', balance: '90.00' });
    expect(await walletBalance(app, leaf.authorization)).toBe('60.00');
    expect((await send(agent, leaf.username, 'down', '1.00', 'wrong-pass')).json().code).toBe(
      'FUND_PASSWORD_INCORRECT',
    );
    expect((await send(agent, stranger.username, 'down', '1.00')).json().code).toBe('TRANSFER_NOT_ALLOWED');
    // A retry of one request transfers once.
    const twice = await Promise.all([
      send(agent, sub.username, 'down', '5.00', FUND_PASSWORD, 'retry-0001'),
      send(agent, sub.username, 'down', '5.00', FUND_PASSWORD, 'retry-0001'),
    ]);
    expect(twice.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await walletBalance(app, sub.authorization)).toBe('55.00');

    // Up: agents only, only with TRANSUP3, only to the direct upline, and type 2 never.
    await patchSettings(app, { whitelabel: { TRANSUP3: true } });
    expect((await send(leaf, sub.username, 'up', '1.00')).json().code).toBe('NOT_AGENT');
    await makeAgent(app, leaf.username, 3);
    await patchSettings(app, { whitelabel: { TRANSUP3: false } });
    expect((await send(leaf, sub.username, 'up', '1.00')).json().code).toBe('TRANSFER_NOT_ALLOWED');
    await patchSettings(app, { whitelabel: { TRANSUP3: true } });
    expect((await send(leaf, sub.username, 'up', '1.00')).statusCode).toBe(200);
    expect((await send(leaf, agent.username, 'up', '1.00')).json().code).toBe('TRANSFER_NOT_ALLOWED');
    expect((await send(sub, agent.username, 'up', '1.00')).json().code).toBe('TRANSFER_NOT_ALLOWED');
    // Nobody sends "down" to their upline.
    expect((await send(leaf, sub.username, 'down', '1.00')).json().code).toBe('TRANSFER_NOT_ALLOWED');

    // Seven parallel transfers of 15.00 from 85.00: five go through, none overdraws.
    const agentBalance = Number(await walletBalance(app, agent.authorization));
    expect(agentBalance).toBe(85);
    const raced = await race(7, (i) => send(agent, i % 2 ? sub.username : leaf.username, 'down', '15.00'));
    const counts = tally(raced, (o) =>
      o.ok ? (o.value.statusCode === 200 ? 'ok' : o.value.json().code) : 'threw',
    );
    expect(counts).toEqual({ ok: 5, INSUFFICIENT_FUNDS: 2 });
    expect(await walletBalance(app, agent.authorization)).toBe('10.00');
    const transfers = await app.services.db.selectFrom('agent_transfers').select(['status']).execute();
    expect(transfers.every((t) => t.status === 'done')).toBe(true);
    const audit = await bo(app, 'GET', '/bo/api/audit?action=agent.transfer');
    expect(audit.json().value.list.length).toBe(8);
    await expectLedgerOk(app);
  });

  if (dialect === 'postgres')
    it('pays a period once when two instances run the job at the same moment', async () => {
      const { appA, appB } = await createTwoInstances();
      await patchSettings(appA, { register: { captcha: { enabled: false } } });
      const agent = await signUp(appA);
      const code = await makeAgent(appA, agent.username);
      const a = await signUp(appA, code);
      await contractAccepted(appA, agent.username, agent.authorization, 'salary', {
        tiers: [{ min: '0', minActive: 1, rate: '2' }],
      });
      await bo(appA, 'PUT', '/bo/api/agents/commission-settings', { autoApproveLimit: '1000.00' });
      await fund(appA, a.username, '100.00');
      await play(appA, a.username, 'm', [['bet', '25.00']]);
      const operator = await appA.services.settings.defaultOperator();
      const at = Date.now() + DAY;
      await Promise.all([
        appA.services.contracts.runOperator(operator.id, at, undefined),
        appB.services.contracts.runOperator(operator.id, at, undefined),
      ]);
      // Whichever lost the lease, the next pass of the other finds everything done.
      await Promise.all([
        appA.services.contracts.runOperator(operator.id, at, undefined),
        appB.services.contracts.runOperator(operator.id, at, undefined),
      ]);
      expect(await payoutEntries(appA, agent.id)).toHaveLength(1);
      expect(await walletBalance(appA, agent.authorization)).toBe('0.50');
      await expectLedgerOk(appA);
    });
});
