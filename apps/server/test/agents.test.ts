import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { GOOD_PASSWORD, newUsername, patchSettings, register, smsCode } from './support/auth-client.ts';
import { expectLedgerOk } from './support/ledger.ts';
import { BANK_CHANNEL, createChannel, uploadId } from './support/payments.ts';
import { connectVendor, fund, seamlessCall, staffHeaders } from './support/seamless.ts';
import { createStaff } from './support/staff.ts';
import { createTestApp, createTestMember, DIALECTS } from './support/test-app.ts';

/** Makes a member an agent the way an operator does, returning its affiliate code. */
async function makeAgent(app: App, userName: string, type = 1, level = 1): Promise<string> {
  const res = await app.inject({
    method: 'PUT',
    url: '/bo/api/agents',
    headers: await staffHeaders(app),
    payload: { userName, type, level },
  });
  if (res.statusCode !== 200) throw new Error(`make agent: ${res.body}`);
  return res.json().value.code as string;
}

/** Registers by username with an affiliate code; the new member's login result. */
async function registerUnder(app: App, code: string) {
  const username = newUsername();
  const res = await register(app, {
    username,
    password: GOOD_PASSWORD,
    confirmPassword: GOOD_PASSWORD,
    affiliateCode: code,
  });
  if (res.statusCode !== 200) throw new Error(`register: ${res.body}`);
  const v = res.json().value as { token: string; userName: string };
  return { username: v.userName, authorization: `Bearer ${v.token}` };
}

// English answers: the demo operator's default language is Filipino.
const get = (app: App, url: string, authorization: string) =>
  app.inject({ method: 'GET', url, headers: { authorization, language: 'EN' } });

const networkOf = (app: App, memberName: string) =>
  app.services.db
    .selectFrom('agent_network as n')
    .innerJoin('members as m', 'm.id', 'n.member_id')
    .innerJoin('members as a', 'a.id', 'n.ancestor_id')
    .select(['a.username as ancestor', 'n.depth', 'n.operator_id'])
    .where('m.username', '=', memberName)
    .orderBy('n.depth')
    .execute();

describe.each(DIALECTS)('agents on %s', (dialect) => {
  it('lets owners and admins make agents, support only read them, and audits every change', async () => {
    const app = await createTestApp(dialect);
    const member = await createTestMember(app);
    const support = await createStaff(app, 'support');
    const finance = await createStaff(app, 'finance');
    const body = { userName: member.username, type: 1, level: 2 };
    const refused = await app.inject({
      method: 'PUT',
      url: '/bo/api/agents',
      headers: support.headers,
      payload: body,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ROLE_FORBIDDEN');

    const code = await makeAgent(app, member.username, 1, 2);
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    for (const staff of [support, finance]) {
      const list = await get(app, '/bo/api/agents', staff.headers.authorization);
      expect(list.statusCode).toBe(200);
      expect(list.json().value.items).toEqual([
        expect.objectContaining({ userName: member.username, type: 1, level: 2, code, team: 0, direct: 0 }),
      ]);
    }
    // Changing the type and level keeps the code.
    expect(await makeAgent(app, member.username, 3, 5)).toBe(code);
    const search = await get(app, `/bo/api/agents?q=${code}`, (await staffHeaders(app)).authorization);
    expect(search.json().value.items[0]).toMatchObject({ type: 3, level: 5 });

    // Types the spec names non-agents, unknown members and trial accounts are refused.
    const staff = await staffHeaders(app);
    const put = (payload: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: '/bo/api/agents', headers: { ...staff, language: 'EN' }, payload });
    for (const type of [0, 4, 40]) {
      const res = await put({ userName: member.username, type, level: 1 });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.type).toEqual(['This type is not an agent type']);
    }
    expect((await put({ userName: 'nobody-here', type: 1, level: 1 })).json().code).toBe('MEMBER_NOT_FOUND');
    const trial = await createTestMember(app, { type: 4 });
    expect((await put({ userName: trial.username, type: 1, level: 1 })).json().code).toBe(
      'AGENT_NOT_ELIGIBLE',
    );

    const audit = await get(app, '/bo/api/audit?action=agent.update', staff.authorization);
    expect(audit.json().value.list[0].detail).toMatchObject({ type: 3, level: 5, previousType: 1 });
    const created = await get(app, '/bo/api/audit?action=agent.create', staff.authorization);
    expect(created.json().value.list).toHaveLength(1);
  });

  it('binds members registering with an agent code under the agent, through every level', async () => {
    const app = await createTestApp(dialect);
    await patchSettings(app, { register: { captcha: { enabled: false } } });
    const top = await createTestMember(app);
    const topCode = await makeAgent(app, top.username);
    const mid = await registerUnder(app, topCode.toLowerCase());
    const midCode = await makeAgent(app, mid.username, 2, 2);

    // Mobile registration binds the same way.
    const sms = await smsCode(app, 'register', '+63', '9181234500');
    const viaMobile = await register(
      app,
      {
        countryDialingCode: '+63',
        mobileNum: '9181234500',
        verificationCode: sms,
        password: GOOD_PASSWORD,
        confirmPassword: GOOD_PASSWORD,
        affiliateCode: midCode,
      },
      true,
    );
    expect(viaMobile.statusCode).toBe(200);
    const leaf = viaMobile.json().value.userName as string;
    const operator = await app.services.settings.defaultOperator();
    expect(await networkOf(app, leaf)).toEqual([
      { ancestor: mid.username, depth: 1, operator_id: operator.id },
      { ancestor: top.username, depth: 2, operator_id: operator.id },
    ]);
    const row = await app.services.db
      .selectFrom('members')
      .select(['upline_id', 'affiliate_code'])
      .where('username', '=', leaf)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ upline_id: expect.any(Number), affiliate_code: midCode });

    // No code, no upline: a member with no upline is nobody's downline.
    const plain = await register(app, {
      username: newUsername(),
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
    });
    expect(await networkOf(app, plain.json().value.userName)).toEqual([]);

    const list = await get(app, '/bo/api/agents', (await staffHeaders(app)).authorization);
    const byName = Object.fromEntries(
      (list.json().value.items as { userName: string }[]).map((a) => [a.userName, a]),
    );
    expect(byName[top.username]).toMatchObject({ direct: 1, team: 2, upline: null });
    expect(byName[mid.username]).toMatchObject({ direct: 1, team: 1, upline: top.username, type: 2 });

    // An agent made an ordinary member again: its code binds nobody, its centre is closed.
    const removed = await app.inject({
      method: 'DELETE',
      url: `/bo/api/agents/${mid.username}`,
      headers: await staffHeaders(app),
    });
    expect(removed.json().value).toEqual({ userName: mid.username, type: 0 });
    expect((await get(app, `/wps/agent/affiliate?affiliateCode=${midCode}`, '')).json().value).toEqual({
      success: false,
    });
    const late = await register(app, {
      username: newUsername(),
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
      affiliateCode: midCode,
    });
    expect(late.json().code).toBe('INVALID_INVITATION_CODE');
    expect((await get(app, '/wps/agent/home', mid.authorization)).json().code).toBe('NOT_AGENT');
    // The downline stays where it was.
    expect(await networkOf(app, leaf)).toHaveLength(2);
  });

  it("shows an agent its link, its downline and the team's figures from the journal", async () => {
    const app = await createTestApp(dialect);
    await patchSettings(app, { register: { captcha: { enabled: false } } });
    const agent = await createTestMember(app);
    const stranger = await createTestMember(app);
    expect((await get(app, '/wps/agent/home', stranger.authorization)).json()).toMatchObject({
      code: 'NOT_AGENT',
      message: 'Non-agents cannot log in',
    });
    expect((await get(app, '/wps/agent/home', stranger.authorization)).statusCode).toBe(403);
    const code = await makeAgent(app, agent.username, 1, 3);

    const home = await get(app, '/wps/agent/home', agent.authorization);
    expect(home.statusCode).toBe(200);
    expect(home.json().value).toMatchObject({
      userName: agent.username,
      type: 1,
      level: 3,
      code,
      path: `/m/register?affiliateCode=${code}`,
      team: 0,
      direct: 0,
      upline: null,
    });
    expect(home.json().value.link).toMatch(new RegExp(`/m/register\\?affiliateCode=${code}$`));
    expect(home.json().value.qr).toMatch(/^data:image\/svg\+xml;base64,/);

    const a = await registerUnder(app, code);
    const b = await registerUnder(app, code);
    const bCode = await makeAgent(app, b.username);
    const c = await registerUnder(app, bCode);

    // The downline: nearest first, searchable, pageable, direct members alone on request.
    const team = await get(app, '/wps/agent/team?pageSize=2', agent.authorization);
    expect(team.json().value).toMatchObject({ totalCount: 3, totalPages: 2, pageNo: 1 });
    expect(team.json().value.list.map((m: { depth: number }) => m.depth)).toEqual([1, 1]);
    const page2 = await get(app, '/wps/agent/team?pageSize=2&pageNo=2', agent.authorization);
    expect(page2.json().value.list).toEqual([
      expect.objectContaining({ userName: c.username, depth: 2, agent: false }),
    ]);
    const found = await get(app, `/wps/agent/team?userName=${b.username.slice(1)}`, agent.authorization);
    expect(found.json().value.list).toEqual([expect.objectContaining({ userName: b.username, agent: true })]);
    const direct = await get(app, '/wps/agent/team?direct=true', agent.authorization);
    expect(direct.json().value.totalCount).toBe(2);
    // A search's wildcards are literal text.
    expect(
      (await get(app, '/wps/agent/team?userName=%25', agent.authorization)).json().value.totalCount,
    ).toBe(0);
    // Nobody reads another agent's team: the call answers for the signed-in agent only.
    const bTeam = await get(app, '/wps/agent/team', b.authorization);
    expect(bTeam.json().value.list.map((m: { userName: string }) => m.userName)).toEqual([c.username]);

    // Money: c deposits 100 through the money desk; a bets 30, wins 12, has 5 rolled back; the
    // agent's own play and a stranger's count for nobody's team.
    const bank = await createChannel(app, BANK_CHANNEL);
    const receipt = await uploadId(app, c.authorization);
    const dep = await app.inject({
      method: 'POST',
      url: '/wps/relay/MCS2_deposit',
      headers: { authorization: c.authorization },
      payload: { channelId: bank.id, amount: '100.00', reference: 'REF-100', receiptIds: [receipt] },
    });
    expect(dep.statusCode).toBe(200);
    const approved = await app.inject({
      method: 'POST',
      url: `/bo/api/deposits/${dep.json().value.depositId}/approve`,
      headers: await staffHeaders(app),
      payload: {},
    });
    expect(approved.statusCode).toBe(200);
    const vendor = await connectVendor(app, 'JILI');
    for (const who of [a.username, agent.username, stranger.username]) await fund(app, who, '100.00');
    const call = (
      action: 'bet' | 'win' | 'rollback',
      userName: string,
      tx: string,
      amount: string,
      ref?: string,
    ) =>
      seamlessCall(app, vendor, action, {
        userName,
        transactionId: tx,
        roundId: `r-${tx.split('-')[0]}`,
        amount,
        ...(ref ? { refTransactionId: ref } : {}),
      });
    for (const [action, tx, amount, ref] of [
      ['bet', 'a1-bet', '20.00'],
      ['win', 'a1-win', '12.00'],
      ['bet', 'a2-bet', '5.00'],
      ['rollback', 'a2-rb', '5.00', 'a2-bet'],
      ['bet', 'a3-bet', '10.00'],
    ] as const) {
      const res = await call(action, a.username, tx, amount, ref);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await call('bet', agent.username, 'x1-bet', '7.00')).statusCode).toBe(200);
    expect((await call('bet', stranger.username, 'y1-bet', '9.00')).statusCode).toBe(200);

    const today = new Date().toISOString().slice(0, 10);
    const kpi = await get(app, `/wps/agent/teamKpi?startDate=${today}&endDate=${today}`, agent.authorization);
    expect(kpi.statusCode).toBe(200);
    expect(kpi.json().value).toMatchObject({
      startDate: today,
      endDate: today,
      timeZone: 'UTC',
      registrations: 3,
      firstDeposits: 1,
      firstDepositAmount: '100.00',
      bettors: 1,
      turnover: '30.00',
      payout: '12.00',
      profitLoss: '-18.00',
      deposits: '100.00',
      withdrawals: '0.00',
    });
    // b's team is c alone: c's deposit, no play.
    const bKpi = await get(app, `/wps/agent/teamKpi?startDate=${today}&endDate=${today}`, b.authorization);
    expect(bKpi.json().value).toMatchObject({ registrations: 1, firstDeposits: 1, turnover: '0.00' });
    // A past period holds nothing.
    const past = await get(
      app,
      '/wps/agent/teamKpi?startDate=2026-01-01&endDate=2026-01-31',
      agent.authorization,
    );
    expect(past.json().value).toMatchObject({ registrations: 0, firstDeposits: 0, turnover: '0.00' });
    expect((await get(app, '/wps/agent/home', agent.authorization)).json().value).toMatchObject({
      team: 3,
      direct: 2,
    });
    await expectLedgerOk(app);
  });
});
