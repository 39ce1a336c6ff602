import { describe, expect, it } from 'vitest';
import {
  BINGO_BALLS,
  BINGO_DEFAULT_PRIZES,
  bingoReturn,
  cardNumbers,
  cardOutcome,
  completedPatterns,
  drawBalls,
  isCardCode,
  patternChances,
  patternDistribution,
} from './bingo.ts';
import { betTypeReturn, DRAW_GAMES, oddsProblem } from './draws.ts';
import { Fraction } from './exact.ts';
import { createFairDraw, createFastDraw } from './fair-draw.ts';

function choose(n: number, k: number): bigint {
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

describe('75-ball bingo maths', () => {
  it('makes the same card from the same code, columns B I N G O in their ranges, the middle free', () => {
    expect(isCardCode('0123456789AB')).toBe(true);
    expect(isCardCode('0123456789ab')).toBe(false);
    expect(isCardCode('0123456789A')).toBe(false);
    const card = cardNumbers('0123456789AB');
    expect(cardNumbers('0123456789AB')).toEqual(card);
    expect(card).toHaveLength(25);
    expect(card[12]).toBe(0);
    expect(new Set(card).size).toBe(25);
    card.forEach((n, i) => {
      if (i !== 12) expect(Math.ceil(n / 15)).toBe((i % 5) + 1);
    });
  });

  it('calls 40 different balls from 1 to 75, the same for the same seeds', () => {
    const seeds = { serverSeed: 'b'.repeat(64), clientSeed: 'BINGO75:202611280000', nonce: 0 };
    const balls = drawBalls(createFairDraw(seeds));
    expect(balls).toEqual(DRAW_GAMES.BINGO75.draw(createFairDraw(seeds)).balls);
    expect(balls).toHaveLength(BINGO_BALLS);
    expect(new Set(balls).size).toBe(BINGO_BALLS);
    expect(balls.every((b) => b >= 1 && b <= 75)).toBe(true);
  });

  it('finds the patterns a card completed and pays the best one only', () => {
    const card = cardNumbers('00000000000A');
    const row = card.slice(10, 15).filter((n) => n !== 0);
    expect(completedPatterns(card, row)).toEqual(['LINE']);
    const corners = [card[0]!, card[4]!, card[20]!, card[24]!];
    expect(completedPatterns(card, [...row, ...corners])).toEqual(['LINE', 'CORNERS']);
    expect(cardOutcome(card, [...row, ...corners], BINGO_DEFAULT_PRIZES)).toEqual({
      pattern: 'CORNERS',
      prize: BINGO_DEFAULT_PRIZES.CORNERS,
    });
    const all = card.filter((n) => n !== 0);
    expect(completedPatterns(card, all)).toEqual(['LINE', 'CORNERS', 'X', 'FRAME', 'BLACKOUT']);
    expect(cardOutcome(card, all, BINGO_DEFAULT_PRIZES).pattern).toBe('BLACKOUT');
    expect(cardOutcome(card, [], BINGO_DEFAULT_PRIZES)).toEqual({ pattern: null, prize: 0 });
  });

  it(
    'has an exact return that closed forms and a simulation confirm, and refuses tables over 99 %',
    { timeout: 60_000 },
    () => {
      const dist = patternDistribution();
      const all = choose(75, BINGO_BALLS);
      const withBit = (bit: number) =>
        dist.reduce((sum, p, set) => (set & (1 << bit) ? sum.add(p) : sum), Fraction.ZERO);
      expect(dist.reduce((s, p) => s.add(p), Fraction.ZERO).equals(Fraction.ONE)).toBe(true);
      expect(withBit(1).equals(new Fraction(choose(71, BINGO_BALLS - 4), all))).toBe(true);
      expect(withBit(2).equals(new Fraction(choose(67, BINGO_BALLS - 8), all))).toBe(true);
      expect(withBit(3).equals(new Fraction(choose(59, BINGO_BALLS - 16), all))).toBe(true);
      expect(withBit(4).equals(new Fraction(choose(51, BINGO_BALLS - 24), all))).toBe(true);
      const chances = patternChances(BINGO_DEFAULT_PRIZES);
      const rtp = bingoReturn(BINGO_DEFAULT_PRIZES);
      expect(
        Object.values(chances)
          .reduce((s, p) => s.add(p), Fraction.ZERO)
          .compare(Fraction.ONE),
      ).toBeLessThan(0);
      const type = DRAW_GAMES.BINGO75.betTypes[0]!;
      expect(betTypeReturn(DRAW_GAMES.BINGO75, type).worst.equals(rtp)).toBe(true);
      expect(rtp.toNumber()).toBeGreaterThan(0.9);
      expect(rtp.toNumber()).toBeLessThan(0.99);

      const d = createFastDraw(7);
      const n = 50_000;
      let sum = 0;
      let squares = 0;
      for (let i = 0; i < n; i++) {
        const code = Array.from({ length: 12 }, () => '0123456789ABCDEF'[d.int(16)]).join('');
        const x = cardOutcome(cardNumbers(code), drawBalls(d), BINGO_DEFAULT_PRIZES).prize / 100;
        sum += x;
        squares += x * x;
      }
      const mean = sum / n;
      const se = Math.sqrt((squares / n - mean * mean) / n);
      expect(Math.abs(mean - rtp.toNumber())).toBeLessThan(4 * se);

      expect(oddsProblem(DRAW_GAMES.BINGO75, type, { ...BINGO_DEFAULT_PRIZES, LINE: 300 })).toBe(
        'returnTooHigh',
      );
      expect(oddsProblem(DRAW_GAMES.BINGO75, type, { LINE: 150 })).toBe('oddsMissing');
      expect(oddsProblem(DRAW_GAMES.BINGO75, type, { ...BINGO_DEFAULT_PRIZES, '*': 150 })).toBe(
        'oddsMissing',
      );
      expect(oddsProblem(DRAW_GAMES.BINGO75, type, BINGO_DEFAULT_PRIZES)).toBeUndefined();
    },
  );
});
