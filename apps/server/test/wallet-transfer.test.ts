import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { DIALECTS, createTestMember } from './support/test-app.ts';
import { expectLedgerOk } from './support/ledger.ts';
import { race, responseLabel, tally } from './support/race.ts';
import type { RunningProvider } from './support/reference-provider.ts';
import { connectVendor, fund, staffHeaders, transferVendorApp, walletBalance } from './support/seamless.ts';

type Member = Awaited<ReturnType<typeof createTestMember>>;

/** Our vendor timeout in these tests, and how late the provider answers a "timed out" transfer. */
const TIMEOUT_MS = 300;
const LATE_MS = 1_000;

/**
 * The transfer wallet against the reference provider as a separate process over real HTTP: the
 * server calls the vendor's /transfer and /transfer/{reference} with our signature.
 */
describe.each(DIALECTS)('transfer wallet (%s)', (dialect) => {
  const ready = (async () => {
    const { app, vendor, provider, saved } = await transferVendorApp(dialect);
    expect(saved).toMatchObject({ walletMode: 'transfer', apiUrl: provider.url });
    app.services.transfers.setTimeoutMs(TIMEOUT_MS);
    return { app, vendor, provider };
  })();

  let seq = 0;
  const transfer = (app: App, m: Member, body: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/wps/relay/GCS_walletTransfer',
      headers: { authorization: m.authorization },
      payload: { vendorCode: 'JILI', requestId: `req-${++seq}`, ...body },
    });

  const control = async (provider: RunningProvider, body: Record<string, unknown>) => {
    const res = await fetch(`${provider.url}/control/transfer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        timeoutApplied: 0,
        timeoutNotApplied: 0,
        fail: 0,
        statusUnavailable: 0,
        ...body,
      }),
    });
    expect(res.status).toBe(200);
  };

  const atVendor = async (provider: RunningProvider, m: Member) => {
    const res = await fetch(`${provider.url}/control/transfer/balances`);
    return ((await res.json()) as Record<string, string>)[m.username] ?? '0.00';
  };

  const pendingHeld = async (app: App) => {
    const operator = await app.services.settings.defaultOperator();
    return app.services.ledger.houseBalance(operator.id, 'pending', 'PHP');
  };

  const rowOf = async (app: App, reference: string) =>
    app.services.db
      .selectFrom('vendor_transfers')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();

  const entriesOf = async (app: App, reference: string) =>
    app.services.db
      .selectFrom('ledger_entries')
      .select('idem_key')
      .where('reference', '=', reference)
      .execute();

  const member = async (app: App, funds = '100.00') => {
    const m = await createTestMember(app);
    if (funds !== '0.00') await fund(app, m.username, funds);
    return m;
  };

  it('moves money in and out, and both sides agree', async () => {
    const { app, provider } = await ready;
    await control(provider, {});
    const m = await member(app);

    const moveIn = await transfer(app, m, { direction: 'in', amount: '30.00' });
    expect(moveIn.statusCode).toBe(200);
    expect(moveIn.json().value).toMatchObject({
      vendorCode: 'JILI',
      direction: 'in',
      amount: '30.00',
      state: 'done',
      balance: '70.00',
    });
    expect(moveIn.json().value.reference).toMatch(/^T[0-9a-f]{32}$/);
    expect(await atVendor(provider, m)).toBe('30.00');

    const moveOut = await transfer(app, m, { direction: 'out', amount: '12.50' });
    expect(moveOut.statusCode).toBe(200);
    expect(moveOut.json().value).toMatchObject({ direction: 'out', state: 'done', balance: '82.50' });
    expect(await atVendor(provider, m)).toBe('17.50');

    const held = await app.inject({
      method: 'GET',
      url: '/wps/relay/GCS_walletTransfer/balance?vendorCode=jili',
      headers: { authorization: m.authorization },
    });
    expect(held.json().value).toEqual({ vendorCode: 'JILI', balance: '17.50' });

    // Everything back with `all`, then everything in.
    const allOut = await transfer(app, m, { direction: 'out', all: true });
    expect(allOut.json().value).toMatchObject({ amount: '17.50', balance: '100.00' });
    const allIn = await transfer(app, m, { direction: 'in', all: true });
    expect(allIn.json().value).toMatchObject({ amount: '100.00', balance: '0.00' });
    expect(await atVendor(provider, m)).toBe('100.00');
    expect(await walletBalance(app, m.authorization)).toBe('0.00');
    expect(await pendingHeld(app)).toBe(0);
    await expectLedgerOk(app);
  });

  it('a requestId replayed 10 times at once moves the money once', async () => {
    const { app, provider } = await ready;
    await control(provider, {});
    const m = await member(app);
    const body = { direction: 'in', amount: '10.00', requestId: `replay-${m.id}` };
    const outcomes = await race(10, () => transfer(app, m, body));
    const labels = tally(outcomes, responseLabel);
    expect(labels['200']).toBeGreaterThanOrEqual(1);
    // Copies answered while the first was still with the vendor say so; nothing else.
    expect(Object.keys(labels).every((l) => l === '200' || l === '202 TRANSFER_PENDING')).toBe(true);
    const again = await transfer(app, m, body);
    expect(again.json().value).toMatchObject({ state: 'done', balance: '90.00' });
    expect(await walletBalance(app, m.authorization)).toBe('90.00');
    expect(await atVendor(provider, m)).toBe('10.00');
    // The same requestId with other content is refused.
    const other = await transfer(app, m, { ...body, amount: '11.00' });
    expect(other.json().code).toBe('IDEMPOTENCY_MISMATCH');
    await expectLedgerOk(app);
  });

  it('refuses a transfer larger than the balance on either side', async () => {
    const { app, provider } = await ready;
    await control(provider, {});
    const m = await member(app, '5.00');
    const tooMuch = await transfer(app, m, { direction: 'in', amount: '5.01' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().code).toBe('INSUFFICIENT_FUNDS');
    const notThere = await transfer(app, m, { direction: 'out', amount: '1.00' });
    expect(notThere.json().code).toBe('TRANSFER_FAILED');
    expect(await walletBalance(app, m.authorization)).toBe('5.00');
    expect(await atVendor(provider, m)).toBe('0.00');
    expect(await pendingHeld(app)).toBe(0);
    await expectLedgerOk(app);
  });

  it('refunds once when the vendor refuses', async () => {
    const { app, provider } = await ready;
    await control(provider, { fail: 1 });
    const m = await member(app);
    const res = await transfer(app, m, { direction: 'in', amount: '20.00', requestId: `fail-${m.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('TRANSFER_FAILED');
    const { reference } = res.json() as { reference: string };
    expect((await rowOf(app, reference)).state).toBe('failed');
    // A replay answers the same and refunds nothing more.
    const replay = await transfer(app, m, { direction: 'in', amount: '20.00', requestId: `fail-${m.id}` });
    expect(replay.json().code).toBe('TRANSFER_FAILED');
    expect(await app.services.transfers.reconcilePending({ olderThanMs: 0 })).toMatchObject({
      done: 0,
      failed: 0,
    });
    expect(await walletBalance(app, m.authorization)).toBe('100.00');
    expect(await atVendor(provider, m)).toBe('0.00');
    expect((await entriesOf(app, reference)).map((e) => e.idem_key).sort()).toEqual([
      `${reference}:resolve`,
      `hold:${m.id}:fail-${m.id}`,
    ]);
    expect(await pendingHeld(app)).toBe(0);
    await expectLedgerOk(app);
  });

  it('a transfer that timed out but was applied is kept once, never refunded', async () => {
    const { app, provider } = await ready;
    await control(provider, { timeoutApplied: 1, delayMs: LATE_MS });
    const m = await member(app);
    const res = await transfer(app, m, { direction: 'in', amount: '25.00' });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ state: 'done', balance: '75.00' });
    await new Promise((r) => setTimeout(r, LATE_MS));
    expect(await atVendor(provider, m)).toBe('25.00');
    expect(await walletBalance(app, m.authorization)).toBe('75.00');
    expect(await entriesOf(app, res.json().value.reference)).toHaveLength(2);
    expect(await pendingHeld(app)).toBe(0);
    await expectLedgerOk(app);
  });

  it('a transfer "out" that timed out but was applied credits the member once', async () => {
    const { app, provider } = await ready;
    await control(provider, {});
    const m = await member(app);
    await transfer(app, m, { direction: 'in', amount: '40.00' });
    await control(provider, { timeoutApplied: 1, delayMs: LATE_MS });
    const res = await transfer(app, m, { direction: 'out', amount: '15.00' });
    expect(res.json().value).toMatchObject({ state: 'done', balance: '75.00' });
    await new Promise((r) => setTimeout(r, LATE_MS));
    expect(await atVendor(provider, m)).toBe('25.00');
    await expectLedgerOk(app);
  });

  it('a transfer that timed out and was not applied is refunded once (and stays refused at the vendor)', async () => {
    const { app, provider } = await ready;
    await control(provider, { timeoutNotApplied: 1, delayMs: LATE_MS });
    const m = await member(app);
    const res = await transfer(app, m, { direction: 'in', amount: '25.00' });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('VENDOR_UNAVAILABLE');
    const { reference } = res.json() as { reference: string };
    expect((await rowOf(app, reference)).state).toBe('failed');
    // The late copy reaches the vendor after the status query refused it: nothing applies.
    await new Promise((r) => setTimeout(r, LATE_MS + 200));
    expect(await atVendor(provider, m)).toBe('0.00');
    expect(await walletBalance(app, m.authorization)).toBe('100.00');
    expect(await entriesOf(app, reference)).toHaveLength(2);
    expect(await pendingHeld(app)).toBe(0);
    await expectLedgerOk(app);
  });

  it('an unknown outcome stays pending, then two racing reconcilers settle it once', async () => {
    const { app, provider } = await ready;
    await control(provider, { timeoutApplied: 1, statusUnavailable: 1, delayMs: LATE_MS });
    const m = await member(app);
    const res = await transfer(app, m, { direction: 'in', amount: '30.00', requestId: `unknown-${m.id}` });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ success: false, code: 'TRANSFER_PENDING', state: 'pending' });
    const { reference } = res.json() as { reference: string };
    expect((await rowOf(app, reference)).state).toBe('pending');
    expect(await walletBalance(app, m.authorization)).toBe('70.00');
    expect(await pendingHeld(app)).toBe(3000);
    // A replay while pending says so too.
    const replay = await transfer(app, m, { direction: 'in', amount: '30.00', requestId: `unknown-${m.id}` });
    expect(replay.json().code).toBe('TRANSFER_PENDING');

    const runs = await race(2, () => app.services.transfers.reconcilePending({ olderThanMs: 0 }));
    expect(runs.every((r) => r.ok)).toBe(true);
    expect((await rowOf(app, reference)).state).toBe('done');
    expect(await entriesOf(app, reference)).toHaveLength(2);
    expect(await walletBalance(app, m.authorization)).toBe('70.00');
    expect(await pendingHeld(app)).toBe(0);
    await new Promise((r) => setTimeout(r, LATE_MS));
    expect(await atVendor(provider, m)).toBe('30.00');
    const settled = await transfer(app, m, {
      direction: 'in',
      amount: '30.00',
      requestId: `unknown-${m.id}`,
    });
    expect(settled.json().value).toMatchObject({ state: 'done', balance: '70.00' });
    await expectLedgerOk(app);
  });

  it('an unknown outcome the vendor never applied is refunded once by racing reconcilers', async () => {
    const { app, provider } = await ready;
    await control(provider, { timeoutNotApplied: 1, statusUnavailable: 1, delayMs: LATE_MS });
    const m = await member(app);
    const res = await transfer(app, m, { direction: 'in', amount: '30.00' });
    expect(res.statusCode).toBe(202);
    const { reference } = res.json() as { reference: string };
    const runs = await race(3, () => app.services.transfers.reconcilePending({ olderThanMs: 0 }));
    expect(runs.every((r) => r.ok)).toBe(true);
    expect((await rowOf(app, reference)).state).toBe('failed');
    expect(await walletBalance(app, m.authorization)).toBe('100.00');
    await new Promise((r) => setTimeout(r, LATE_MS));
    expect(await atVendor(provider, m)).toBe('0.00');
    expect(await entriesOf(app, reference)).toHaveLength(2);
    expect(await pendingHeld(app)).toBe(0);
    await expectLedgerOk(app);
  });

  it('an unknown "out" stays pending and the reconciler credits the member once', async () => {
    const { app, provider } = await ready;
    await control(provider, {});
    const m = await member(app);
    await transfer(app, m, { direction: 'in', amount: '60.00' });
    await control(provider, { timeoutApplied: 1, statusUnavailable: 1, delayMs: LATE_MS });
    const res = await transfer(app, m, { direction: 'out', amount: '20.00' });
    expect(res.statusCode).toBe(202);
    expect(res.json().code).toBe('TRANSFER_PENDING');
    const { reference } = res.json() as { reference: string };
    expect(await walletBalance(app, m.authorization)).toBe('40.00');
    const runs = await race(2, () => app.services.transfers.reconcilePending({ olderThanMs: 0 }));
    expect(runs.every((r) => r.ok)).toBe(true);
    expect((await rowOf(app, reference)).state).toBe('done');
    expect(await entriesOf(app, reference)).toHaveLength(1);
    expect(await walletBalance(app, m.authorization)).toBe('60.00');
    await new Promise((r) => setTimeout(r, LATE_MS));
    expect(await atVendor(provider, m)).toBe('40.00');
    await expectLedgerOk(app);
  });

  it('refuses malformed requests', async () => {
    const { app } = await ready;
    const m = await member(app);
    for (const body of [
      { direction: 'in' },
      { direction: 'in', amount: '1.00', all: true },
      { direction: 'sideways', amount: '1.00' },
      { direction: 'in', amount: '-1.00' },
      { direction: 'in', amount: '1.00', requestId: '' },
    ]) {
      const res = await transfer(app, m, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const zero = await transfer(app, m, { direction: 'in', amount: '0.00' });
    expect(zero.json().code).toBe('INSUFFICIENT_FUNDS');
    expect(await walletBalance(app, m.authorization)).toBe('100.00');
    await expectLedgerOk(app);
  });

  it('a member moves only their own money', async () => {
    const { app, provider } = await ready;
    await control(provider, {});
    const a = await member(app);
    const b = await member(app, '0.00');
    await transfer(app, a, { direction: 'in', amount: '50.00', requestId: 'shared-id' });
    // B's request with the same id is B's own transfer, of B's (empty) wallet.
    const bIn = await transfer(app, b, { direction: 'in', amount: '50.00', requestId: 'shared-id' });
    expect(bIn.json().code).toBe('INSUFFICIENT_FUNDS');
    // B cannot take out what A holds at the vendor, nor name A anywhere.
    const bOut = await transfer(app, b, { direction: 'out', amount: '10.00' });
    expect(bOut.json().code).toBe('TRANSFER_FAILED');
    const named = await transfer(app, b, { direction: 'out', amount: '10.00', userName: a.username });
    expect(named.statusCode).toBe(400);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/wps/relay/GCS_walletTransfer',
      payload: { vendorCode: 'JILI', direction: 'out', amount: '10.00', requestId: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await atVendor(provider, a)).toBe('50.00');
    expect(await atVendor(provider, b)).toBe('0.00');
    expect(await walletBalance(app, a.authorization)).toBe('50.00');
    expect(await walletBalance(app, b.authorization)).toBe('0.00');
    await expectLedgerOk(app);
  });

  it('sends no money to play with during a time-out, but brings it back', async () => {
    const { app, provider } = await ready;
    await control(provider, {});
    const m = await member(app);
    expect((await transfer(app, m, { direction: 'in', amount: '40.00' })).statusCode).toBe(200);
    const pause = await app.inject({
      method: 'POST',
      url: '/wps/member/timeout',
      headers: { authorization: m.authorization },
      payload: { days: 1 },
    });
    expect(pause.statusCode).toBe(200);

    const refused = await transfer(app, m, { direction: 'in', amount: '10.00' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('TIMED_OUT');
    expect(await walletBalance(app, m.authorization)).toBe('60.00');
    const back = await transfer(app, m, { direction: 'out', all: true });
    expect(back.json().value).toMatchObject({ amount: '40.00', balance: '100.00' });
    await expectLedgerOk(app);
  });

  it('refuses a vendor in seamless mode', async () => {
    const { app } = await ready;
    const list = await app.inject({
      method: 'GET',
      url: '/bo/api/vendors',
      headers: await staffHeaders(app),
    });
    const other = (list.json().value as { code: string }[]).find((v) => v.code !== 'JILI')!.code;
    await connectVendor(app, other, { walletMode: 'seamless' });
    const m = await member(app);
    const res = await transfer(app, m, { vendorCode: other, direction: 'in', amount: '1.00' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('WALLET_MODE_MISMATCH');
    const unknown = await transfer(app, m, { vendorCode: 'NOSUCH', direction: 'in', amount: '1.00' });
    expect(unknown.json().code).toBe('VENDOR_NOT_CONNECTED');
    expect(await walletBalance(app, m.authorization)).toBe('100.00');
    await expectLedgerOk(app);
  });
});
