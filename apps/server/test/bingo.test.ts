import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BingoCard, BingoRound, DrawOrder, DrawRules } from '@playhouse/contract/draws';
import { parseMoney } from '@playhouse/contract/money';
import type { OrdersPage } from '@playhouse/contract/play';
import {
  BINGO_BALLS,
  BINGO_DEFAULT_PRIZES,
  BINGO_PATTERNS,
  cardNumbers,
  cardOutcome,
  completedPatterns,
  patternDistribution,
} from '@playhouse/games/bingo';
import { DRAW_GAMES, drawClientSeed, ticketWin } from '@playhouse/games/draws';
import { Fraction } from '@playhouse/games/exact';
import { commitSeed, createFairDraw, createFastDraw } from '@playhouse/games/fair-draw';
import { type App } from '../src/app.ts';
import { createTestApp, createTestMember, DIALECTS, staffAuth } from './support/test-app.ts';
import { expectLedgerOk } from './support/ledger.ts';
import { race, responseLabel, tally } from './support/race.ts';
import { fund, walletBalance } from './support/seamless.ts';

const minor = (money: string) => parseMoney(money)!;
type Member = Awaited<ReturnType<typeof createTestMember>>;

function choose(n: number, k: number): bigint {
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

function client(app: App, m?: Member) {
  const headers = m ? { authorization: m.authorization } : undefined;
  return {
    round: async () => {
      const res = await app.inject({ url: '/lotto/lgw/bingo/round', headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value as BingoRound;
    },
    deal: async (count: number) => {
      const res = await app.inject({ url: `/lotto/lgw/bingo/cards?count=${count}` });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().value as { list: BingoCard[] }).list;
    },
    buy: (numero: string, cards: string[], amount = '1.00') =>
      app.inject({
        method: 'POST',
        url: '/lotto/lgw/orders',
        headers,
        payload: {
          gameCode: 'BINGO75',
          numero,
          requestId: `req-${randomUUID()}`,
          bets: cards.map((selection) => ({ betType: 'CARD', selection, amount })),
        },
      }),
  };
}

let moved = 0;
/**
 * Time passes for one round: it stopped taking cards `closedAgo` ms ago and its last ball falls in
 * `drawIn` ms. It gets a numero of its own, so its schedule slot gets a fresh round for later tests
 * (the balls are drawn for that numero, as the round's client seed says).
 */
/** The engine's settlement of one round (the shared PostgreSQL may hold other due draws first). */
async function settleRound(app: App, numero: string) {
  const row = await app.services.db
    .selectFrom('draws')
    .select('id')
    .where('game_code', '=', 'BINGO75')
    .where('numero', '=', numero)
    .executeTakeFirstOrThrow();
  return app.services.draws.settle(Number(row.id));
}

async function moveRound(app: App, numero: string, closedAgo: number, drawIn: number) {
  const at = Date.now();
  const renamed = `${numero}b${++moved}`;
  await app.services.db
    .updateTable('draws')
    .set({ close_at: at - closedAgo, draw_at: at + drawIn, numero: renamed })
    .where('game_code', '=', 'BINGO75')
    .where('numero', '=', numero)
    .execute();
  return renamed;
}

describe.each(DIALECTS)('75-ball bingo (%s)', (dialect) => {
  const ready = createTestApp(dialect, { DRAW_ENGINE_MS: '0' });

  async function player(app: App, amount = '100.00') {
    const m = await createTestMember(app);
    await fund(app, m.username, amount);
    return m;
  }

  it('publishes the prize table with its exact return, which closed forms and a simulation confirm', async () => {
    const app = await ready;
    const res = await app.inject({ url: '/lotto/lgw/games/rules?gameCode=BINGO75' });
    expect(res.statusCode, res.body).toBe(200);
    const rules = res.json().value as DrawRules;
    expect(rules.category).toBe('BG');
    const card = rules.betTypes[0]!;
    expect(card.betType).toBe('CARD');
    expect(card.selections).toEqual([...BINGO_PATTERNS]);
    expect(Object.fromEntries(Object.entries(card.odds).map(([k, v]) => [k, minor(v)]))).toEqual(
      BINGO_DEFAULT_PRIZES,
    );
    expect(card.rtp).toBeGreaterThan(0.9);
    expect(card.rtp).toBeLessThan(0.99);
    const round = await client(app).round();
    expect(round.rtp).toBe(card.rtp);
    expect(round.cards).toEqual([]);

    // Closed forms: four corners need 4 given numbers among the 40 balls, a full house all 24.
    const dist = patternDistribution();
    const withPattern = (bit: number) =>
      dist.reduce((sum, p, set) => (set & (1 << bit) ? sum.add(p) : sum), Fraction.ZERO);
    const all = choose(75, BINGO_BALLS);
    expect(withPattern(1).equals(new Fraction(choose(71, BINGO_BALLS - 4), all))).toBe(true);
    expect(withPattern(4).equals(new Fraction(choose(51, BINGO_BALLS - 24), all))).toBe(true);
    expect(dist.reduce((s, p) => s.add(p), Fraction.ZERO).equals(new Fraction(1))).toBe(true);

    // Simulation of 40,000 cards and rounds: the published return within 4 standard errors.
    const d = createFastDraw(21);
    const n = 40_000;
    let sum = 0;
    let sumSq = 0;
    for (let i = 0; i < n; i++) {
      const code = Array.from({ length: 12 }, () => '0123456789ABCDEF'[d.int(16)]).join('');
      const balls = DRAW_GAMES.BINGO75.draw(d).balls;
      const x = cardOutcome(cardNumbers(code), balls, BINGO_DEFAULT_PRIZES).prize / 100;
      sum += x;
      sumSq += x * x;
    }
    const mean = sum / n;
    const se = Math.sqrt((sumSq / n - mean * mean) / n);
    expect(Math.abs(mean - card.rtp)).toBeLessThan(4 * se);
  });

  it('sells cards on the open round, calls its balls live, daubs them, and pays each card its best pattern once', async () => {
    const app = await ready;
    const m = await player(app);
    const c = client(app, m);
    const dealt = await c.deal(4);
    expect(dealt).toHaveLength(4);
    for (const card of dealt) {
      expect(card.numbers).toEqual(cardNumbers(card.cardCode));
      expect(card.numbers[12]).toBe(0);
      // Columns B I N G O take 1–15, 16–30, 31–45, 46–60, 61–75.
      card.numbers.forEach((x, i) => {
        if (i !== 12) expect(Math.ceil(x / 15)).toBe((i % 5) + 1);
      });
    }
    const before = await c.round();
    const open = before.open!;
    expect(open.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    const res = await c.buy(
      open.numero,
      dealt.map((x) => x.cardCode),
      '2.00',
    );
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().value as DrawOrder;
    expect(order.balance).toBe('92.00');
    expect(order.tickets.map((t) => t.selection)).toEqual(dealt.map((x) => x.cardCode));
    const waiting = await c.round();
    expect(waiting.cards.filter((x) => x.numero === open.numero)).toHaveLength(4);
    expect(waiting.cards.every((x) => x.daubed.length === 0 && x.status === 'open')).toBe(true);
    // Another member and a visitor see the round, not these cards.
    expect((await client(app, await player(app, '1.00')).round()).cards).toEqual([]);
    expect((await client(app).round()).cards).toEqual([]);

    // Cards bought now go to the next round; this one is being called: half its time gone, 20 balls.
    const numero = await moveRound(app, open.numero, 15_000, 15_000);
    const live = await c.round();
    expect(live.live!.numero).toBe(numero);
    expect(live.live!.callMs).toBe(750);
    // The balls called by the server's clock when it answered: about 20, one every 750 ms.
    expect(live.live!.called.length).toBe(Math.floor((live.serverTime - live.live!.closeAt) / 750));
    expect(live.live!.called.length).toBeGreaterThanOrEqual(19);
    expect(live.live!.serverSeed).toBeNull();
    expect(live.open!.numero).not.toBe(numero);
    const called = live.live!.called;
    for (const card of live.cards) {
      expect(card.daubed).toEqual(card.numbers.filter((x) => x !== 0 && called.includes(x)));
      expect(card.patterns).toEqual(completedPatterns(card.numbers, called));
    }
    expect((await c.buy(numero, [dealt[0]!.cardCode])).json().code).toBe('DRAW_CLOSED');
    expect(await settleRound(app, numero)).toBe('busy');
    expect((await c.round()).live!.status).toBe('open');

    // The last ball falls; the engine settles the round and reveals its seed.
    await app.services.db
      .updateTable('draws')
      .set({ draw_at: Date.now() - 1 })
      .where('numero', '=', numero)
      .execute();
    expect(await settleRound(app, numero)).toBe('finished');
    const after = await c.round();
    const result = after.live!;
    expect(result.status).toBe('settled');
    expect(result.called).toHaveLength(BINGO_BALLS);
    expect(result.called.slice(0, called.length)).toEqual(called);
    expect(commitSeed(result.serverSeed!)).toBe(open.serverSeedHash);
    const balls = DRAW_GAMES.BINGO75.draw(
      createFairDraw({
        serverSeed: result.serverSeed!,
        clientSeed: drawClientSeed('BINGO75', numero),
        nonce: 0,
      }),
    ).balls;
    expect(result.called).toEqual(balls);

    // Every card's outcome is its best pattern on those balls; the wins are credited once.
    let expected = 9_200;
    for (const card of after.cards.filter((x) => x.numero === numero)) {
      const outcome = cardOutcome(card.numbers, balls, BINGO_DEFAULT_PRIZES);
      const win = ticketWin(200, outcome.prize, outcome.prize > 0 ? 1 : 0);
      expect(card.pattern).toBe(outcome.pattern);
      expect(minor(card.win)).toBe(win);
      expect(card.status).toBe(win > 0 ? 'won' : 'lost');
      expect(card.daubed).toHaveLength(card.numbers.filter((x) => balls.includes(x)).length);
      expected += win;
    }
    expect(minor(await walletBalance(app, m.authorization))).toBe(expected);
    expect(await settleRound(app, numero)).toBe('busy');
    expect(minor(await walletBalance(app, m.authorization))).toBe(expected);

    // Every card is in the bet record.
    const records = (
      await app.inject({
        url: '/lgw/orders?gameType=ALL&pageSize=100',
        headers: { authorization: m.authorization },
      })
    ).json().value as OrdersPage;
    expect(records.list.filter((o) => order.tickets.some((t) => t.ticketId === o.roundId))).toHaveLength(4);
    await expectLedgerOk(app);
  });

  it('refuses bad cards and prices; takes only the cards that fit a wager limit, decided with the purchase', async () => {
    const app = await ready;
    const m = await player(app);
    const c = client(app, m);
    const { open } = await c.round();
    const [card] = await c.deal(1);
    expect((await c.buy(open!.numero, ['XYZ'])).json().code).toBe('BET_NOT_ALLOWED');
    expect((await c.buy(open!.numero, ['ABCDEF01234'])).json().code).toBe('BET_NOT_ALLOWED');
    expect((await c.buy(open!.numero, [card!.cardCode], '50.00')).json().code).toBe('STAKE_NOT_ALLOWED');
    expect((await c.buy(open!.numero, [card!.cardCode], '1.50')).json().code).toBe('STAKE_NOT_ALLOWED');
    expect(await walletBalance(app, m.authorization)).toBe('100.00');

    const limits = await app.inject({
      method: 'PUT',
      url: '/wps/member/limits',
      headers: { authorization: m.authorization },
      payload: { wager: { day: '5.00' } },
    });
    expect(limits.statusCode, limits.body).toBe(200);
    const outcomes = await race(20, () => c.buy(open!.numero, [card!.cardCode]));
    expect(tally(outcomes, responseLabel)).toEqual({ '200': 5, '409 WAGER_LIMIT_REACHED': 15 });
    expect(await walletBalance(app, m.authorization)).toBe('95.00');
    await expectLedgerOk(app);
  });

  it('pays a card under the prize table it was bought with; refuses a table paying over 99 % or leaving a pattern out', async () => {
    const app = await ready;
    const staff = await staffAuth(app);
    const put = (betTypes: Record<string, unknown>) =>
      app.inject({
        method: 'PUT',
        url: '/bo/api/draws/games/BINGO75',
        headers: staff,
        payload: { betTypes },
      });
    const tooRich = await put({ CARD: { odds: { ...BINGO_DEFAULT_PRIZES, LINE: 300 } } });
    expect(tooRich.statusCode).toBe(400);
    expect(Object.keys(tooRich.json().fields)).toEqual(['betTypes.CARD.odds']);
    const missing = await put({ CARD: { odds: { LINE: 150, CORNERS: 350 } } });
    expect(missing.statusCode).toBe(400);

    const m = await player(app);
    const c = client(app, m);
    const { open } = await c.round();
    const cards = (await c.deal(6)).map((x) => x.cardCode);
    expect((await c.buy(open!.numero, cards)).statusCode).toBe(200);
    // Line prize halved after the purchase: it applies to later cards only.
    const cheaper = { ...BINGO_DEFAULT_PRIZES, LINE: 120 };
    const changed = await put({ CARD: { odds: cheaper } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(minor((await c.round()).prizes.LINE!)).toBe(120);
    const numero = await moveRound(app, open!.numero, 2_000, -1);
    expect(await settleRound(app, numero)).toBe('finished');
    const after = await c.round();
    expect(after.live!.numero).toBe(numero);
    let expected = 9_400;
    for (const card of after.cards.filter((x) => x.numero === numero)) {
      const outcome = cardOutcome(card.numbers, after.live!.called, BINGO_DEFAULT_PRIZES);
      expect(card.pattern).toBe(outcome.pattern);
      expect(minor(card.win)).toBe(outcome.prize);
      expected += outcome.prize;
    }
    expect(minor(await walletBalance(app, m.authorization))).toBe(expected);
    expect((await put({ CARD: { odds: BINGO_DEFAULT_PRIZES } })).statusCode).toBe(200);
    await expectLedgerOk(app);
  });
});
