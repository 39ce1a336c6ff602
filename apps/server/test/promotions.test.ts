import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { expectLedgerOk } from './support/ledger.ts';
import { BANK_CHANNEL, createChannel, secondStaff, uploadId } from './support/payments.ts';
import { race, responseLabel, tally } from './support/race.ts';
import { staffHeaders, walletBalance } from './support/seamless.ts';
import { DIALECTS, createTestApp, createTestMember } from './support/test-app.ts';

type Member = Awaited<ReturnType<typeof createTestMember>>;

const DAY = 24 * 3600_000;

/**
 * Promotions and their bonuses over HTTP on both databases: deposit bonuses paid when a qualifying
 * deposit is credited (capped; the first-deposit one only on the first), free money approved by
 * racing operators, once; members see only their own applications; operator HTML is sanitised.
 */
describe.each(DIALECTS)('promotions (%s)', (dialect) => {
  let app: App;
  let bankChannelId: number;
  beforeAll(async () => {
    app = await createTestApp(dialect);
    bankChannelId = (await createChannel(app, BANK_CHANNEL)).id;
  }, 120_000);

  const promotion = (overrides: Record<string, unknown>) => ({
    categoryId: 2,
    kind: 'DEPOSIT',
    issuance: 'AUTO',
    percent: '20',
    maxAmount: '200.00',
    minDeposit: '50.00',
    turnoverMultiple: '5',
    texts: { EN: { title: 'Reload', content: '<p>Reload bonus</p>' } },
    imageUrl: null,
    startDate: Date.now() - 1000,
    endDate: null,
    ...overrides,
  });

  const create = async (overrides: Record<string, unknown>) => {
    const res = await app.inject({
      method: 'POST',
      url: '/bo/api/promotions',
      headers: await staffHeaders(app),
      payload: promotion(overrides),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value as { id: number };
  };

  const apply = (m: Member, promotionId: number) =>
    app.inject({
      method: 'POST',
      url: '/wps/promotions/apply',
      headers: { authorization: m.authorization },
      payload: { promotionId },
    });

  const detail = async (id: number, m?: Member, language = 'EN') => {
    const res = await app.inject({
      method: 'GET',
      url: `/wps/promotions/detail?id=${id}&language=${language}`,
      headers: m ? { authorization: m.authorization } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value;
  };

  /** A bank transfer the money desk approves: the payments credit path, for real. */
  const deposit = async (m: Member, amount: string) => {
    const receipt = await uploadId(app, m.authorization);
    const made = await app.inject({
      method: 'POST',
      url: '/wps/relay/MCS2_deposit',
      headers: { authorization: m.authorization },
      payload: { channelId: bankChannelId, amount, reference: `REF-${amount}`, receiptIds: [receipt] },
    });
    expect(made.statusCode, made.body).toBe(200);
    const approved = await app.inject({
      method: 'POST',
      url: `/bo/api/deposits/${made.json().value.depositId}/approve`,
      headers: await staffHeaders(app),
      payload: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
  };

  const turnover = async (m: Member) => {
    const res = await app.inject({
      method: 'GET',
      url: '/wps/transaction/withdraw/info',
      headers: { authorization: m.authorization },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value.turnover.required as string;
  };

  /** The member's "bonus issued" inbox messages. */
  const bonusMessages = async (m: Member) => {
    const res = await app.inject({
      method: 'GET',
      url: '/wps/inbox?pageNo=1&pageSize=50',
      headers: { authorization: m.authorization },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().value.list as { kind: string; body: string }[]).filter(
      (x) => x.kind === 'bonus_issued',
    );
  };

  it('lists the demo promotions with the spec fields to guests, long term as noExpiry 1', async () => {
    const res = await app.inject({ method: 'GET', url: '/wps/promotions?language=EN' });
    expect(res.statusCode).toBe(200);
    const list = res.json().value.list as Record<string, unknown>[];
    expect(list.map((p) => p.kind).sort()).toEqual(['DEPOSIT', 'FIRST_DEPOSIT', 'FREE_MONEY']);
    for (const p of list) {
      expect(p).toMatchObject({ noExpiry: 1, endDate: null, state: 'join', application: null });
      expect(p.announcementImages).toEqual([{ sequence: 1, url: expect.stringMatching(/^\/lgw\/art\//) }]);
      expect((p.promoAnnouncementCategoryIds as number[]).length).toBe(1);
    }
    const ar = await app.inject({ method: 'GET', url: '/wps/promotions?language=AR' });
    const free = (ar.json().value.list as { kind: string; title: string }[]).find(
      (p) => p.kind === 'FREE_MONEY',
    )!;
    expect(free.title).toMatch(/مجان/);
  });

  it('sanitises operator HTML and shows dates, coming soon and closed states', async () => {
    const start = Date.now() + DAY;
    const { id } = await create({
      startDate: start,
      endDate: start + 7 * DAY,
      texts: {
        EN: {
          title: 'Soon',
          content:
            '<p onclick="x()">Hi<script>alert(1)</script><img src="javascript:alert(1)" onerror="x()"></p>',
        },
        AR: { title: 'قريبا', content: '<a href="javascript:alert(1)">رابط</a>' },
      },
    });
    const p = await detail(id);
    expect(p.content).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(p.content).toContain('Hi');
    expect(p).toMatchObject({ startDate: start, endDate: start + 7 * DAY, noExpiry: 0, state: 'comingSoon' });
    expect((await detail(id, undefined, 'AR')).content).not.toMatch(/javascript:/i);
    const m = await createTestMember(app);
    const early = await apply(m, id);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('PROMOTION_UNAVAILABLE');

    const open = await create({});
    const closed = await app.inject({
      method: 'POST',
      url: `/bo/api/promotions/${open.id}/close`,
      headers: await staffHeaders(app),
    });
    expect(closed.json().value.closed).toBe(true);
    expect((await detail(open.id)).state).toBe('closed');
    expect((await apply(m, open.id)).json().code).toBe('PROMOTION_UNAVAILABLE');
    const listed = await app.inject({ method: 'GET', url: '/wps/promotions' });
    expect((listed.json().value.list as { id: number }[]).some((x) => x.id === open.id)).toBe(false);
    const audit = await app.services.audit.list((await app.services.settings.defaultOperator()).id, {
      action: 'promotions.close',
      pageNo: 1,
      pageSize: 10,
    });
    expect(audit.list.some((a) => a.target === `promotion:${open.id}`)).toBe(true);
  });

  it('pays a deposit bonus once when the qualifying deposit is credited, capped, with its turnover', async () => {
    const { id } = await create({
      percent: '20',
      maxAmount: '200.00',
      minDeposit: '50.00',
      turnoverMultiple: '5',
    });
    const m = await createTestMember(app);
    const joined = await apply(m, id);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().value.state).toBe('signed');
    // Below the minimum: no bonus, still waiting.
    await deposit(m, '40.00');
    expect((await detail(id, m)).state).toBe('signed');
    // 20 % of 5,000 is 1,000: the cap of 200 applies.
    await deposit(m, '5000.00');
    const p = await detail(id, m);
    expect(p.state).toBe('issued');
    expect(p.application).toMatchObject({ status: 'ISSUED', amount: '200.00', turnover: '1000.00' });
    expect(await walletBalance(app, m.authorization)).toBe('5240.00');
    // Deposits add their own turnover (1×); the bonus adds 200 × 5.
    expect(await turnover(m)).toBe('6040.00');
    // Another deposit pays nothing more.
    await deposit(m, '100.00');
    expect(await walletBalance(app, m.authorization)).toBe('5340.00');
    expect(await bonusMessages(m)).toHaveLength(1);
    await expectLedgerOk(app);
  });

  it('pays an automatic bonus whose deposit was recorded but not paid when the next deposit comes', async () => {
    const { id } = await create({
      percent: '10',
      maxAmount: '50.00',
      minDeposit: '10.00',
      turnoverMultiple: '2',
    });
    const m = await createTestMember(app);
    const applicationId = (await apply(m, id)).json().value.application.id as string;
    // As if the process stopped between recording the qualifying deposit and paying the bonus.
    const { setQualifyingDeposit } = await import('../src/modules/promotions/promotions.repository.ts');
    expect(
      await setQualifyingDeposit(app.services.db, applicationId, {
        id: 'D-earlier',
        amount: 20_000,
        bonus: 2_000,
      }),
    ).toBe(true);
    expect((await detail(id, m)).state).toBe('applying');
    await deposit(m, '30.00');
    const p = await detail(id, m);
    expect(p.application).toMatchObject({ status: 'ISSUED', amount: '20.00', turnover: '40.00' });
    expect(await walletBalance(app, m.authorization)).toBe('50.00');
    await deposit(m, '30.00');
    expect(await walletBalance(app, m.authorization)).toBe('80.00');
    await expectLedgerOk(app);
  });

  it('pays a first-deposit bonus only on the first credited deposit, and refuses members who deposited', async () => {
    const { id } = await create({
      categoryId: 1,
      kind: 'FIRST_DEPOSIT',
      percent: '100',
      maxAmount: '500.00',
      minDeposit: '10.00',
      turnoverMultiple: '10',
    });
    const a = await createTestMember(app);
    expect((await apply(a, id)).json().value.state).toBe('signed');
    await deposit(a, '300.00');
    await deposit(a, '300.00');
    expect(await walletBalance(app, a.authorization)).toBe('900.00');
    expect((await detail(id, a)).application).toMatchObject({ status: 'ISSUED', amount: '300.00' });

    const b = await createTestMember(app);
    await deposit(b, '100.00');
    const late = await apply(b, id);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('PROMOTION_NOT_ELIGIBLE');
    expect(await walletBalance(app, b.authorization)).toBe('100.00');
    await expectLedgerOk(app);
  });

  it('takes 50 parallel applications as one and pays 50 parallel approvals once', async () => {
    const { id } = await create({
      categoryId: 3,
      kind: 'FREE_MONEY',
      issuance: 'MANUAL',
      percent: '0',
      maxAmount: '10.00',
      minDeposit: '0',
      turnoverMultiple: '3',
    });
    const m = await createTestMember(app);
    const applied = await race(50, () => apply(m, id));
    expect(tally(applied, responseLabel)).toEqual({ '200': 50 });
    const ids = new Set(applied.map((o) => (o.ok ? o.value.json().value.application.id : '')));
    expect(ids.size).toBe(1);
    const [applicationId] = [...ids];
    expect((await detail(id, m)).state).toBe('applying');

    const before = await turnover(m);
    const desks = [await staffHeaders(app), await secondStaff(app)];
    const approvals = await race(50, (i) =>
      app.inject({
        method: 'POST',
        url: `/bo/api/promotion-applications/${applicationId}/approve`,
        headers: desks[i % 2]!,
        payload: {},
      }),
    );
    expect(tally(approvals, responseLabel)).toEqual({ '200': 50 });
    const answers = approvals.map((o) => (o.ok ? o.value.json().value : undefined));
    expect(answers.filter((a) => a.duplicate === false)).toHaveLength(1);
    expect(await walletBalance(app, m.authorization)).toBe('10.00');
    expect(Number(await turnover(m)) - Number(before)).toBe(30);
    expect((await detail(id, m)).state).toBe('issued');
    expect(await bonusMessages(m)).toHaveLength(1);
    const audit = await app.services.audit.list((await app.services.settings.defaultOperator()).id, {
      action: 'promotions.bonus.issued',
      pageNo: 1,
      pageSize: 100,
    });
    expect(audit.list.filter((a) => a.target === `application:${applicationId}`)).toHaveLength(1);
    // Rejecting it now is a clear conflict.
    const late = await app.inject({
      method: 'POST',
      url: `/bo/api/promotion-applications/${applicationId}/reject`,
      headers: desks[0]!,
      payload: { reason: 'late' },
    });
    expect(late.json().code).toBe('ALREADY_DECIDED');
    await expectLedgerOk(app);
  });

  it('pays an automatic free-money bonus at once, and only once', async () => {
    const { id } = await create({
      kind: 'FREE_MONEY',
      issuance: 'AUTO',
      percent: '0',
      maxAmount: '5.00',
      minDeposit: '0',
      turnoverMultiple: '2',
    });
    const m = await createTestMember(app);
    const outcomes = await race(20, () => apply(m, id));
    expect(tally(outcomes, responseLabel)).toEqual({ '200': 20 });
    expect(outcomes.every((o) => o.ok && o.value.json().value.state === 'claimed')).toBe(true);
    expect(await walletBalance(app, m.authorization)).toBe('5.00');
    expect(await turnover(m)).toBe('10.00');
    // Trial members cannot take part.
    const trial = await createTestMember(app, { type: 4 });
    expect((await apply(trial, id)).json().code).toBe('FREE_REJECT');
    await expectLedgerOk(app);
  });

  it('keeps the amount within the cap, rejects with a reason, and settles approve against reject one way', async () => {
    const { id } = await create({
      kind: 'FREE_MONEY',
      issuance: 'MANUAL',
      percent: '0',
      maxAmount: '20.00',
      minDeposit: '0',
      turnoverMultiple: '1',
    });
    const m = await createTestMember(app);
    const applicationId = (await apply(m, id)).json().value.application.id as string;
    const staff = await staffHeaders(app);
    const tooMuch = await app.inject({
      method: 'POST',
      url: `/bo/api/promotion-applications/${applicationId}/approve`,
      headers: staff,
      payload: { amount: '20.01' },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fields.amount).toBeDefined();

    const outcomes = await race(10, (i) =>
      app.inject({
        method: 'POST',
        url: `/bo/api/promotion-applications/${applicationId}/${i % 2 ? 'reject' : 'approve'}`,
        headers: staff,
        payload: i % 2 ? { reason: 'Duplicate account' } : { amount: '15.00' },
      }),
    );
    const winners = outcomes
      .map((o) => (o.ok && o.value.statusCode === 200 ? o.value.json().value : undefined))
      .filter((v) => v && !v.duplicate);
    expect(winners).toHaveLength(1);
    const state = (await detail(id, m)).state;
    expect(await walletBalance(app, m.authorization)).toBe(state === 'issued' ? '15.00' : '0.00');
    if (state === 'rejected') expect((await detail(id, m)).application.reason).toBe('Duplicate account');
    else expect(state).toBe('issued');
    await expectLedgerOk(app);
  });

  it("never shows or lets a member act on another member's application", async () => {
    const { id } = await create({
      kind: 'FREE_MONEY',
      issuance: 'MANUAL',
      percent: '0',
      maxAmount: '10.00',
      minDeposit: '0',
      turnoverMultiple: '1',
    });
    const a = await createTestMember(app);
    const b = await createTestMember(app);
    const applicationId = (await apply(a, id)).json().value.application.id as string;
    expect((await detail(id, b)).application).toBeNull();
    const listed = await app.inject({
      method: 'GET',
      url: '/wps/promotions',
      headers: { authorization: b.authorization },
    });
    expect(JSON.stringify(listed.json().value)).not.toContain(applicationId);
    for (const [method, url] of [
      ['GET', '/bo/api/promotion-applications'],
      ['POST', `/bo/api/promotion-applications/${applicationId}/approve`],
      ['POST', `/bo/api/promotion-applications/${applicationId}/reject`],
    ] as const) {
      const res = await app.inject({
        method,
        url,
        headers: { authorization: b.authorization },
        ...(method === 'POST' ? { payload: { reason: 'x' } } : {}),
      });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    // B applying for the same promotion gets an application of their own.
    const own = (await apply(b, id)).json().value.application.id;
    expect(own).not.toBe(applicationId);
    expect(await walletBalance(app, a.authorization)).toBe('0.00');
    // Unknown fields and promotions are refused.
    const extra = await app.inject({
      method: 'POST',
      url: '/wps/promotions/apply',
      headers: { authorization: a.authorization },
      payload: { promotionId: id, memberId: b.id },
    });
    expect(extra.statusCode).toBe(400);
    expect((await apply(a, 999_999)).statusCode).toBe(404);
  });
});
