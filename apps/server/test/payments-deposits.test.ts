import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { signGatewayBody } from '../src/modules/payments/gateway.ts';
import { expectLedgerOk } from './support/ledger.ts';
import {
  BANK_CHANNEL,
  GATEWAY_CHANNEL,
  callback,
  createChannel,
  deposit,
  deskDeposit,
  secondStaff,
  startWebhookProxy,
  uploadId,
  withGateway,
  type RunningGateway,
} from './support/payments.ts';
import { race, responseLabel, tally } from './support/race.ts';
import { staffHeaders, walletBalance } from './support/seamless.ts';
import { DIALECTS, createTestApp, createTestMember } from './support/test-app.ts';

const until = async <T>(what: () => Promise<T | undefined>, ms = 15_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
};

/**
 * Deposits against the reference gateway as a separate process: the member starts a payment, pays on
 * the gateway's hosted page over HTTP, and the gateway's signed webhook credits the wallet once.
 * Replayed, forged and out-of-order callbacks; manual bank transfers decided by racing operators.
 */
describe.each(DIALECTS)('deposits (%s)', (dialect) => {
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  // The gateway's webhooks go through this proxy, which refuses the first `failNext` deliveries.
  let failNext = 0;
  let proxied = 0;
  const ready = (async () => {
    const app = await createTestApp(dialect);
    const proxy = await startWebhookProxy(() => {
      proxied += 1;
      if (failNext <= 0) return false;
      failNext -= 1;
      return true;
    });
    stops.push(proxy.stop);
    const setup = await withGateway(app, { webhookUrl: proxy.webhookUrl });
    stops.push(() => setup.gateway.stop());
    const gatewayChannel = await createChannel(app, { ...GATEWAY_CHANNEL, bonusPercent: '10' });
    const bankChannel = await createChannel(app, BANK_CHANNEL);
    return { app, ...setup, gatewayChannel, bankChannel };
  })();
  // The set-up (an app, a listening server, the gateway process) counts against the hook's time.
  // Not an unhandled rejection when set-up fails: the hook reports it.
  ready.catch(() => undefined);
  beforeAll(async () => {
    await ready;
  }, 180_000);

  const gatewayCall = async (
    gateway: RunningGateway,
    secret: string,
    method: 'GET' | 'POST',
    path: string,
  ) => {
    const { createHmac } = await import('node:crypto');
    const ts = String(Math.floor(Date.now() / 1000));
    const signature = createHmac('sha256', secret).update(`${ts}.${method} ${path}.`).digest('hex');
    const res = await fetch(`${gateway.url}${path}`, {
      method,
      headers: { 'x-gateway-timestamp': ts, 'x-gateway-signature': signature },
    });
    return res.json() as Promise<Record<string, unknown> & { deliveries: { deliveredAt: number | null }[] }>;
  };

  const payOnHostedPage = async (payUrl: string, action: 'pay' | 'cancel') => {
    const page = await fetch(payUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Pay');
    const res = await fetch(`${payUrl}/${action}`, { method: 'POST', redirect: 'manual' });
    expect(res.status).toBe(303);
    return res.headers.get('location')!;
  };

  const entries = async (app: App) => (await app.services.ledger.verify()).entries;

  it('credits a gateway deposit once, through the hosted page and a signed webhook, retried until acknowledged', async () => {
    const { app, gateway, secret, gatewayChannel } = await ready;
    const m = await createTestMember(app);
    const res = await deposit(app, m, { channelId: gatewayChannel.id, amount: '100.00' });
    expect(res.statusCode).toBe(200);
    const { depositId, status, payUrl } = res.json().value;
    expect(status).toBe('PENDING');
    expect(payUrl).toMatch(new RegExp(`^${gateway.url}/pay/pay_`));
    // The first two deliveries are refused by the proxy: the gateway retries with backoff.
    failNext = 2;
    const before = proxied;
    const back = await payOnHostedPage(payUrl, 'pay');
    expect(back).toContain(`/m/voucherCenter?depositId=${depositId}`);
    await until(async () => ((await deskDeposit(app, depositId))?.status === 'APPROVED' ? true : undefined));
    expect(proxied - before).toBeGreaterThanOrEqual(3);
    // 100.00 plus the channel's 10 % bonus, once.
    expect(await walletBalance(app, m.authorization)).toBe('110.00');
    const paymentId = payUrl.split('/').pop()!;
    // The gateway records the acknowledgement once our answer reaches it.
    const state = await until(async () => {
      const s = await gatewayCall(gateway, secret, 'GET', `/v1/payments/${paymentId}`);
      return s.deliveries[0]!.deliveredAt ? s : undefined;
    });
    expect(state.status).toBe('PAID');
    expect(state.deliveries).toHaveLength(1);

    // The gateway sends the event again (its "resend"): acknowledged, nothing moves.
    const count = await entries(app);
    await gatewayCall(gateway, secret, 'POST', `/v1/payments/${paymentId}/notify`);
    await until(async () => {
      const s = await gatewayCall(gateway, secret, 'GET', `/v1/payments/${paymentId}`);
      return s.deliveries.length === 2 && s.deliveries[1]!.deliveredAt ? true : undefined;
    });
    expect(await entries(app)).toBe(count);
    expect(await walletBalance(app, m.authorization)).toBe('110.00');

    // The member sees it credited with its bonus; turnover counts deposit and bonus.
    const detail = await app.inject({
      method: 'GET',
      url: `/wps/relay/MCS2_deposit?depositId=${depositId}`,
      headers: { authorization: m.authorization },
    });
    expect(detail.json().value).toMatchObject({
      status: 'APPROVED',
      amount: '100.00',
      bonus: '10.00',
      credited: '110.00',
    });
    const turnover = await app.inject({
      method: 'GET',
      url: '/wps/member/turnover',
      headers: { authorization: m.authorization },
    });
    expect(turnover.json().value).toEqual({ required: '110.00', achieved: '0.00', remaining: '110.00' });
    await expectLedgerOk(app);
  });

  it('answers replays, forgeries and out-of-order events without a second credit', async () => {
    const { app, secret, gatewayChannel } = await ready;
    const m = await createTestMember(app);
    const created = (await deposit(app, m, { channelId: gatewayChannel.id, amount: '50.00' })).json().value;
    const paymentId = created.payUrl.split('/').pop();
    const event = {
      eventId: 'evt_test_1',
      paymentId,
      merchantReference: created.depositId,
      status: 'PAID',
      amount: '50.00',
      currency: 'PHP',
    };

    // Forged: no signature, a wrong one, another secret, an altered body, a stale timestamp.
    const forged = [
      await callback(app, secret, event, { signature: '0'.repeat(64) }),
      await callback(app, 'not-the-secret-at-all', event),
      await callback(app, secret, event, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      await app.inject({
        method: 'POST',
        url: '/wps/payments/REFPAY/callback',
        headers: { 'content-type': 'application/json', ...signGatewayBody(secret, JSON.stringify(event)) },
        payload: JSON.stringify({ ...event, amount: '5000.00' }),
      }),
      await app.inject({
        method: 'POST',
        url: '/wps/payments/REFPAY/callback',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(event),
      }),
      await app.inject({
        method: 'POST',
        url: '/wps/payments/NOPE/callback',
        headers: { 'content-type': 'application/json', ...signGatewayBody(secret, JSON.stringify(event)) },
        payload: JSON.stringify(event),
      }),
    ];
    for (const res of forged) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('INVALID_SIGNATURE');
    }
    expect(await walletBalance(app, m.authorization)).toBe('0.00');

    // Signed, but the amount is not the deposit's: refused, nothing credited.
    const wrong = await callback(app, secret, { ...event, amount: '60.00' });
    expect(wrong.statusCode).toBe(409);
    expect(await walletBalance(app, m.authorization)).toBe('0.00');

    // The same PAID event ten times at once: one credit.
    const outcomes = await race(10, () => callback(app, secret, event));
    expect(tally(outcomes, responseLabel)).toEqual({ '200': 10 });
    const answers = outcomes.map((o) => (o.ok ? o.value.json().value : undefined));
    expect(answers.filter((a) => a.duplicate === false)).toHaveLength(1);
    expect(await walletBalance(app, m.authorization)).toBe('55.00');

    // FAILED after PAID: acknowledged, the credit stays.
    const late = await callback(app, secret, { ...event, eventId: 'evt_test_2', status: 'FAILED' });
    expect(late.statusCode).toBe(200);
    expect(late.json().value).toMatchObject({ status: 'APPROVED', duplicate: true });
    expect(await walletBalance(app, m.authorization)).toBe('55.00');
    await expectLedgerOk(app);
  });

  it('credits a payment that failed first and was paid late, and closes a cancelled one', async () => {
    const { app, secret, gatewayChannel } = await ready;
    const m = await createTestMember(app);
    const created = (await deposit(app, m, { channelId: gatewayChannel.id, amount: '20.00' })).json().value;
    const paymentId = created.payUrl.split('/').pop();
    const failed = await callback(app, secret, {
      eventId: 'evt_fail_first',
      paymentId,
      merchantReference: created.depositId,
      status: 'EXPIRED',
      amount: '20.00',
      currency: 'PHP',
    });
    expect(failed.json().value).toMatchObject({ status: 'FAILED', duplicate: false });
    await payOnHostedPage(created.payUrl, 'pay');
    await until(async () =>
      (await deskDeposit(app, created.depositId))?.status === 'APPROVED' ? true : undefined,
    );
    expect(await walletBalance(app, m.authorization)).toBe('22.00');

    const other = (await deposit(app, m, { channelId: gatewayChannel.id, amount: '30.00' })).json().value;
    await payOnHostedPage(other.payUrl, 'cancel');
    await until(async () =>
      (await deskDeposit(app, other.depositId))?.status === 'FAILED' ? true : undefined,
    );
    expect(await walletBalance(app, m.authorization)).toBe('22.00');
    await expectLedgerOk(app);
  });

  it('keeps channels to their range and hours, and members to their own deposits', async () => {
    const { app, gatewayChannel, bankChannel } = await ready;
    const a = await createTestMember(app);
    const b = await createTestMember(app);
    const low = await deposit(app, a, { channelId: gatewayChannel.id, amount: '5.00' });
    expect(low.statusCode).toBe(400);
    expect(low.json().code).toBe('AMOUNT_OUT_OF_RANGE');
    const unknown = await deposit(app, a, { channelId: 999_999, amount: '50.00' });
    expect(unknown.json().code).toBe('NOT_FOUND');
    // A channel whose hours have just ended (it is never open at this minute).
    const minute = new Date();
    const hhmm = (d: Date) =>
      `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
    const closed = await createChannel(app, {
      ...BANK_CHANNEL,
      name: 'Closed now',
      hours: { open: hhmm(new Date(minute.getTime() + 60_000)), close: hhmm(minute), timeZone: 'UTC' },
    });
    const shut = await deposit(app, a, { channelId: closed.id, amount: '50.00', reference: 'X1' });
    expect(shut.json().code).toBe('CHANNEL_CLOSED');
    const list = await app.inject({
      method: 'GET',
      url: '/wps/relay/MCS2_depositChannels',
      headers: { authorization: a.authorization },
    });
    expect(list.json().value.find((c: { channelId: number }) => c.channelId === closed.id).openNow).toBe(
      false,
    );

    const receipt = await uploadId(app, a.authorization);
    // A bank transfer needs a reference and receipts that are the member's own.
    expect(
      (await deposit(app, a, { channelId: bankChannel.id, amount: '50.00', receiptIds: [receipt] }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await deposit(app, b, {
          channelId: bankChannel.id,
          amount: '50.00',
          reference: 'R',
          receiptIds: [receipt],
        })
      ).json().code,
    ).toBe('NOT_FOUND');
    const mine = await deposit(app, a, {
      channelId: bankChannel.id,
      amount: '50.00',
      reference: 'R1',
      receiptIds: [receipt],
    });
    const { depositId } = mine.json().value;
    const peek = await app.inject({
      method: 'GET',
      url: `/wps/relay/MCS2_deposit?depositId=${depositId}`,
      headers: { authorization: b.authorization },
    });
    expect(peek.statusCode).toBe(404);
    const history = await app.inject({
      method: 'GET',
      url: '/wps/relay/MCS2_depositRecords',
      headers: { authorization: b.authorization },
    });
    expect(history.json().value.list).toEqual([]);
    const own = await app.inject({
      method: 'GET',
      url: '/wps/relay/MCS2_depositRecords',
      headers: { authorization: a.authorization },
    });
    expect(own.json().value.list.map((d: { depositId: string }) => d.depositId)).toContain(depositId);
    // A retried submission (same requestId) is the same deposit.
    const body = {
      channelId: bankChannel.id,
      amount: '40.00',
      reference: 'R2',
      receiptIds: [receipt],
      requestId: 'retry-0001',
    };
    const first = (await deposit(app, a, body)).json().value.depositId;
    expect((await deposit(app, a, body)).json().value.depositId).toBe(first);
    await expectLedgerOk(app);
  });

  it('credits a bank transfer once when operators approve it at the same time, and audits it', async () => {
    const { app, bankChannel } = await ready;
    const m = await createTestMember(app);
    const receipt = await uploadId(app, m.authorization);
    const { depositId } = (
      await deposit(app, m, {
        channelId: bankChannel.id,
        amount: '500.00',
        reference: 'BANK-777',
        receiptIds: [receipt],
      })
    ).json().value;
    expect(await walletBalance(app, m.authorization)).toBe('0.00');
    const desks = [await staffHeaders(app), await secondStaff(app)];
    const outcomes = await race(8, (i) =>
      app.inject({
        method: 'POST',
        url: `/bo/api/deposits/${depositId}/approve`,
        headers: desks[i % 2]!,
        payload: {},
      }),
    );
    expect(tally(outcomes, responseLabel)).toEqual({ '200': 8 });
    const answers = outcomes.map((o) => (o.ok ? o.value.json().value : undefined));
    expect(answers.filter((a) => a.duplicate === false)).toHaveLength(1);
    expect(answers.every((a) => a.status === 'APPROVED')).toBe(true);
    expect(await walletBalance(app, m.authorization)).toBe('500.00');
    // Rejecting it now is a clear conflict and moves nothing.
    const late = await app.inject({
      method: 'POST',
      url: `/bo/api/deposits/${depositId}/reject`,
      headers: desks[1]!,
      payload: { reason: 'too late' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('ALREADY_DECIDED');
    const audit = await app.services.audit.list((await app.services.settings.defaultOperator()).id, {
      action: 'payments.deposit.approved',
      pageNo: 1,
      pageSize: 100,
    });
    expect(audit.list.filter((a) => a.target === `deposit:${depositId}`)).toHaveLength(1);
    // The receipt is readable by staff, never by another member.
    const staffView = await app.inject({
      method: 'GET',
      url: `/bo/api/uploads/${receipt}`,
      headers: desks[0]!,
    });
    expect(staffView.statusCode).toBe(200);
    expect(staffView.headers['cache-control']).toBe('no-store');
    await expectLedgerOk(app);
  });

  it('settles an approve racing a reject one way only', async () => {
    const { app, bankChannel } = await ready;
    const desks = [await staffHeaders(app), await secondStaff(app)];
    for (let round = 0; round < 3; round++) {
      const m = await createTestMember(app);
      const receipt = await uploadId(app, m.authorization);
      const { depositId } = (
        await deposit(app, m, {
          channelId: bankChannel.id,
          amount: '75.00',
          reference: `RACE-${round}`,
          receiptIds: [receipt],
        })
      ).json().value;
      const outcomes = await race(6, (i) =>
        app.inject({
          method: 'POST',
          url: `/bo/api/deposits/${depositId}/${i % 2 ? 'reject' : 'approve'}`,
          headers: desks[i % 2]!,
          payload: i % 2 ? { reason: 'no such transfer' } : {},
        }),
      );
      const final = (await deskDeposit(app, depositId))!.status;
      expect(['APPROVED', 'REJECTED']).toContain(final);
      const winners = outcomes.filter(
        (o) => o.ok && o.value.statusCode === 200 && o.value.json().value.duplicate === false,
      );
      expect(winners).toHaveLength(1);
      for (const o of outcomes) {
        if (!o.ok) throw o.error;
        if (o.value.statusCode === 200) expect(o.value.json().value.status).toBe(final);
        else expect(o.value.json().code).toBe('ALREADY_DECIDED');
      }
      expect(await walletBalance(app, m.authorization)).toBe(final === 'APPROVED' ? '75.00' : '0.00');
    }
    await expectLedgerOk(app);
  });

  it('refuses a deposit over the member’s deposit limit, counting deposits still waiting', async () => {
    const { app, bankChannel } = await ready;
    const m = await createTestMember(app);
    const limit = await app.inject({
      method: 'PUT',
      url: '/wps/member/limits',
      headers: { authorization: m.authorization },
      payload: { deposit: { day: '100.00' } },
    });
    expect(limit.statusCode).toBe(200);
    const receipt = await uploadId(app, m.authorization);
    const first = await deposit(app, m, {
      channelId: bankChannel.id,
      amount: '80.00',
      reference: 'L1',
      receiptIds: [receipt],
    });
    expect(first.statusCode).toBe(200);
    const second = await deposit(app, m, {
      channelId: bankChannel.id,
      amount: '30.00',
      reference: 'L2',
      receiptIds: [receipt],
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('DEPOSIT_LIMIT_REACHED');
    await expectLedgerOk(app);
  });

  it('closes a paid gateway deposit the deposit limit no longer allows, crediting nothing', async () => {
    const { app, gatewayChannel } = await ready;
    const m = await createTestMember(app);
    const created = (await deposit(app, m, { channelId: gatewayChannel.id, amount: '50.00' })).json().value;
    // A limit set after the payment was started applies at once: the credit judges it again.
    const limit = await app.inject({
      method: 'PUT',
      url: '/wps/member/limits',
      headers: { authorization: m.authorization },
      payload: { deposit: { day: '10.00' } },
    });
    expect(limit.statusCode).toBe(200);
    await payOnHostedPage(created.payUrl, 'pay');
    const closed = await until(async () => {
      const d = await deskDeposit(app, created.depositId);
      return d?.status === 'FAILED' ? d : undefined;
    });
    expect(closed.reason).toBe('DEPOSIT_LIMIT_REACHED');
    expect(await walletBalance(app, m.authorization)).toBe('0.00');
    await expectLedgerOk(app);
  });

  it('gives the money desk a daily summary', async () => {
    const { app } = await ready;
    const res = await app.inject({
      method: 'GET',
      url: '/bo/api/money-summary',
      headers: await staffHeaders(app),
    });
    expect(res.statusCode).toBe(200);
    const { days, totals } = res.json().value;
    expect(days).toHaveLength(7);
    expect(totals.depositCount).toBeGreaterThanOrEqual(4);
    expect(Number(totals.net)).toBe(Number(totals.depositAmount) - Number(totals.withdrawalAmount));
    const member = await createTestMember(app);
    const forbidden = await app.inject({
      method: 'GET',
      url: '/bo/api/money-summary',
      headers: { authorization: member.authorization },
    });
    expect(forbidden.statusCode).toBe(401);
  });
});
