import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { createDepositReconciler } from '../src/modules/payments/deposit-reconciler.ts';
import { expectLedgerOk } from './support/ledger.ts';
import {
  BANK_CHANNEL,
  GATEWAY_CHANNEL,
  callback,
  createChannel,
  deposit,
  deskDeposit,
  paymentMember,
  secondStaff,
  startWebhookProxy,
  withGateway,
} from './support/payments.ts';
import { race, responseLabel, tally } from './support/race.ts';
import { fund, staffHeaders, walletBalance } from './support/seamless.ts';
import { DIALECTS, createTestApp, createTestMember } from './support/test-app.ts';

type Member = Awaited<ReturnType<typeof createTestMember>>;

const until = async <T>(what: () => Promise<T | undefined>, ms = 15_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** Logs how long a raced batch took, for the report (decision 018 keeps the figures). */
const timed = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  const result = await work();
  console.info(`[figures] ${label}: ${Math.round(performance.now() - started)} ms`);
  return result;
};

/**
 * Settlement under stress: the deposit reconciler settles gateway deposits whose webhook never came
 * (once, also when a late webhook or a second server instance races it), and the payment races at
 * scale: 200 deliveries of one PAID callback, 100 withdrawal requests of one member, 50 decisions of
 * one withdrawal by two operators. The ledger is verified after each.
 */
describe.each(DIALECTS)('payment settlement (%s)', (dialect) => {
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  // The gateway's webhooks go through this proxy, which drops them (503) while `dropWebhooks` is set.
  let dropWebhooks = true;
  let dropped = 0;
  const ready = (async () => {
    const app = await createTestApp(dialect);
    const proxy = await startWebhookProxy(() => {
      if (!dropWebhooks) return false;
      dropped += 1;
      return true;
    });
    stops.push(proxy.stop);
    const setup = await withGateway(app, { webhookUrl: proxy.webhookUrl });
    stops.push(() => setup.gateway.stop());
    const gatewayChannel = await createChannel(app, GATEWAY_CHANNEL);
    const bankChannel = await createChannel(app, BANK_CHANNEL);
    const settings = await app.inject({
      method: 'PUT',
      url: '/bo/api/payment-settings',
      headers: await staffHeaders(app),
      payload: { withdrawal: { min: '10.00', max: '5000.00', dailyCount: 8, dailyAmount: '700.00' } },
    });
    expect(settings.statusCode).toBe(200);
    return { app, ...setup, gatewayChannel, bankChannel };
  })();
  ready.catch(() => undefined);
  beforeAll(async () => {
    await ready;
  }, 180_000);

  /** Starts a gateway deposit and pays it on the hosted page; its webhook is dropped by the proxy. */
  async function paidWithoutWebhook(app: App, m: Member, amount: string, gatewayChannelId: number) {
    const created = (await deposit(app, m, { channelId: gatewayChannelId, amount })).json().value;
    const before = dropped;
    const res = await fetch(`${created.payUrl}/pay`, { method: 'POST', redirect: 'manual' });
    expect(res.status).toBe(303);
    await until(async () => (dropped > before ? true : undefined));
    return {
      depositId: created.depositId as string,
      paymentId: (created.payUrl as string).split('/').pop()!,
    };
  }

  /** How many ledger entries credit this deposit (key = the deposit id). */
  const creditsOf = async (app: App, depositId: string) =>
    (
      await app.services.db
        .selectFrom('ledger_entries')
        .select('id')
        .where('idem_key', '=', depositId)
        .execute()
    ).length;

  it('credits a paid deposit whose webhook never came, once, and a late webhook moves nothing', async () => {
    const { app, gateway, secret, gatewayChannel } = await ready;
    dropWebhooks = true;
    const m = await createTestMember(app);
    const { depositId, paymentId } = await paidWithoutWebhook(app, m, '80.00', gatewayChannel.id);
    expect((await deskDeposit(app, depositId))!.status).toBe('PENDING');
    expect(await walletBalance(app, m.authorization)).toBe('0.00');

    // Too young for the reconciler's default age: left alone.
    const early = await app.depositReconciler.runOnce();
    expect(early.credited).toBe(0);
    const report = await app.depositReconciler.runOnce({ olderThanMs: 0 });
    expect(report).toMatchObject({ credited: 1, errors: 0 });
    expect((await deskDeposit(app, depositId))!.status).toBe('APPROVED');
    expect(await walletBalance(app, m.authorization)).toBe('80.00');
    // Settled: the next pass does not look at it again.
    expect((await app.depositReconciler.runOnce({ olderThanMs: 0 })).credited).toBe(0);

    // The gateway's webhook finally arrives (its resend): acknowledged as a duplicate.
    dropWebhooks = false;
    const late = await callback(app, secret, {
      eventId: 'evt_late_1',
      paymentId,
      merchantReference: depositId,
      status: 'PAID',
      amount: '80.00',
      currency: 'PHP',
    });
    expect(late.statusCode).toBe(200);
    expect(late.json().value).toMatchObject({ status: 'APPROVED', duplicate: true });
    expect(gateway.url).toBeTruthy();
    expect(await walletBalance(app, m.authorization)).toBe('80.00');
    expect(await creditsOf(app, depositId)).toBe(1);
    await expectLedgerOk(app);
  });

  it('credits once when the reconcilers of two instances and late webhooks race', async () => {
    const { app, secret, gatewayChannel } = await ready;
    dropWebhooks = true;
    const m = await createTestMember(app);
    const { depositId, paymentId } = await paidWithoutWebhook(app, m, '60.00', gatewayChannel.id);
    // A second server instance: its own reconciler over the same database.
    const other = createDepositReconciler({
      db: app.services.db,
      payments: app.services.payments,
      options: { intervalMs: 0, olderThanMs: 0 },
    });
    const event = {
      eventId: 'evt_race_1',
      paymentId,
      merchantReference: depositId,
      status: 'PAID',
      amount: '60.00',
      currency: 'PHP',
    };
    const outcomes = await race<unknown>(12, (i) =>
      i === 0
        ? app.depositReconciler.runOnce({ olderThanMs: 0 })
        : i === 1
          ? other.runOnce()
          : callback(app, secret, { ...event, eventId: `evt_race_${i}` }),
    );
    expect(outcomes.every((o) => o.ok)).toBe(true);
    const reports = outcomes.slice(0, 2).map((o) => (o.ok ? (o.value as { claimed: number }) : undefined));
    // The lease: at most one instance asked the gateway about it.
    expect(reports.reduce((n, r) => n + (r?.claimed ?? 0), 0)).toBeLessThanOrEqual(1);
    const webhooks = outcomes.slice(2).map((o) => (o.ok ? (o.value as { statusCode: number }) : undefined));
    expect(webhooks.every((w) => w?.statusCode === 200)).toBe(true);
    expect((await deskDeposit(app, depositId))!.status).toBe('APPROVED');
    expect(await walletBalance(app, m.authorization)).toBe('60.00');
    expect(await creditsOf(app, depositId)).toBe(1);
    await expectLedgerOk(app);
  });

  it('closes cancelled and never-created payments, keeps waiting ones, and runs on its own', async () => {
    const { app, gatewayChannel } = await ready;
    dropWebhooks = true;
    const m = await createTestMember(app);
    // Cancelled on the hosted page, its webhook dropped.
    const cancelled = (await deposit(app, m, { channelId: gatewayChannel.id, amount: '30.00' })).json().value;
    const before = dropped;
    await fetch(`${cancelled.payUrl}/cancel`, { method: 'POST', redirect: 'manual' });
    await until(async () => (dropped > before ? true : undefined));
    // Still waiting at the gateway (nobody paid yet).
    const waiting = (await deposit(app, m, { channelId: gatewayChannel.id, amount: '40.00' })).json().value;
    // A crash between our row and the gateway's answer: no payment id.
    const orphan = (await deposit(app, m, { channelId: gatewayChannel.id, amount: '50.00' })).json().value;
    await app.services.db
      .updateTable('deposits')
      .set({ gateway_payment_id: null })
      .where('id', '=', orphan.depositId)
      .execute();

    const report = await app.depositReconciler.runOnce({ olderThanMs: 0 });
    expect(report.closed).toBeGreaterThanOrEqual(2);
    expect(await deskDeposit(app, cancelled.depositId)).toMatchObject({
      status: 'FAILED',
      reason: 'CANCELLED',
    });
    expect(await deskDeposit(app, orphan.depositId)).toMatchObject({ status: 'FAILED' });
    expect((await deskDeposit(app, waiting.depositId))!.status).toBe('PENDING');
    // The lease keeps a waiting deposit off the next passes until it runs out.
    const again = await app.depositReconciler.runOnce({ olderThanMs: 0 });
    expect(again.claimed).toBe(0);

    // The background job: the lease runs out, the member pays, the timer's pass credits it.
    await app.services.db
      .updateTable('deposits')
      .set({ reconcile_after: null })
      .where('id', '=', waiting.depositId)
      .execute();
    await fetch(`${waiting.payUrl}/pay`, { method: 'POST', redirect: 'manual' });
    const job = createDepositReconciler({
      db: app.services.db,
      payments: app.services.payments,
      options: { intervalMs: 100, olderThanMs: 0 },
    });
    job.start();
    try {
      await until(async () =>
        (await deskDeposit(app, waiting.depositId))?.status === 'APPROVED' ? true : undefined,
      );
    } finally {
      await job.stop();
    }
    expect(await walletBalance(app, m.authorization)).toBe('40.00');
    await expectLedgerOk(app);
  });

  it('credits one PAID callback delivered 200 times at once exactly once', async () => {
    const { app, secret, gatewayChannel } = await ready;
    dropWebhooks = true;
    const m = await createTestMember(app);
    const { depositId, paymentId } = await paidWithoutWebhook(app, m, '70.00', gatewayChannel.id);
    const event = {
      eventId: 'evt_storm',
      paymentId,
      merchantReference: depositId,
      status: 'PAID',
      amount: '70.00',
      currency: 'PHP',
    };
    const outcomes = await timed(`${dialect}: 200 parallel PAID callbacks`, () =>
      race(200, () => callback(app, secret, event)),
    );
    expect(tally(outcomes, responseLabel)).toEqual({ '200': 200 });
    const fresh = outcomes.filter((o) => o.ok && o.value.json().value.duplicate === false);
    expect(fresh).toHaveLength(1);
    expect(await walletBalance(app, m.authorization)).toBe('70.00');
    expect(await creditsOf(app, depositId)).toBe(1);
    await expectLedgerOk(app);
  });

  it('keeps 100 parallel withdrawal requests of one member within balance and daily limits', async () => {
    const { app } = await ready;
    const m = await paymentMember(app);
    const as = { authorization: m.authorization };
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: '/wps/member/fundPassword',
          headers: as,
          payload: { newFundPassword: '246810', loginPassword: m.password },
        })
      ).statusCode,
    ).toBe(200);
    const card = await app.inject({
      method: 'POST',
      url: '/wps/relay/MCS2_bankCards',
      headers: as,
      payload: { bankName: 'BDO', accountNo: '7777 1212 3434' },
    });
    const cardId = card.json().value.bankCardId as number;
    await fund(app, m.username, '500.00');
    // One session per request (a member on many devices): the per-session request limit is not
    // what is tested here; the hold, the limits and the fund-password throttle are.
    const { MEMBER_SESSION } = await import('../src/modules/members/member-auth.service.ts');
    const operator = await app.services.settings.defaultOperator();
    const sessions = await Promise.all(
      Array.from({ length: 100 }, async () => {
        const { token } = await app.services.sessions.create(
          { type: 'member', id: m.id, operatorId: operator.id },
          MEMBER_SESSION,
          {},
        );
        return `Bearer ${token}`;
      }),
    );
    // Amounts 50, 100 and 150 in turn: the balance (500), the daily amount (700) and count (8) bind.
    const amounts = Array.from({ length: 100 }, (_, i) => ((i % 3) + 1) * 5000);
    const outcomes = await timed(`${dialect}: 100 parallel withdrawal requests`, () =>
      race(100, (i) =>
        app.inject({
          method: 'POST',
          url: '/wps/transaction/withdraw',
          headers: { authorization: sessions[i]! },
          payload: {
            amount: (amounts[i]! / 100).toFixed(2),
            bankCardId: cardId,
            fundPassword: '246810',
          },
        }),
      ),
    );
    const labels = tally(outcomes, responseLabel);
    // Refusals are only the rules': limits, funds, or the fund-password throttle shedding the burst.
    for (const label of Object.keys(labels))
      expect(['200', '409 WITHDRAWAL_LIMIT_REACHED', '409 INSUFFICIENT_FUNDS', '429 RATE_LIMITED']).toContain(
        label,
      );
    const held = outcomes
      .map((o, i) => (o.ok && o.value.statusCode === 200 ? amounts[i]! : 0))
      .filter((a) => a > 0);
    console.info(`[figures] ${dialect}: withdrawals held ${held.length}, outcomes ${JSON.stringify(labels)}`);
    expect(held.length).toBeGreaterThan(0);
    expect(held.length).toBeLessThanOrEqual(8);
    const total = held.reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(50_000);
    expect(total).toBeLessThanOrEqual(70_000);
    expect(await walletBalance(app, m.authorization)).toBe(((50_000 - total) / 100).toFixed(2));
    const rows = await app.services.db
      .selectFrom('withdrawals')
      .select(['amount'])
      .where('member_id', '=', m.id)
      .execute();
    expect(rows.map((r) => Number(r.amount)).sort()).toEqual([...held].sort());
    await expectLedgerOk(app);
  });

  it('settles one withdrawal once under 50 parallel approve and reject decisions by two operators', async () => {
    const { app } = await ready;
    const m = await paymentMember(app);
    const as = { authorization: m.authorization };
    await app.inject({
      method: 'PUT',
      url: '/wps/member/fundPassword',
      headers: as,
      payload: { newFundPassword: '246810', loginPassword: m.password },
    });
    const card = await app.inject({
      method: 'POST',
      url: '/wps/relay/MCS2_bankCards',
      headers: as,
      payload: { bankName: 'BDO', accountNo: '9191 2323 4545' },
    });
    await fund(app, m.username, '300.00');
    const requested = await app.inject({
      method: 'POST',
      url: '/wps/transaction/withdraw',
      headers: as,
      payload: { amount: '120.00', bankCardId: card.json().value.bankCardId, fundPassword: '246810' },
    });
    expect(requested.statusCode).toBe(200);
    const id = requested.json().value.withdrawalId as string;
    const desks = [await staffHeaders(app), await secondStaff(app)];
    const outcomes = await timed(`${dialect}: 50 parallel withdrawal decisions`, () =>
      race(50, (i) =>
        app.inject({
          method: 'POST',
          url: `/bo/api/withdrawals/${id}/${i % 2 ? 'approve' : 'reject'}`,
          headers: desks[Math.floor(i / 2) % 2]!,
          payload: i % 2 ? {} : { reason: 'checked twice' },
        }),
      ),
    );
    const labels = tally(outcomes, responseLabel);
    for (const label of Object.keys(labels)) expect(['200', '409 ALREADY_DECIDED']).toContain(label);
    const decided = outcomes.filter(
      (o) => o.ok && o.value.statusCode === 200 && o.value.json().value.duplicate === false,
    );
    expect(decided).toHaveLength(1);
    const final = (decided[0] as { ok: true; value: { json(): { value: { status: string } } } }).value.json()
      .value.status;
    const row = await app.services.db
      .selectFrom('withdrawals')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(final);
    // Paid out: the hold went to the gateway; returned: the member has it back. Never both.
    expect(await walletBalance(app, m.authorization)).toBe(final === 'APPROVED' ? '180.00' : '300.00');
    const moves = await app.services.db
      .selectFrom('ledger_entries')
      .select('idem_key')
      .where('idem_key', 'in', [`pay:${id}`, `return:${id}`])
      .execute();
    expect(moves).toHaveLength(1);
    await expectLedgerOk(app);
  });
});
