import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CLOSE, LIVE_MAX_MESSAGE_BYTES } from '@playhouse/contract/live';
import type { App } from '../src/app.ts';
import { LIVE_LIMITS } from '../src/modules/live/live.routes.ts';
import { expectLedgerOk } from './support/ledger.ts';
import { openLive, tokenOf } from './support/live-client.ts';
import { BANK_CHANNEL, createChannel, deposit, uploadId } from './support/payments.ts';
import { listenForReal } from './support/reference-provider.ts';
import { fund, staffHeaders } from './support/seamless.ts';
import { DIALECTS, createTestApp, createTestMember } from './support/test-app.ts';

/**
 * The live channel over real sockets: signed in by the first message only, each member receives
 * their own balance, payments and inbox changes and their operator's jackpot, within the limits.
 */
describe.each(DIALECTS)('live channel (%s)', (dialect) => {
  let app: App;
  let base: string;
  let bank: { id: number };
  const opened: { close: () => void }[] = [];
  beforeAll(async () => {
    app = await createTestApp(dialect);
    base = await listenForReal(app);
    bank = await createChannel(app, BANK_CHANNEL);
  }, 120_000);
  afterAll(() => opened.forEach((c) => c.close()));

  const live = async (options: Parameters<typeof openLive>[1] = {}) => {
    const client = await openLive(base, options);
    opened.push(client);
    return client;
  };

  it('closes a socket whose first message is not a valid session token', async () => {
    const bad = await live();
    bad.send({ type: 'auth', token: 'x'.repeat(43) });
    expect(await bad.closed).toBe(LIVE_CLOSE.unauthorized);
    const garbage = await live();
    garbage.send('not json');
    expect(await garbage.closed).toBe(1003);
    // A token in the address is not a sign-in: the socket still waits for one and says nothing.
    const m = await createTestMember(app);
    const inUrl = await openLive(base, { query: `?token=${tokenOf(m.authorization)}` });
    opened.push(inUrl);
    inUrl.send({ type: 'ping' });
    expect(await inUrl.next('pong')).toEqual({ type: 'pong' });
    await fund(app, m.username, '5.00');
    inUrl.send({ type: 'ping' });
    await inUrl.next('pong');
    expect(inUrl.events.filter((e) => e.type === 'balance')).toEqual([]);
    await expectLedgerOk(app);
  });

  it("pushes a member's balance after each movement, to every tab of theirs and no one else", async () => {
    const a = await createTestMember(app);
    const b = await createTestMember(app);
    const tab1 = await live({ token: tokenOf(a.authorization) });
    const tab2 = await live({ token: tokenOf(a.authorization) });
    const other = await live({ token: tokenOf(b.authorization) });
    await fund(app, a.username, '25.00');
    expect(await tab1.next('balance')).toEqual({
      type: 'balance',
      balance: '25.00',
      currency: 'PHP',
      kind: 'adjustment',
    });
    expect((await tab2.next('balance')).balance).toBe('25.00');
    await fund(app, b.username, '1.00');
    expect((await other.next('balance')).balance).toBe('1.00');
    // A replayed adjustment moves nothing and pushes nothing.
    await fund(app, a.username, '10.00', 'replay-key');
    expect((await tab1.next('balance')).balance).toBe('35.00');
    await fund(app, a.username, '10.00', 'replay-key');
    await fund(app, a.username, '0.01');
    expect((await tab1.next('balance')).balance).toBe('35.01');
    expect(tab1.events.filter((e) => e.type === 'balance')).toEqual([]);
    expect(other.events.filter((e) => e.type === 'balance')).toEqual([]);
    await expectLedgerOk(app);
  });

  it('pushes deposit status changes, credited and rejected, and inbox changes', async () => {
    const m = await createTestMember(app);
    const socket = await live({ token: tokenOf(m.authorization) });
    const staff = await staffHeaders(app);
    const create = async (amount: string) =>
      (
        await deposit(app, m, {
          channelId: bank.id,
          amount,
          reference: `BANK-${amount}`,
          receiptIds: [await uploadId(app, m.authorization)],
        })
      ).json().value.depositId as string;
    const credited = await create('100.00');
    const approve = await app.inject({
      method: 'POST',
      url: `/bo/api/deposits/${credited}/approve`,
      headers: staff,
      payload: {},
    });
    expect(approve.statusCode).toBe(200);
    expect(await socket.next('payment')).toEqual({
      type: 'payment',
      flow: 'deposit',
      id: credited,
      status: null,
    });
    expect((await socket.next('balance')).balance).toBe('100.00');
    const rejected = await create('50.00');
    await app.inject({
      method: 'POST',
      url: `/bo/api/deposits/${rejected}/reject`,
      headers: staff,
      payload: { reason: 'no such transfer' },
    });
    expect(await socket.next('payment', (e) => e.id === rejected)).toEqual({
      type: 'payment',
      flow: 'deposit',
      id: rejected,
      status: 'REJECTED',
    });
    // The credit's inbox message: reading everything tells every tab to count again.
    const read = await app.inject({
      method: 'POST',
      url: '/wps/inbox/read',
      headers: { authorization: m.authorization },
    });
    expect(read.json().value.updated).toBe(1);
    expect(await socket.next('inbox')).toEqual({ type: 'inbox' });
    // A broadcast reaches every member's socket.
    const sent = await app.inject({
      method: 'POST',
      url: '/bo/api/inbox/broadcasts',
      headers: staff,
      payload: { contents: { '*': { title: 'Hello', content: '<p>News</p>' } }, vipLevel: null },
    });
    expect(sent.statusCode).toBe(200);
    expect(await socket.next('inbox')).toEqual({ type: 'inbox' });
    await expectLedgerOk(app);
  });

  it("pushes the operator's jackpot pool to every member when in-house stakes grow it", async () => {
    const player = await createTestMember(app);
    const watcher = await createTestMember(app);
    const socket = await live({ token: tokenOf(watcher.authorization) });
    await fund(app, player.username, '1000.00');
    const before = (await app.inject({ url: '/wps/game/jackpot' })).json().value.amount as string;
    const round = await app.inject({
      method: 'POST',
      url: '/play/api/rounds',
      headers: { authorization: player.authorization },
      payload: { gameCode: 'COINFLIP', stake: '100.00', options: { side: 'heads' }, requestId: randomUUID() },
    });
    expect(round.statusCode, round.body).toBe(200);
    const pushed = await socket.next('jackpot');
    expect(Number(pushed.amount)).toBeGreaterThan(Number(before));
    await expectLedgerOk(app);
  });

  it('closes sockets that send too much, too fast, or one too many for the member', async () => {
    const m = await createTestMember(app);
    const big = await live({ token: tokenOf(m.authorization) });
    big.send('x'.repeat(LIVE_MAX_MESSAGE_BYTES + 1));
    expect(await big.closed).toBe(1009);

    const chatty = await live({ token: tokenOf(m.authorization) });
    for (let i = 0; i < LIVE_LIMITS.burst + 5; i++) chatty.send({ type: 'ping' });
    expect(await chatty.closed).toBe(LIVE_CLOSE.rateLimited);

    const tabs = [];
    for (let i = 0; i < LIVE_LIMITS.perMember; i++)
      tabs.push(await live({ token: tokenOf(m.authorization) }));
    const extra = await live();
    extra.send({ type: 'auth', token: tokenOf(m.authorization) });
    expect(await extra.closed).toBe(LIVE_CLOSE.tooMany);
    // One closes, and a new one fits again.
    tabs[0]!.close();
    await tabs[0]!.closed;
    await expect
      .poll(async () => {
        const again = await live();
        again.send({ type: 'auth', token: tokenOf(m.authorization) });
        const first = await Promise.race([
          again.next('ready').then(() => 'ready'),
          again.closed.then(String),
        ]);
        return first;
      })
      .toBe('ready');
  });

  it('closes the socket of a session that has ended', async () => {
    const m = await createTestMember(app);
    const socket = await live({ token: tokenOf(m.authorization) });
    const out = await app.inject({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: { authorization: m.authorization },
    });
    expect(out.statusCode).toBe(200);
    expect(await socket.closed).toBe(LIVE_CLOSE.sessionEnded);
  });
});
