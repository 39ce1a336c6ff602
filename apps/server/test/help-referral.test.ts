import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { patchSettings, registerMember } from './support/auth-client.ts';
import { expectLedgerOk } from './support/ledger.ts';
import { BANK_CHANNEL, createChannel, uploadId } from './support/payments.ts';
import { race } from './support/race.ts';
import { staffHeaders, walletBalance } from './support/seamless.ts';
import { DIALECTS, createTestApp, createTestMember } from './support/test-app.ts';

/**
 * Help centre and invite friends (issue 16): help topics per language with operator HTML sanitised
 * on save and on render; referral links recorded at registration, friends private to their referrer,
 * and the reward paid once through the ledger when a friend's first deposit qualifies.
 */
describe.each(DIALECTS)('help centre and invite friends (%s)', (dialect) => {
  const ready = (async () => {
    const app = await createTestApp(dialect);
    const operator = await app.services.settings.defaultOperator();
    await app.services.help.seedDefaults(operator.id, ['EN', 'AR']);
    const bank = await createChannel(app, BANK_CHANNEL);
    return { app, operatorId: operator.id, bank };
  })();
  ready.catch(() => undefined);
  beforeAll(async () => {
    await ready;
  }, 120_000);

  const helpCenter = (app: App, lang: string) =>
    app.inject({ method: 'GET', url: `/wps/system/helpCenter?device=MOBILE&lang=${lang}` });

  const topic = {
    language: 'EN',
    tag: 'faq',
    tabTitle: 'FAQ',
    title: 'Is it safe?',
    content:
      '<p onclick="steal()">Yes.<script>alert(1)</script><a href="javascript:alert(2)">x</a><img src="x" onerror="alert(3)"></p>',
  };

  it('serves the seeded help texts per language, in tabs by tag', async () => {
    const { app } = await ready;
    const en = (await helpCenter(app, 'EN')).json().value;
    expect(en.language).toBe('EN');
    expect([...new Set(en.items.map((i: { tag: string }) => i.tag))]).toEqual([
      'deposit',
      'withdraw',
      'responsible',
      'security',
    ]);
    expect(en.items.map((i: { title: string }) => i.title)).toContain('Time-out and self-exclusion');
    const ar = (await helpCenter(app, 'AR')).json().value;
    expect(ar.language).toBe('AR');
    expect(ar.items[0].title).toBe('كيفية الإيداع');
    // A supported language without texts falls back to the operator's default, then English.
    const ja = (await helpCenter(app, 'JA')).json().value;
    expect(ja.items.length).toBe(en.items.length);
  });

  it('sanitises operator HTML on save and on render, audits every change, and lets only staff write', async () => {
    const { app, operatorId } = await ready;
    const headers = await staffHeaders(app);
    const guest = await app.inject({ method: 'POST', url: '/bo/api/help', payload: topic });
    expect(guest.statusCode).toBe(401);
    const created = await app.inject({ method: 'POST', url: '/bo/api/help', headers, payload: topic });
    expect(created.statusCode).toBe(200);
    const saved = created.json().value;
    for (const bad of ['script', 'onclick', 'onerror', 'javascript:'])
      expect(saved.content).not.toContain(bad);
    expect(saved.content).toContain('Yes.');

    // A row written around the service (an import, an old version) is cleaned on the way out too.
    await app.services.db
      .updateTable('help_topics')
      .set({
        content: '<p>Hi<script>alert(1)</script><iframe src="https://evil"></iframe></p>',
        updated_at: 1,
      })
      .where('id', '=', saved.id)
      .execute();
    const served = (await helpCenter(app, 'EN'))
      .json()
      .value.items.find((i: { id: number }) => i.id === saved.id);
    expect(served.content).toBe('<p>Hi</p>');

    const updated = await app.inject({
      method: 'PUT',
      url: `/bo/api/help/${saved.id}`,
      headers,
      payload: { ...topic, title: 'Is my money safe?', content: '<p>Yes, <b>always</b>.</p>' },
    });
    expect(updated.json().value.title).toBe('Is my money safe?');
    const list = (await app.inject({ method: 'GET', url: '/bo/api/help?language=EN', headers })).json().value;
    const ids = list.map((t: { id: number }) => t.id);
    const reordered = await app.inject({
      method: 'PUT',
      url: '/bo/api/help/order',
      headers,
      payload: { language: 'EN', ids: [saved.id, ...ids.filter((i: number) => i !== saved.id)] },
    });
    expect(reordered.json().value[0].id).toBe(saved.id);
    expect((await helpCenter(app, 'EN')).json().value.items[0].tag).toBe('faq');
    // An order that leaves a topic out is refused.
    const partial = await app.inject({
      method: 'PUT',
      url: '/bo/api/help/order',
      headers,
      payload: { language: 'EN', ids: [saved.id] },
    });
    expect(partial.statusCode).toBe(400);
    const removed = await app.inject({ method: 'DELETE', url: `/bo/api/help/${saved.id}`, headers });
    expect(removed.statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'DELETE', url: `/bo/api/help/${saved.id}`, headers })).statusCode,
    ).toBe(404);
    const actions = (
      await app.services.db
        .selectFrom('audit_log')
        .select('action')
        .where('operator_id', '=', operatorId)
        .where('action', 'like', 'help.topic.%')
        .execute()
    ).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'help.topic.created',
        'help.topic.updated',
        'help.topic.reordered',
        'help.topic.deleted',
      ]),
    );
  });

  /** A bank-transfer deposit the money desk approves (credited through the ledger). */
  async function depositApproved(app: App, bank: { id: number }, authorization: string, amount: string) {
    const receipt = await uploadId(app, authorization);
    const res = await app.inject({
      method: 'POST',
      url: '/wps/relay/MCS2_deposit',
      headers: { authorization },
      payload: { channelId: bank.id, amount, reference: `REF-${amount}`, receiptIds: [receipt] },
    });
    if (res.statusCode !== 200) throw new Error(`deposit: ${res.body}`);
    const approved = await app.inject({
      method: 'POST',
      url: `/bo/api/deposits/${res.json().value.depositId}/approve`,
      headers: await staffHeaders(app),
      payload: {},
    });
    if (approved.statusCode !== 200) throw new Error(`approve: ${approved.body}`);
  }

  const summary = (app: App, authorization: string) =>
    app.inject({ method: 'GET', url: '/wps/referral/summary', headers: { authorization } });

  it('records a friend who registers with the link, keeps friends private, and pays the reward once', async () => {
    const { app, bank } = await ready;
    const referrer = await createTestMember(app);
    const other = await createTestMember(app);
    const mine = (await summary(app, referrer.authorization)).json().value;
    expect(mine.code).toMatch(/^[A-Z0-9]{8}$/);
    expect(mine.path).toBe(`/m/register?ref=${mine.code}`);
    expect(mine.link.endsWith(mine.path)).toBe(true);
    expect(mine.qr.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(mine.qr.split(',')[1], 'base64').toString()).toContain('<svg');
    expect(mine.friends).toEqual([]);
    // The same code every time.
    expect((await summary(app, referrer.authorization)).json().value.code).toBe(mine.code);

    const friend = await registerMember(app, {
      registerUrl: `https://play.example/m/register?ref=${mine.code}`,
    });
    // A link with an unknown code registers normally and records nothing.
    await registerMember(app, { registerUrl: 'https://play.example/m/register?ref=NOSUCH99' });
    let after = (await summary(app, referrer.authorization)).json().value;
    expect(after.invited).toBe(1);
    expect(after.friends).toHaveLength(1);
    expect(after.friends[0].status).toBe('registered');
    expect(after.friends[0].name).not.toBe(friend.username);
    expect(after.friends[0].name.startsWith(friend.username.slice(0, 2))).toBe(true);
    // Another member sees only their own (none), and there is no way to name someone else's.
    const theirs = (await summary(app, other.authorization)).json().value;
    expect(theirs.friends).toEqual([]);
    expect(theirs.invited).toBe(0);
    expect((await app.inject({ method: 'GET', url: '/wps/referral/summary?memberId=1' })).statusCode).toBe(
      401,
    );

    await depositApproved(app, bank, `Bearer ${friend.token}`, '150.00');
    after = (await summary(app, referrer.authorization)).json().value;
    expect(after.friends[0].status).toBe('qualified');
    expect(after.friends[0].reward).toBe('50.00');
    expect(after.earned).toBe('50.00');
    expect(await walletBalance(app, referrer.authorization)).toBe('50.00');
    // The reward carries its turnover, shown on the withdraw screen.
    const turnover = await app.services.payments.turnover.of(referrer.id);
    expect(turnover.required).toBe(5000);
    // A second deposit of the friend pays nothing more.
    await depositApproved(app, bank, `Bearer ${friend.token}`, '300.00');
    expect(await walletBalance(app, referrer.authorization)).toBe('50.00');
    await expectLedgerOk(app);
  });

  it('pays the reward once under 50 parallel qualification attempts', async () => {
    const { app, operatorId, bank } = await ready;
    const referrer = await createTestMember(app);
    const { code } = (await summary(app, referrer.authorization)).json().value;
    const friend = await registerMember(app, { registerUrl: `/m/register?ref=${code}` });
    const friendId = Number(
      (
        await app.services.db
          .selectFrom('members')
          .select('id')
          .where('username', '=', friend.username)
          .executeTakeFirstOrThrow()
      ).id,
    );
    // Rewards switched off while the friend deposits: the deposit is recorded, nothing is paid yet.
    await patchSettings(app, { site: { promotions: { REFERRAL: false } } });
    await depositApproved(app, bank, `Bearer ${friend.token}`, '100.00');
    expect(await walletBalance(app, referrer.authorization)).toBe('0.00');
    await patchSettings(app, { site: { promotions: { REFERRAL: true } } });

    const outcomes = await race<boolean | number>(50, (i) =>
      i % 2
        ? app.services.referrals.qualify(operatorId, friendId)
        : summary(app, referrer.authorization).then((r) => r.statusCode),
    );
    expect(outcomes.every((o) => o.ok)).toBe(true);
    const paid = outcomes.filter((o) => o.ok && o.value === true);
    expect(paid.length).toBeLessThanOrEqual(1);
    expect(await walletBalance(app, referrer.authorization)).toBe('50.00');
    const entries = await app.services.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('source', '=', 'referral')
      .where('idem_key', '=', `friend:${friendId}`)
      .execute();
    expect(entries).toHaveLength(1);
    // One message tells the referrer, with the friend's masked name.
    const messages = await app.services.db
      .selectFrom('inbox_messages')
      .select(['kind', 'params'])
      .where('member_id', '=', referrer.id)
      .where('kind', '=', 'referral_reward')
      .execute();
    expect(messages).toHaveLength(1);
    expect(JSON.parse(messages[0]!.params)).toMatchObject({ amount: '50.00', currency: 'PHP' });
    await expectLedgerOk(app);
  });

  it('qualifies only a first deposit at or above the threshold the operator sets', async () => {
    const { app, bank } = await ready;
    const headers = await staffHeaders(app);
    const set = await app.inject({
      method: 'PUT',
      url: '/bo/api/referrals/settings',
      headers,
      payload: { rewardAmount: '20.00', minDeposit: '200.00', turnoverMultiplier: 3 },
    });
    expect(set.statusCode).toBe(200);
    const referrer = await createTestMember(app);
    const { code } = (await summary(app, referrer.authorization)).json().value;
    const small = await registerMember(app, { registerUrl: `/m/register?ref=${code}` });
    const big = await registerMember(app, { registerUrl: `/m/register?ref=${code}` });
    await depositApproved(app, bank, `Bearer ${small.token}`, '199.99');
    await depositApproved(app, bank, `Bearer ${small.token}`, '500.00');
    await depositApproved(app, bank, `Bearer ${big.token}`, '200.00');
    const after = (await summary(app, referrer.authorization)).json().value;
    expect(after.friends.map((f: { status: string }) => f.status).sort()).toEqual(['deposited', 'qualified']);
    expect(await walletBalance(app, referrer.authorization)).toBe('20.00');
    expect((await app.services.payments.turnover.of(referrer.id)).required).toBe(6000);

    const list = await app.inject({
      method: 'GET',
      url: `/bo/api/referrals?referrer=${referrer.username}`,
      headers,
    });
    expect(list.json().value.total).toBe(2);
    expect(
      list
        .json()
        .value.items.map((i: { firstDeposit: string }) => i.firstDeposit)
        .sort(),
    ).toEqual(['199.99', '200.00']);
    const audited = await app.services.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'referral.settings')
      .execute();
    expect(audited.length).toBeGreaterThan(0);
    await app.inject({
      method: 'PUT',
      url: '/bo/api/referrals/settings',
      headers,
      payload: { rewardAmount: '50.00', minDeposit: '100.00', turnoverMultiplier: 1 },
    });
    await expectLedgerOk(app);
  });

  it('lets only non-agents invite: agents are refused, trial accounts are told to register', async () => {
    const { app } = await ready;
    const agent = await createTestMember(app, { type: 1 });
    expect((await summary(app, agent.authorization)).statusCode).toBe(403);
    const trial = await createTestMember(app, { type: 4 });
    expect((await summary(app, trial.authorization)).json().code).toBe('FREE_REJECT');
    expect((await app.inject({ method: 'GET', url: '/wps/referral/summary' })).statusCode).toBe(401);
    // An agent's code cannot exist, and a friend cannot be recorded twice.
    const member = await createTestMember(app);
    const { code } = (await summary(app, member.authorization)).json().value;
    const operator = await app.services.settings.defaultOperator();
    expect(await app.services.referrals.recordSignup(operator.id, member.id, code)).toBe(false);
  });
});
