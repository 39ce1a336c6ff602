import { describe, expect, it } from 'vitest';
import { Fraction } from './exact.ts';
import { createFastDraw } from './fair-draw.ts';
import type { Draw } from './game.ts';
import {
  JUNGLE,
  JUNGLE_FREE_SPIN_MULTIPLIER,
  JUNGLE_FREE_SPINS,
  JUNGLE_LINES,
  JUNGLE_PAYLINES,
  JUNGLE_PAYTABLE,
  JUNGLE_STRIPS,
  JUNGLE_SYMBOLS,
  JUNGLE_TRIGGER,
  jungleLinePay,
  jungleSpin,
} from './jungle.ts';
import { simulate } from './simulate.ts';

/*
 * The proof. A stop is uniform over its strip, so on every reel the symbol a payline crosses is
 * distributed like the strip's symbol counts, whatever its row, and reels are independent. Hence
 *   E[line pays of a spin] = lines × E[one line] × line stake, with E[one line] summed over the
 *     11⁵ symbol combinations weighted by the product of their counts (linearity of expectation:
 *     the lines' overlap does not matter for the mean);
 *   E[scatter pay] and P(trigger) from the number of scatters each reel's window shows at each of
 *     its 40 stops, convolved over the reels;
 *   E[round] = E[spin] × (1 + P(trigger) × free spins × multiplier), free spins being spins on the
 *     same reels with wins tripled and no retrigger.
 * Everything below derives windows from the strips itself and uses only `jungleLinePay`, the rule
 * `play` uses, so a change to either is caught.
 */

const WILD = JUNGLE_SYMBOLS.indexOf('WILD');
const SCATTER = JUNGLE_SYMBOLS.indexOf('SCATTER');
const S = JUNGLE_SYMBOLS.length;
const N = JUNGLE_STRIPS.map((s) => s.length);
const idx = JUNGLE_STRIPS.map((strip) => strip.map((s) => JUNGLE_SYMBOLS.indexOf(s)));
/** window[reel][stop][row], row 0 = top: the stop in the middle, neighbours above and below. */
const window = idx.map((strip) =>
  strip.map((_, stop) => [0, 1, 2].map((row) => strip[(stop + row - 1 + strip.length) % strip.length]!)),
);
const scatterShown = window.map((w) => w.map((cells) => cells.filter((c) => c === SCATTER).length));
const allStops = N.reduce((a, n) => a * BigInt(n), 1n);
const scatterPays = JUNGLE_PAYTABLE.find((r) => r.symbol === 'SCATTER')!.pays;

function expectedLinePays(): Fraction {
  const counts = idx.map((strip) => {
    const c = new Array<number>(S).fill(0);
    for (const s of strip) c[s]!++;
    return c;
  });
  const cells = new Uint8Array(5);
  let total = 0n;
  for (let a = 0; a < S; a++)
    for (let b = 0; b < S; b++)
      for (let c = 0; c < S; c++)
        for (let d = 0; d < S; d++)
          for (let e = 0; e < S; e++) {
            cells[0] = a;
            cells[1] = b;
            cells[2] = c;
            cells[3] = d;
            cells[4] = e;
            const pays = jungleLinePay(cells) >> 8;
            if (pays)
              total += BigInt(
                pays * counts[0]![a]! * counts[1]![b]! * counts[2]![c]! * counts[3]![d]! * counts[4]![e]!,
              );
          }
  return new Fraction(total, allStops); // multiples of the line stake, per line
}

/** P(the grid shows exactly k scatters), k = 0…5, over all stop combinations. */
function scatterDistribution(): Fraction[] {
  let dist = [Fraction.ONE];
  for (let reel = 0; reel < 5; reel++) {
    const next = new Array<Fraction>(dist.length + 2).fill(Fraction.ZERO);
    for (let stop = 0; stop < N[reel]!; stop++) {
      const k = scatterShown[reel]![stop]!;
      dist.forEach((p, j) => (next[j + k] = next[j + k]!.add(p.div(N[reel]!))));
    }
    dist = next;
  }
  return dist.slice(0, 6);
}

describe('Jungle Spins maths', () => {
  const lineStakes = expectedLinePays();
  const scatters = scatterDistribution();
  // A spin's expected pay as a fraction of the stake: 10 lines × E[line] / 10, plus scatters.
  const spin = lineStakes
    .mul(JUNGLE_LINES)
    .div(JUNGLE_LINES)
    .add(scatters.reduce((s, p, k) => s.add(p.mul(scatterPays[k] ?? 0)), Fraction.ZERO));
  const trigger = scatters.slice(JUNGLE_TRIGGER).reduce((s, p) => s.add(p), Fraction.ZERO);
  const rtp = spin.mul(Fraction.ONE.add(trigger.mul(JUNGLE_FREE_SPINS * JUNGLE_FREE_SPIN_MULTIPLIER)));

  it('has exactly the declared RTP', () => {
    expect(rtp.toJSON()).toEqual(JUNGLE.rtpExact);
    expect(JUNGLE.rtp).toBeCloseTo(rtp.toNumber(), 12);
    expect(JUNGLE.rtp).toBeGreaterThan(0.94);
    expect(JUNGLE.rtp).toBeLessThan(0.975);
  });

  it('has exactly the declared hit rate (every stop combination of reels 1–3, scatters of reels 4–5)', () => {
    // A line pays only with three of a kind from the left, so reels 1–3 decide whether any line
    // pays; otherwise the spin wins only with 3+ scatters (which always pay). Free spins need a
    // win, so the round wins iff its base spin does.
    const filler = [SCATTER, SCATTER];
    // pairs45[j]: stop pairs of reels 4 and 5 showing j scatters between them.
    const pairs45 = [0n, 0n, 0n];
    for (let d = 0; d < N[3]!; d++)
      for (let e = 0; e < N[4]!; e++) pairs45[scatterShown[3]![d]! + scatterShown[4]![e]!]!++;
    let noWin = 0n;
    for (let a = 0; a < N[0]!; a++)
      for (let b = 0; b < N[1]!; b++)
        for (let c = 0; c < N[2]!; c++) {
          const anyLine = JUNGLE_PAYLINES.some(
            (rows) =>
              jungleLinePay([
                window[0]![a]![rows[0]!]!,
                window[1]![b]![rows[1]!]!,
                window[2]![c]![rows[2]!]!,
                ...filler,
              ]) > 0,
          );
          if (anyLine) continue;
          const k3 = scatterShown[0]![a]! + scatterShown[1]![b]! + scatterShown[2]![c]!;
          pairs45.forEach((pairs, j) => {
            if (k3 + j < JUNGLE_TRIGGER) noWin += pairs;
          });
        }
    const hit = Fraction.ONE.sub(new Fraction(noWin, allStops));
    expect(hit.equals(new Fraction(25616799, 102400000))).toBe(true);
    expect(JUNGLE.hitRate).toBeCloseTo(hit.toNumber(), 12);
  });

  it('declares the largest possible win: the best triggering spin plus ten best spins tripled', () => {
    // Branch and bound over reels 1–3: a line can only pay if reels 1–3 already do, and then at
    // most its five-of-a-kind; scatters at most two more. Only promising prefixes try reels 4–5.
    const pay5 = JUNGLE_SYMBOLS.map((_, s) => jungleLinePay([s, s, s, s, s]) >> 8);
    const scatterStake = (k: number) => (scatterPays[Math.min(5, k)] ?? 0) * JUNGLE_LINES;
    let bestAny = 0;
    let bestTrigger = 0;
    for (let a = 0; a < N[0]!; a++)
      for (let b = 0; b < N[1]!; b++)
        for (let c = 0; c < N[2]!; c++) {
          let bound = 0;
          for (const rows of JUNGLE_PAYLINES) {
            const p = [window[0]![a]![rows[0]!]!, window[1]![b]![rows[1]!]!, window[2]![c]![rows[2]!]!];
            if (jungleLinePay([...p, SCATTER, SCATTER]) > 0)
              bound += pay5[p.find((x) => x !== WILD) ?? WILD]!;
          }
          const k3 = scatterShown[0]![a]! + scatterShown[1]![b]! + scatterShown[2]![c]!;
          bound += scatterStake(k3 + 2);
          if (bound <= bestAny && (k3 + 2 < JUNGLE_TRIGGER || bound <= bestTrigger)) continue;
          for (let d = 0; d < N[3]!; d++)
            for (let e = 0; e < N[4]!; e++) {
              // Line stake 1, stake 10: the win in line stakes.
              const s = jungleSpin([a, b, c, d, e], 1, JUNGLE_LINES, 1);
              if (s.win > bestAny) bestAny = s.win;
              if ((s.scatter?.count ?? 0) >= JUNGLE_TRIGGER && s.win > bestTrigger) bestTrigger = s.win;
            }
        }
    const best = (bestTrigger + JUNGLE_FREE_SPINS * JUNGLE_FREE_SPIN_MULTIPLIER * bestAny) / JUNGLE_LINES;
    expect(best).toBe(JUNGLE.maxMultiplier);
  });

  it('pays lines left to right with wilds substituting and paying on their own', () => {
    const s = (...names: string[]) => names.map((n) => JUNGLE_SYMBOLS.indexOf(n as never));
    const unpack = (p: number) => (p ? [JUNGLE_SYMBOLS[(p >> 3) & 31], p & 7, p >> 8] : null);
    expect(unpack(jungleLinePay(s('TIGER', 'TIGER', 'TIGER', 'A', 'TIGER')))).toEqual(['TIGER', 3, 50]);
    expect(unpack(jungleLinePay(s('WILD', 'TIGER', 'WILD', 'TIGER', 'K')))).toEqual(['TIGER', 4, 200]);
    expect(unpack(jungleLinePay(s('WILD', 'WILD', 'WILD', 'TEN', 'K')))).toEqual(['WILD', 3, 100]);
    expect(unpack(jungleLinePay(s('WILD', 'WILD', 'WILD', 'TIGER', 'TIGER')))).toEqual(['TIGER', 5, 1000]);
    expect(unpack(jungleLinePay(s('WILD', 'WILD', 'WILD', 'WILD', 'WILD')))).toEqual(['WILD', 5, 2000]);
    expect(unpack(jungleLinePay(s('WILD', 'WILD', 'SCATTER', 'A', 'A')))).toBeNull();
    expect(unpack(jungleLinePay(s('SCATTER', 'SCATTER', 'SCATTER', 'A', 'A')))).toBeNull();
    expect(unpack(jungleLinePay(s('A', 'K', 'A', 'A', 'A')))).toBeNull();
  });

  it('plays free spins when three scatters land: ten spins, wins tripled, no retrigger', () => {
    // Force the base stops to show scatters on reels 1–3, then let a seeded draw play on.
    const scatterStop = (reel: number) => idx[reel]!.indexOf(SCATTER);
    const forced = [scatterStop(0), scatterStop(1), scatterStop(2), 0, 0];
    const rest = createFastDraw(3);
    let at = 0;
    const draw: Draw = { int: (max) => (at < forced.length ? forced[at++]! : rest.int(max)) };
    const { win, result } = JUNGLE.play(draw, 100, {});
    expect(result.base.scatter?.count).toBeGreaterThanOrEqual(3);
    expect(result.base.scatter?.positions).toContainEqual([0, 1]);
    expect(result.freeSpins?.spins).toHaveLength(JUNGLE_FREE_SPINS);
    for (const spin of result.freeSpins!.spins) {
      expect(spin.multiplier).toBe(3);
      for (const w of spin.lineWins) expect(w.amount).toBe(w.pays * result.lineStake * 3);
    }
    expect(win).toBe(result.base.win + result.freeSpins!.win);
  });

  it('agrees with a seeded simulation of play (1,000,000 rounds, within 4 standard errors)', () => {
    const sim = simulate(JUNGLE, {}, 1_000_000, 11);
    expect(Math.abs(sim.mean - JUNGLE.rtp)).toBeLessThan(4 * sim.se);
    expect(Math.abs(sim.hitRate - JUNGLE.hitRate)).toBeLessThan(0.003);
  });

  it('shows the windows the proof assumes and sums every spin from its parts', () => {
    const draw = createFastDraw(5);
    for (let i = 0; i < 500; i++) {
      const { win, result } = JUNGLE.play(draw, 1000, {});
      const spins = [result.base, ...(result.freeSpins?.spins ?? [])];
      for (const s of spins) {
        s.grid.forEach((cells, reel) =>
          expect(cells.map((c) => JUNGLE_SYMBOLS.indexOf(c))).toEqual(window[reel]![s.stops[reel]!]),
        );
        const parts = s.lineWins.reduce((sum, w) => sum + w.amount, 0) + (s.scatter?.amount ?? 0);
        expect(s.win).toBe(parts);
      }
      expect(win).toBe(spins.reduce((sum, s) => sum + s.win, 0));
    }
  });
});
