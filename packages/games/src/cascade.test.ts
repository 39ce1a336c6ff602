import { describe, expect, it } from 'vitest';
import { CASCADE, GEM_CASCADE_CONFIG, createCascadeMaths, type CascadeConfig } from './cascade.ts';
import { cascadeExact } from './cascade-exact.ts';
import { exactExpectation, Fraction } from './exact.ts';
import type { Draw } from './game.ts';
import { simulate } from './simulate.ts';

/** A draw that answers from a list, then fails loudly if the round asks for more. */
function scripted(values: number[]): Draw {
  let at = 0;
  return {
    int(max) {
      const v = values[at++];
      if (v === undefined || v >= max) throw new Error(`unexpected draw ${at} of ${max}`);
      return v;
    },
  };
}

/** Reduced games small enough to play every possible draw sequence through the real `play`. */
const REDUCED: Record<string, CascadeConfig> = {
  'two gems on 2×2, three steps': {
    reels: 2,
    rows: 2,
    minCount: 3,
    multipliers: [1, 2, 3],
    coinsPerStake: 10,
    gems: [
      { symbol: 'RUBY', weight: 1, pays: { 3: 7, 4: 20 } },
      { symbol: 'TOPAZ', weight: 2, pays: { 3: 2, 4: 5 } },
    ],
  },
  'three gems on 3×2, two steps': {
    reels: 3,
    rows: 2,
    minCount: 3,
    multipliers: [1, 3],
    coinsPerStake: 10,
    gems: [
      { symbol: 'RUBY', weight: 1, pays: { 3: 5, 4: 10, 5: 30, 6: 90 } },
      { symbol: 'EMERALD', weight: 1, pays: { 3: 3, 4: 6, 5: 20, 6: 60 } },
      { symbol: 'TOPAZ', weight: 1, pays: { 3: 1, 4: 3, 5: 10, 6: 40 } },
    ],
  },
};

describe('Gem Cascade maths', () => {
  const exact = cascadeExact(GEM_CASCADE_CONFIG);

  it('has exactly the declared RTP, hit rate and largest win by the survivor recursion', () => {
    expect(exact.rtp.toJSON()).toEqual(CASCADE.rtpExact);
    expect(CASCADE.rtp).toBeCloseTo(exact.rtp.toNumber(), 12);
    expect(CASCADE.rtp).toBeGreaterThan(0.94);
    expect(CASCADE.rtp).toBeLessThan(0.975);
    expect(CASCADE.hitRate).toBeCloseTo(exact.hitRate.toNumber(), 12);
    expect(exact.maxCoins / GEM_CASCADE_CONFIG.coinsPerStake).toBe(CASCADE.maxMultiplier);
  });

  for (const [name, config] of Object.entries(REDUCED)) {
    it(`matches brute-force enumeration of every draw on a reduced game: ${name}`, () => {
      const game = createCascadeMaths('TEST', config, {
        rtpExact: { num: '0', den: '1' },
        rtp: 0,
        hitRate: 0,
        maxMultiplier: 0,
        stakes: [10],
      });
      const brute = exactExpectation((draw) => game.play(draw, 10, {}).win);
      const recursion = cascadeExact(config);
      expect(brute.leaves).toBeGreaterThan(1000);
      expect(brute.mean.div(10).equals(recursion.rtp)).toBe(true);
      expect(brute.positive.equals(recursion.hitRate)).toBe(true);
      expect(brute.max).toBe(recursion.maxCoins); // a coin is 1 minor unit at stake 10
    });
  }

  it('agrees with a seeded simulation of play (1,000,000 rounds, within 4 standard errors)', () => {
    const sim = simulate(CASCADE, {}, 1_000_000, 21);
    expect(Math.abs(sim.mean - CASCADE.rtp)).toBeLessThan(4 * sim.se);
    expect(Math.abs(sim.hitRate - CASCADE.hitRate)).toBeLessThan(0.003);
    // Reaching the second grid is the hit rate; the recursion's reach agrees.
    expect(exact.reach[1]!.equals(exact.hitRate)).toBe(true);
    expect(exact.reach[0]!.equals(Fraction.ONE)).toBe(true);
  });

  it('removes the winners, lets survivors fall and refills from the top, reel by reel', () => {
    // Draw values → gems: 0–2 RUBY, 3–5 SAPPHIRE, 6–9 EMERALD, 10–13 TOPAZ, 14–18 AMETHYST.
    const [R, S, E, T, A] = [0, 3, 6, 10, 14];
    const first = [R, S, R, R, E, T, R, A, S, T, R, E]; // reels top to bottom: five rubies
    const refill = [T, E, A, T, S]; // two on reel 1, then one each on reels 2–4
    const { win, result } = CASCADE.play(scripted([...first, ...refill]), 1000, {});
    expect(result.coinValue).toBe(100);
    const [step0, step1] = result.steps;
    expect(step0!.grid).toEqual([
      ['RUBY', 'SAPPHIRE', 'RUBY'],
      ['RUBY', 'EMERALD', 'TOPAZ'],
      ['RUBY', 'AMETHYST', 'SAPPHIRE'],
      ['TOPAZ', 'RUBY', 'EMERALD'],
    ]);
    expect(step0!.wins).toEqual([
      {
        symbol: 'RUBY',
        count: 5,
        positions: [
          [0, 0],
          [0, 2],
          [1, 0],
          [2, 0],
          [3, 1],
        ],
        coins: 15,
        amount: 1500,
      },
    ]);
    expect(step0!.refill).toEqual([['TOPAZ', 'EMERALD'], ['AMETHYST'], ['TOPAZ'], ['SAPPHIRE']]);
    expect(step1!.multiplier).toBe(2);
    expect(step1!.grid).toEqual([
      ['TOPAZ', 'EMERALD', 'SAPPHIRE'],
      ['AMETHYST', 'EMERALD', 'TOPAZ'],
      ['TOPAZ', 'AMETHYST', 'SAPPHIRE'],
      ['SAPPHIRE', 'TOPAZ', 'EMERALD'],
    ]);
    expect(step1!.wins).toEqual([]);
    expect(step1!.refill).toBeNull();
    expect(result.steps).toHaveLength(2);
    expect(result.capped).toBe(false);
    expect(win).toBe(1500);
  });

  it('stops after the last multiplier, and that is the largest win', () => {
    const { win, result } = CASCADE.play({ int: () => 0 }, 100, {}); // rubies forever
    expect(result.steps.map((s) => s.multiplier)).toEqual([1, 2, 3, 4, 5, 6, 8, 10]);
    expect(result.capped).toBe(true);
    expect(result.steps.at(-1)!.refill).toBeNull();
    expect(win).toBe(CASCADE.maxMultiplier * 100);
  });
});
