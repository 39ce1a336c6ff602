import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type {
  CancelTicket,
  DrawOrder,
  DrawRules,
  OpenDraw,
  ResultsPage,
  Ticket,
} from '@playhouse/contract/draws';
import { formatMoney, parseMoney } from '@playhouse/contract/money';
import type { OrderDetail, OrdersPage } from '@playhouse/contract/play';
import {
  betTypeOf,
  drawClientSeed,
  DRAW_GAMES,
  outcomeDistribution,
  ticketWin,
  type DrawGameCode,
} from '@playhouse/games/draws';
import { Fraction } from '@playhouse/games/exact';
import { commitSeed, createFairDraw } from '@playhouse/games/fair-draw';
import { type App } from '../src/app.ts';
import { createDrawsService, type DrawsServiceOptions } from '../src/modules/draws/draws.service.ts';
import {
  createTestApp,
  createTestMember,
  createTwoInstances,
  DIALECTS,
  staffAuth,
} from './support/test-app.ts';
import { expectLedgerOk } from './support/ledger.ts';
import { race, responseLabel, tally } from './support/race.ts';
import { fund, walletBalance } from './support/seamless.ts';

const minor = (money: string) => parseMoney(money)!;
type Member = Awaited<ReturnType<typeof createTestMember>>;
type Bet = { betType: string; selection: string; amount: string };

/** A second engine on the same app's database, as another server instance would run it. */
function engine(app: App, options: DrawsServiceOptions = {}) {
  const s = app.services;
  return createDrawsService(
    { db: s.db, ledger: s.ledger, protection: s.responsibleGambling, secrets: s.secrets, audit: s.audit },
    options,
  );
}

function client(app: App, m: Member) {
  const headers = { authorization: m.authorization };
  return {
    opened: async (gameCode: DrawGameCode = 'LOTT3') => {
      const res = await app.inject({ url: `/lotto/lgw/games/opened/numero?gameCode=${gameCode}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value as OpenDraw;
    },
    order: (body: { gameCode?: DrawGameCode; numero: string; bets: Bet[]; requestId?: string }) =>
      app.inject({
        method: 'POST',
        url: '/lotto/lgw/orders',
        headers,
        payload: { gameCode: 'LOTT3', requestId: `req-${randomUUID()}`, ...body },
      }),
    cancel: (ticketId: string) =>
      app.inject({ method: 'POST', url: '/lgw/orders/suborders/cancel', headers, payload: { ticketId } }),
    tickets: async (query = '') => {
      const res = await app.inject({ url: `/lotto/lgw/tickets${query}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value.list as Ticket[];
    },
    get: (url: string) => app.inject({ url, headers }),
  };
}

let passed = 0;

/**
 * Time passes: the draw closes and its draw time comes (the engine then takes it). The draw is moved
 * into the past under a numero of its own, so its schedule slot gets a fresh draw for later tests.
 */
async function reachDrawTime(app: App, gameCode: string, numero: string): Promise<string> {
  const at = Date.now();
  const moved = `${numero}p${++passed}`;
  await app.services.db
    .updateTable('draws')
    .set({ close_at: at - 2000, draw_at: at - 1000, numero: moved })
    .where('game_code', '=', gameCode)
    .where('numero', '=', numero)
    .execute();
  return moved;
}

async function drawRow(app: App, gameCode: string, numero: string) {
  return app.services.db
    .selectFrom('draws')
    .selectAll()
    .where('game_code', '=', gameCode)
    .where('numero', '=', numero)
    .executeTakeFirstOrThrow();
}

/** Every draw-game ledger entry that paid a ticket (wins and refunds), by key. */
async function payouts(app: App) {
  const rows = await app.services.db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_lines as l', 'l.entry_id', 'e.id')
    .select(['e.idem_key', 'l.amount'])
    .where('e.source', '=', 'draws:BGS')
    .where('l.balance_after', 'is not', null)
    .where((eb) => eb.or([eb('e.idem_key', 'like', 'win:%'), eb('e.idem_key', 'like', 'refund:%')]))
    .execute();
  return rows.map((r) => ({ key: r.idem_key, amount: Number(r.amount) }));
}

/** Many tickets on one draw from a few members: every LOTT3 "first digit" and both big and small. */
async function fillDraw(app: App, members: Member[], numero: string, orders = 2) {
  const bets: Bet[] = [
    ...Array.from({ length: 10 }, (_, d) => ({ betType: 'FIRST', selection: String(d), amount: '1.00' })),
    { betType: 'BIG_SMALL', selection: 'BIG', amount: '2.00' },
    { betType: 'BIG_SMALL', selection: 'SMALL', amount: '2.00' },
    ...Array.from({ length: 38 }, (_, i) => ({
      betType: 'LAST2',
      selection: String(i).padStart(2, '0'),
      amount: '1.00',
    })),
  ];
  for (const m of members)
    for (let n = 0; n < orders; n++) {
      const res = await client(app, m).order({ numero, bets });
      expect(res.statusCode, res.body).toBe(200);
    }
  return members.length * orders * bets.length;
}

/** What every ticket of a settled draw should have won, from the revealed seed. */
async function expectedWins(app: App, gameCode: DrawGameCode, numero: string) {
  const draw = await drawRow(app, gameCode, numero);
  const tickets = await app.services.db
    .selectFrom('draw_tickets')
    .selectAll()
    .where('draw_id', '=', draw.id)
    .execute();
  return { draw, tickets };
}

describe.each(DIALECTS)('draw games (%s)', (dialect) => {
  const ready = createTestApp(dialect, { DRAW_ENGINE_MS: '0' });

  async function player(app: App, amount = '500.00') {
    const m = await createTestMember(app);
    await fund(app, m.username, amount);
    return m;
  }

  it('publishes each bet type with the exact return the settlement pays, by enumeration of every result', async () => {
    const app = await ready;
    for (const code of ['LOTT3', 'K3'] as const) {
      const res = await app.inject({ url: `/lotto/lgw/games/rules?gameCode=${code}` });
      expect(res.statusCode, res.body).toBe(200);
      const rules = res.json().value as DrawRules;
      const game = DRAW_GAMES[code];
      expect(rules.betTypes.map((t) => t.betType)).toEqual(game.betTypes.map((t) => t.code));
      for (const published of rules.betTypes) {
        const type = betTypeOf(game, published.betType)!;
        // Every selection, every result: what a 1.00 ticket is paid, weighted by the result's chance.
        let worst: Fraction | undefined;
        for (const selection of published.selections) {
          const odds = minor(published.odds[selection] ?? published.odds['*']!);
          let paid = Fraction.ZERO;
          for (const { result, probability } of outcomeDistribution(game))
            paid = paid.add(probability.mul(ticketWin(100, odds, type.hits(selection, result))));
          const rtp = paid.div(100);
          if (!worst || rtp.compare(worst) < 0) worst = rtp;
        }
        expect(worst!.toJSON(), `${code} ${published.betType}`).toEqual(published.rtpExact);
        expect(published.rtp).toBe(worst!.toNumber());
        expect(published.rtp).toBeLessThan(0.99);
      }
    }
    // Closed forms: Pick 3 big/small 1.95 on half the results; Fast 3 big/small 1.97 on 105 of 216.
    const lott = (await app.inject({ url: '/lotto/lgw/games/rules?gameCode=LOTT3' })).json()
      .value as DrawRules;
    expect(lott.betTypes.find((t) => t.betType === 'BIG_SMALL')!.rtpExact).toEqual({ num: '39', den: '40' });
    const k3 = (await app.inject({ url: '/lotto/lgw/games/rules?gameCode=K3' })).json().value as DrawRules;
    expect(k3.betTypes.find((t) => t.betType === 'BIG_SMALL')!.rtpExact).toEqual(
      new Fraction(105 * 197, 21_600).toJSON(),
    );
    expect((await app.inject({ url: '/lotto/lgw/games/rules?gameCode=NOPE' })).statusCode).toBe(400);
  });

  it('sells tickets on the open draw, settles them at the draw from the committed seed, and pays each win once', async () => {
    const app = await ready;
    const m = await player(app);
    const c = client(app, m);
    const draw = await c.opened('LOTT3');
    expect(draw.closeAt).toBeGreaterThan(Date.now());
    expect(draw.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    const bets: Bet[] = [
      ...Array.from({ length: 10 }, (_, d) => ({ betType: 'FIRST', selection: String(d), amount: '1.00' })),
      { betType: 'BIG_SMALL', selection: 'BIG', amount: '3.00' },
      { betType: 'BIG_SMALL', selection: 'SMALL', amount: '3.00' },
    ];
    const res = await c.order({ numero: draw.numero, bets });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().value as DrawOrder;
    expect(order.tickets).toHaveLength(12);
    expect(order.balance).toBe('484.00');
    expect(order.tickets[10]).toMatchObject({
      betType: 'BIG_SMALL',
      stake: '3.00',
      odds: '1.95',
      potentialWin: '5.85',
      status: 'open',
    });
    expect(await walletBalance(app, m.authorization)).toBe('484.00');
    expect((await c.tickets('?status=open')).map((t) => t.ticketId).sort()).toEqual(
      order.tickets.map((t) => t.ticketId).sort(),
    );

    // Before the draw the seed stays sealed; the engine leaves a draw alone until its time.
    await app.services.draws.tick();
    expect((await drawRow(app, 'LOTT3', draw.numero)).status).toBe('open');

    const drawn = await reachDrawTime(app, 'LOTT3', draw.numero);
    await app.services.draws.tick();
    const settled = await drawRow(app, 'LOTT3', drawn);
    expect(settled.status).toBe('settled');

    // Anyone can recompute the result from the revealed seed, and it is the committed one.
    const results = (await app.inject({ url: '/lotto/lgw/games/results?gameCode=LOTT3' })).json()
      .value as ResultsPage;
    const shown = results.list.find((r) => r.numero === drawn)!;
    expect(shown.status).toBe('settled');
    expect(commitSeed(shown.serverSeed!)).toBe(draw.serverSeedHash);
    const recomputed = DRAW_GAMES.LOTT3.draw(
      createFairDraw({
        serverSeed: shown.serverSeed!,
        clientSeed: drawClientSeed('LOTT3', drawn),
        nonce: 0,
      }),
    );
    expect(shown.result).toEqual(recomputed.balls);

    // Exactly one first digit and one of big/small won: 9.70 + 5.85.
    const tickets = await c.tickets();
    const won = tickets.filter((t) => t.status === 'won');
    expect(won.map((t) => t.betType).sort()).toEqual(['BIG_SMALL', 'FIRST']);
    expect(won.find((t) => t.betType === 'FIRST')!.selection).toBe(String(recomputed.balls[0]));
    expect(tickets.filter((t) => t.status === 'lost')).toHaveLength(10);
    expect(await walletBalance(app, m.authorization)).toBe(formatMoney(48_400 + 970 + 585));

    // Another pass (or another instance) pays nothing more.
    await app.services.draws.tick();
    await engine(app).settle(Number(settled.id));
    expect(await walletBalance(app, m.authorization)).toBe('499.55');
    const keys = (await payouts(app)).filter((p) => won.some((t) => p.key === `win:${t.ticketId}`));
    expect(keys).toHaveLength(2);

    // Every ticket is in the bet record, with its draw's seeds in the detail.
    const records = (await c.get('/lgw/orders?gameType=ALL&pageSize=100')).json().value as OrdersPage;
    const mine = records.list.filter((o) => order.tickets.some((t) => t.ticketId === o.roundId));
    expect(mine).toHaveLength(12);
    expect(mine.every((o) => o.status === 'settled' && o.vendor === 'BGS')).toBe(true);
    const detail = (await c.get(`/lgw/orders/detail?roundId=${won[0]!.ticketId}`)).json()
      .value as OrderDetail;
    expect(detail.fairness?.serverSeed).toBe(shown.serverSeed);
    expect(detail.win).toBe(won[0]!.win);
    // Another member cannot read it.
    const other = await player(app, '1.00');
    expect((await client(app, other).get(`/lgw/orders/detail?roundId=${won[0]!.ticketId}`)).statusCode).toBe(
      404,
    );
    await expectLedgerOk(app);
  });

  it('answers a replayed order with the first and moves nothing; refuses bad bets and tickets after close', async () => {
    const app = await ready;
    const m = await player(app, '20.00');
    const c = client(app, m);
    const { numero } = await c.opened('K3');
    const requestId = `req-${randomUUID()}`;
    const body = {
      gameCode: 'K3' as const,
      numero,
      requestId,
      bets: [{ betType: 'SUM', selection: '10', amount: '2.00' }],
    };
    const first = (await c.order(body)).json().value as DrawOrder;
    const again = await c.order(body);
    expect(again.statusCode).toBe(200);
    expect((again.json().value as DrawOrder).orderId).toBe(first.orderId);
    expect(await walletBalance(app, m.authorization)).toBe('18.00');
    const mismatch = await c.order({ ...body, bets: [{ betType: 'SUM', selection: '11', amount: '2.00' }] });
    expect(mismatch.json().code).toBe('IDEMPOTENCY_MISMATCH');

    const refused = async (bet: Bet, code: string) => {
      const r = await c.order({ gameCode: 'K3', numero, bets: [bet] });
      expect(r.json().code, JSON.stringify(bet)).toBe(code);
    };
    await refused({ betType: 'SUM', selection: '3', amount: '1.00' }, 'BET_NOT_ALLOWED'); // no sum 3 in Fast 3
    await refused({ betType: 'NOPE', selection: '1', amount: '1.00' }, 'BET_NOT_ALLOWED');
    await refused({ betType: 'SUM', selection: '10', amount: '1.50' }, 'STAKE_NOT_ALLOWED');
    await refused({ betType: 'SUM', selection: '10', amount: '5000.00' }, 'STAKE_NOT_ALLOWED');
    await refused({ betType: 'SUM', selection: '10', amount: '19.00' }, 'INSUFFICIENT_FUNDS');
    expect(
      (
        await c.order({
          gameCode: 'K3',
          numero: '190001010000',
          bets: [{ betType: 'SUM', selection: '10', amount: '1.00' }],
        })
      ).json().code,
    ).toBe('DRAW_CLOSED');
    const guest = await app.inject({
      method: 'POST',
      url: '/lotto/lgw/orders',
      payload: { ...body, requestId: 'req-guest-1' },
    });
    expect(guest.statusCode).toBe(401);

    // The draw closes: no ticket is taken after, and the refused one moves no money.
    const closed = await reachDrawTime(app, 'K3', numero);
    const late = await c.order({
      gameCode: 'K3',
      numero: closed,
      bets: [{ betType: 'SUM', selection: '10', amount: '1.00' }],
    });
    expect(late.json().code).toBe('DRAW_CLOSED');
    // A replay of an order that got in still answers it.
    expect((await c.order(body)).statusCode).toBe(200);
    expect(await walletBalance(app, m.authorization)).toBe('18.00');
    await app.services.draws.tick();
    await expectLedgerOk(app);
  });

  it('refunds a ticket cancelled 100 times in parallel exactly once, and not after the draw closes', async () => {
    const app = await ready;
    const m = await player(app, '10.00');
    const c = client(app, m);
    const { numero } = await c.opened('LOTT3');
    const order = (
      await c.order({
        numero,
        bets: [
          { betType: 'STRAIGHT', selection: '123', amount: '3.00' },
          { betType: 'ODD_EVEN', selection: 'ODD', amount: '2.00' },
        ],
      })
    ).json().value as DrawOrder;
    expect(await walletBalance(app, m.authorization)).toBe('5.00');
    const ticket = order.tickets[0]!;
    const outcomes = await race(100, () => c.cancel(ticket.ticketId));
    expect(tally(outcomes, responseLabel)).toEqual({ '200': 100 });
    for (const o of outcomes) if (o.ok) expect((o.value.json().value as CancelTicket).refund).toBe('3.00');
    expect(await walletBalance(app, m.authorization)).toBe('8.00');
    const refunds = await app.services.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('idem_key', '=', `cancel:${ticket.ticketId}`)
      .execute();
    expect(refunds).toHaveLength(1);
    expect((await c.tickets()).find((t) => t.ticketId === ticket.ticketId)!.status).toBe('cancelled');
    const draw = await drawRow(app, 'LOTT3', numero);
    expect(Number(draw.exposure)).toBe(390);

    // Someone else's ticket is unknown; a closed draw's ticket stays.
    const other = await player(app, '1.00');
    expect((await client(app, other).cancel(order.tickets[1]!.ticketId)).statusCode).toBe(404);
    await reachDrawTime(app, 'LOTT3', numero);
    expect((await c.cancel(order.tickets[1]!.ticketId)).json().code).toBe('DRAW_CLOSED');
    expect(await walletBalance(app, m.authorization)).toBe('8.00');
    await app.services.draws.tick();
    expect((await c.cancel(order.tickets[1]!.ticketId)).json().code).toBe('DRAW_CLOSED');
    await expectLedgerOk(app);
  });

  it('refuses tickets past the draw’s exposure cap, decided with the write (20 racing orders)', async () => {
    const app = await ready;
    const staff = await staffAuth(app);
    const put = await app.inject({
      method: 'PUT',
      url: '/bo/api/draws/games/K3',
      headers: staff,
      payload: { maxExposure: '10.00' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const m = await player(app, '50.00');
    const c = client(app, m);
    const { numero } = await c.opened('K3');
    // Each ticket could pay 1.97: five fit under 10.00, the sixth does not.
    const outcomes = await race(20, () =>
      c.order({ gameCode: 'K3', numero, bets: [{ betType: 'BIG_SMALL', selection: 'BIG', amount: '1.00' }] }),
    );
    expect(tally(outcomes, responseLabel)).toEqual({ '200': 5, '409 DRAW_EXPOSURE_LIMIT': 15 });
    expect(await walletBalance(app, m.authorization)).toBe('45.00');
    expect(Number((await drawRow(app, 'K3', numero)).exposure)).toBe(985);
    await app.inject({
      method: 'PUT',
      url: '/bo/api/draws/games/K3',
      headers: staff,
      payload: { maxExposure: '200000.00' },
    });
    await reachDrawTime(app, 'K3', numero);
    await app.services.draws.tick();
    await expectLedgerOk(app);
  });

  it('settles each draw once with two engines at the same time, in batches', async () => {
    const app = await ready;
    const members = [await player(app), await player(app), await player(app)];
    const { numero } = await client(app, members[0]!).opened('LOTT3');
    const count = await fillDraw(app, members, numero);
    const drawn = await reachDrawTime(app, 'LOTT3', numero);
    const a = engine(app, { batchSize: 37 });
    const b = engine(app, { batchSize: 37 });
    const [ra, rb] = await Promise.all([a.tick(), b.tick()]);
    expect([...ra, ...rb]).toContain('finished');
    // Whoever lost the race takes the draw over only if it is unfinished: it is finished.
    await a.tick();
    const { draw, tickets } = await expectedWins(app, 'LOTT3', drawn);
    expect(draw.status).toBe('settled');
    expect(tickets).toHaveLength(count);
    expect(tickets.every((t) => t.status === 'won' || t.status === 'lost')).toBe(true);
    const paid = await payouts(app);
    const winners = tickets.filter((t) => t.status === 'won');
    for (const t of winners)
      expect(paid.filter((p) => p.key === `win:${t.ticket_id}`)).toEqual([
        { key: `win:${t.ticket_id}`, amount: Number(t.win) },
      ]);
    expect(Number(draw.win_total)).toBe(winners.reduce((s, t) => s + Number(t.win), 0));
    await expectLedgerOk(app);
  });

  it('finishes a settlement cut short on restart without paying anything twice', async () => {
    const app = await ready;
    const members = [await player(app), await player(app)];
    const { numero } = await client(app, members[0]!).opened('LOTT3');
    await fillDraw(app, members, numero);
    const drawn = await reachDrawTime(app, 'LOTT3', numero);
    const before = await Promise.all(members.map((m) => walletBalance(app, m.authorization)));

    // The instance dies after its first committed batch: its lease stays on the draw.
    const crashed = engine(app, {
      batchSize: 40,
      leaseMs: 400,
      afterBatch: () => {
        throw new Error('killed');
      },
    });
    await expect(crashed.tick()).rejects.toThrow('killed');
    const half = await expectedWins(app, 'LOTT3', drawn);
    expect(half.draw.status).toBe('settling');
    expect(half.tickets.filter((t) => t.status === 'open').length).toBe(half.tickets.length - 40);

    // Another instance waits for the lease to run out, then finishes the rest.
    const restarted = engine(app, { batchSize: 40 });
    expect(await restarted.settle(Number(half.draw.id))).toBe('busy');
    await new Promise((r) => setTimeout(r, 450));
    expect(await restarted.tick()).toContain('finished');
    const { draw, tickets } = await expectedWins(app, 'LOTT3', drawn);
    expect(draw.status).toBe('settled');
    const paid = await payouts(app);
    let total = 0;
    for (const t of tickets) {
      const mine = paid.filter((p) => p.key === `win:${t.ticket_id}`);
      expect(mine).toHaveLength(t.status === 'won' ? 1 : 0);
      total += Number(t.win);
    }
    const after = await Promise.all(members.map((m) => walletBalance(app, m.authorization)));
    expect(after.reduce((s, b) => s + minor(b), 0) - before.reduce((s, b) => s + minor(b), 0)).toBe(total);
    await expectLedgerOk(app);
  });

  it('refunds every ticket of a voided draw once, and of a draw whose game was switched off', async () => {
    const app = await ready;
    const staff = await staffAuth(app);
    const m = await player(app, '100.00');
    const c = client(app, m);
    const { numero } = await c.opened('LOTT3');
    await c.order({
      numero,
      bets: [
        { betType: 'SUM', selection: '13', amount: '4.00' },
        { betType: 'FIRST', selection: '1', amount: '6.00' },
      ],
    });
    expect(await walletBalance(app, m.authorization)).toBe('90.00');
    const draw = await drawRow(app, 'LOTT3', numero);
    const voided = await app.inject({
      method: 'POST',
      url: `/bo/api/draws/${draw.id}/void`,
      headers: staff,
      payload: { reason: 'test void' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().value).toMatchObject({ status: 'void', voidReason: 'test void' });
    expect(await walletBalance(app, m.authorization)).toBe('100.00');
    expect((await c.tickets()).filter((t) => t.numero === numero).every((t) => t.status === 'void')).toBe(
      true,
    );
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/bo/api/draws/${draw.id}/void`,
          headers: staff,
          payload: { reason: 'again' },
        })
      ).json().code,
    ).toBe('DRAW_CLOSED');
    await engine(app).settle(Number(draw.id));
    expect(await walletBalance(app, m.authorization)).toBe('100.00');

    // A game switched off: its draw cannot happen, and refunds at its time.
    const next = await c.opened('K3');
    await c.order({
      gameCode: 'K3',
      numero: next.numero,
      bets: [{ betType: 'ANY_TRIPLE', selection: 'ANY', amount: '5.00' }],
    });
    await app.inject({
      method: 'PUT',
      url: '/bo/api/draws/games/K3',
      headers: staff,
      payload: { enabled: false },
    });
    expect((await app.inject({ url: '/lotto/lgw/games/opened/numero?gameCode=K3' })).json().code).toBe(
      'GAME_CLOSED',
    );
    const drawn = await reachDrawTime(app, 'K3', next.numero);
    await app.services.draws.tick();
    expect((await drawRow(app, 'K3', drawn)).status).toBe('void');
    expect(await walletBalance(app, m.authorization)).toBe('100.00');
    await app.inject({
      method: 'PUT',
      url: '/bo/api/draws/games/K3',
      headers: staff,
      payload: { enabled: true },
    });
    await expectLedgerOk(app);
  });

  it('lets staff set schedules, odds and limits within bounds, and lists the settlement report', async () => {
    const app = await ready;
    const staff = await staffAuth(app);
    const put = (payload: object) =>
      app.inject({ method: 'PUT', url: '/bo/api/draws/games/LOTT3', headers: staff, payload });
    expect((await put({ betTypes: { BIG_SMALL: { odds: { '*': 199 } } } })).json().fields).toHaveProperty([
      'betTypes.BIG_SMALL.odds',
    ]);
    expect((await put({ betTypes: { BIG_SMALL: { minStake: '1.50' } } })).statusCode).toBe(400);
    expect((await put({ schedule: { kind: 'daily', times: ['25:00'] } })).statusCode).toBe(400);
    const ok = await put({
      schedule: { kind: 'daily', times: ['10:00', '22:00'] },
      betTypes: { BIG_SMALL: { odds: { '*': 190 }, maxStake: '50.00' } },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const rules = (await app.inject({ url: '/lotto/lgw/games/rules?gameCode=LOTT3' })).json()
      .value as DrawRules;
    const bs = rules.betTypes.find((t) => t.betType === 'BIG_SMALL')!;
    expect(bs).toMatchObject({ odds: { '*': '1.90' }, maxStake: '50.00', rtp: 0.95 });
    expect(rules.schedule).toEqual({ kind: 'daily', times: ['10:00', '22:00'] });
    const report = await app.inject({ url: '/bo/api/draws?gameCode=LOTT3&status=settled', headers: staff });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().value.list.length).toBeGreaterThan(0);
    expect(report.json().value.list.every((d: { status: string }) => d.status === 'settled')).toBe(true);
    const audit = await app.services.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'draws.%')
      .execute();
    expect(audit.map((a) => a.action)).toContain('draws.game.updated');
    expect((await app.inject({ url: '/bo/api/draws/games' })).statusCode).toBe(401);
    await put({
      schedule: {
        kind: 'daily',
        times: ['00:00', '03:00', '06:00', '09:00', '12:00', '15:00', '18:00', '21:00'],
      },
      betTypes: { BIG_SMALL: { odds: { '*': 195 }, maxStake: '1000.00' } },
    });
  });
});

/** Two full server instances on one PostgreSQL schema, both running the draw engine. */
describe('draw games on two instances sharing PostgreSQL', () => {
  // Two whole servers start here (migrations, seed data): slower than one test app.
  it(
    'settles each draw once when both instances take it at the same time',
    { timeout: 120_000 },
    async () => {
      const { appA, appB } = await createTwoInstances(
        { REDIS_URL: '', DRAW_ENGINE_MS: '0' },
        { poolSize: 4 },
      );
      const members = [];
      for (let i = 0; i < 3; i++) {
        const m = await createTestMember(appA);
        await fund(appA, m.username, '500.00');
        members.push(m);
      }
      const { numero } = await client(appA, members[0]!).opened('LOTT3');
      await fillDraw(appA, members, numero, 3);
      const drawn = await reachDrawTime(appA, 'LOTT3', numero);
      const a = engine(appA, { batchSize: 25 });
      const b = engine(appB, { batchSize: 25 });
      await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
      await Promise.all([a.tick(), b.tick()]);
      const { draw, tickets } = await expectedWins(appB, 'LOTT3', drawn);
      expect(draw.status).toBe('settled');
      expect(tickets.every((t) => t.status !== 'open')).toBe(true);
      const paid = await payouts(appB);
      expect(paid).toHaveLength(tickets.filter((t) => t.status === 'won').length);
      expect(new Set(paid.map((p) => p.key)).size).toBe(paid.length);
      expect(paid.reduce((s, p) => s + p.amount, 0)).toBe(tickets.reduce((s, t) => s + Number(t.win), 0));
      await expectLedgerOk(appA);
    },
  );
});
