import { describe, expect, it } from 'vitest';
import {
  betTypeOf,
  betTypeReturn,
  DRAW_GAMES,
  drawClientSeed,
  oddsFor,
  oddsProblem,
  outcomeDistribution,
  ticketWin,
  type DrawGameMaths,
} from './draws.ts';
import { Fraction } from './exact.ts';
import { createFairDraw } from './fair-draw.ts';

const type = (game: DrawGameMaths, code: string) => betTypeOf(game, code)!;

/** The lottery games (bingo's 40-ball draw is not enumerated: see bingo.test.ts). */
const LOTTERIES = Object.values(DRAW_GAMES).filter((g) => g.category !== 'BG');

describe('draw game maths', () => {
  it('enumerates every result once with probabilities that sum to one', () => {
    expect(outcomeDistribution(DRAW_GAMES.LOTT3)).toHaveLength(1000);
    expect(outcomeDistribution(DRAW_GAMES.K3)).toHaveLength(216);
    for (const game of LOTTERIES) {
      const total = outcomeDistribution(game).reduce((s, o) => s.add(o.probability), Fraction.ZERO);
      expect(total.equals(Fraction.ONE)).toBe(true);
      const seen = new Set(outcomeDistribution(game).map((o) => o.result.balls.join()));
      expect(seen.size).toBe(outcomeDistribution(game).length);
    }
  });

  it('returns exactly the closed-form figures for the Pick 3 bet types', () => {
    const g = DRAW_GAMES.LOTT3;
    const rtp = (code: string) => betTypeReturn(g, type(g, code)).worst;
    // Big/small and odd/even: half of the 1000 results each, paying 1.95.
    expect(rtp('BIG_SMALL').equals(new Fraction(195, 200))).toBe(true);
    expect(rtp('ODD_EVEN').equals(new Fraction(195, 200))).toBe(true);
    // One digit in ten, two in a hundred, three in a thousand, all priced at 97 %.
    for (const code of ['FIRST', 'SECOND', 'THIRD', 'LAST2', 'STRAIGHT'])
      expect(rtp(code).equals(new Fraction(97, 100))).toBe(true);
    // Every selection of a flat-priced type returns the same.
    const last2 = betTypeReturn(g, type(g, 'LAST2'));
    expect(last2.best.equals(last2.worst)).toBe(true);
    // Sums are priced per total from the number of ways to make it: each returns at most 96 %, the
    // rarest exactly 96 % (sum 0 and 27, 1 way each, pay 960.00).
    const sum = betTypeReturn(g, type(g, 'SUM'));
    expect(sum.best.equals(new Fraction(96, 100))).toBe(true);
    for (const [selection, r] of sum.bySelection) {
      expect(r.compare(new Fraction(96, 100))).toBeLessThanOrEqual(0);
      expect(r.compare(new Fraction(95, 100))).toBeGreaterThan(0);
      expect(oddsFor(type(g, 'SUM').defaultOdds, selection)).toBeGreaterThan(100);
    }
  });

  it('returns exactly the closed-form figures for the Fast 3 bet types, triples losing big/small', () => {
    const g = DRAW_GAMES.K3;
    const rtp = (code: string) => betTypeReturn(g, type(g, code)).worst;
    // 105 of 216 results are big (non-triple, 11–17), paying 1.97.
    expect(rtp('BIG_SMALL').equals(new Fraction(105 * 197, 216 * 100))).toBe(true);
    expect(rtp('ODD_EVEN').equals(new Fraction(105 * 197, 216 * 100))).toBe(true);
    expect(rtp('ANY_TRIPLE').equals(new Fraction(6 * 3450, 216 * 100))).toBe(true);
    expect(rtp('TRIPLE').equals(new Fraction(20_700, 216 * 100))).toBe(true);
    for (const code of ['BIG_SMALL', 'ODD_EVEN', 'SUM', 'ANY_TRIPLE', 'TRIPLE']) {
      const r = betTypeReturn(g, type(g, code));
      expect(r.best.compare(new Fraction(97, 100))).toBeLessThan(0);
      expect(r.worst.compare(new Fraction(95, 100))).toBeGreaterThan(0);
    }
  });

  it('agrees with a simulation of the fair stream within four standard errors', () => {
    const DRAWS = 40_000;
    for (const game of LOTTERIES) {
      for (const t of game.betTypes) {
        const selection = t.selections[0]!;
        const odds = oddsFor(t.defaultOdds, selection)!;
        const exact = betTypeReturn(game, t).bySelection.get(selection)!.toNumber();
        let total = 0;
        let squares = 0;
        for (let n = 0; n < DRAWS; n++) {
          const result = game.draw(
            createFairDraw({
              serverSeed: 'simulation',
              clientSeed: drawClientSeed(game.code, String(n)),
              nonce: 0,
            }),
          );
          const paid = ticketWin(100, odds, t.hits(selection, result)) / 100;
          total += paid;
          squares += paid * paid;
        }
        const mean = total / DRAWS;
        const se = Math.sqrt((squares / DRAWS - mean * mean) / DRAWS);
        expect(Math.abs(mean - exact), `${game.code} ${t.code}`).toBeLessThanOrEqual(4 * se + 1e-12);
      }
    }
  });

  it('draws the same result from the same seeds, and wins whole minor units', () => {
    const seeds = {
      serverSeed: 'a'.repeat(64),
      clientSeed: drawClientSeed('LOTT3', '20261127-0001'),
      nonce: 0,
    };
    const a = DRAW_GAMES.LOTT3.draw(createFairDraw(seeds));
    expect(DRAW_GAMES.LOTT3.draw(createFairDraw(seeds))).toEqual(a);
    expect(a.balls).toHaveLength(3);
    expect(ticketWin(300, 195, 1)).toBe(585);
    expect(ticketWin(300, 195, 0)).toBe(0);
    expect(() => ticketWin(150, 195, 1)).toThrow(RangeError);
  });

  it('refuses odds tables that return too much, miss a selection or name an unknown one', () => {
    const g = DRAW_GAMES.LOTT3;
    const bs = type(g, 'BIG_SMALL');
    expect(oddsProblem(g, bs, { '*': 195 })).toBeUndefined();
    expect(oddsProblem(g, bs, { '*': 198 })).toBeUndefined();
    expect(oddsProblem(g, bs, { '*': 199 })).toBe('returnTooHigh');
    expect(oddsProblem(g, bs, { BIG: 190 })).toBe('oddsMissing');
    expect(oddsProblem(g, bs, { '*': 190, MIDDLE: 300 })).toBe('unknownSelection');
    expect(oddsProblem(g, bs, { '*': 100 })).toBe('oddsOutOfRange');
    expect(oddsProblem(g, bs, { '*': 190.5 })).toBe('oddsOutOfRange');
  });
});
