import type { CascadeConfig } from './cascade.ts';
import { Fraction } from './exact.ts';

/**
 * The exact RTP, hit rate and largest win of a cascade game, by recursion over the survivor state.
 *
 * A grid's win depends only on how many of each gem it holds. After a win every gem that showed
 * `minCount` or more times is removed, so the survivors are a count vector with every entry below
 * `minCount`; the refill of the k empty cells is k independent draws, i.e. a multinomial over the gem
 * weights. Going forward step by step, the probability mass of each survivor vector (exact, as a
 * BigInt over a common denominator W^(cells·(step+1))) is spread over every refill composition; each
 * resulting grid pays its coins × the step's multiplier; winning grids pass their survivors on.
 * The largest win is the same recursion taking the best refill instead of the average.
 */
export interface CascadeExact {
  /** Expected win as a fraction of the stake. */
  rtp: Fraction;
  /** Probability that the first grid wins (the round wins anything iff it does). */
  hitRate: Fraction;
  /** Largest total win of a round, in coins. */
  maxCoins: number;
  /** Probability of reaching each step. */
  reach: Fraction[];
}

export function cascadeExact(config: CascadeConfig): CascadeExact {
  const { gems, minCount, multipliers, coinsPerStake } = config;
  const cells = config.reels * config.rows;
  const S = gems.length;
  const weights = gems.map((g) => BigInt(g.weight));
  const W = weights.reduce((a, b) => a + b, 0n);
  const radix = cells + 1;
  const pays = gems.map((g) =>
    Array.from({ length: radix }, (_, c) => (c >= minCount ? (g.pays[c] ?? 0) : 0)),
  );

  // Every way to draw k cells, as gem counts, with its weight multinomial(k; m)·Πw^m·W^(cells−k).
  const factorial = [1n];
  for (let i = 1; i <= cells; i++) factorial.push(factorial[i - 1]! * BigInt(i));
  const compositions: { m: number[]; coef: bigint }[][] = [];
  for (let k = 0; k <= cells; k++) {
    const list: { m: number[]; coef: bigint }[] = [];
    const m = new Array<number>(S).fill(0);
    const rec = (g: number, left: number) => {
      if (g === S - 1) {
        m[g] = left;
        // Multinomial first (exact division), then the weights.
        let coef = factorial[k]!;
        for (let i = 0; i < S; i++) coef /= factorial[m[i]!]!;
        for (let i = 0; i < S; i++) coef *= weights[i]! ** BigInt(m[i]!);
        coef *= W ** BigInt(cells - k);
        list.push({ m: m.slice(), coef });
        return;
      }
      for (let x = 0; x <= left; x++) {
        m[g] = x;
        rec(g + 1, left - x);
      }
    };
    rec(0, k);
    compositions.push(list);
  }
  const encode = (v: readonly number[]) => v.reduce((acc, x) => acc * radix + x, 0);
  const decode = (key: number) => {
    const v = new Array<number>(S);
    for (let i = S - 1; i >= 0; i--) {
      v[i] = key % radix;
      key = Math.floor(key / radix);
    }
    return v;
  };
  /** Coins of a grid with these counts, and the survivors' key (or -1 when it does not win). */
  const settle = (counts: number[]): [number, number] => {
    let coins = 0;
    const survivors = counts.slice();
    for (let g = 0; g < S; g++)
      if (counts[g]! >= minCount) {
        coins += pays[g]![counts[g]!]!;
        survivors[g] = 0;
      }
    return [coins, counts.some((c) => c >= minCount) ? encode(survivors) : -1];
  };

  let states = new Map<number, bigint>([[encode(new Array<number>(S).fill(0)), 1n]]);
  let expected = 0n; // coins, over W^(cells·steps) with steps = multipliers.length
  let hit = 0n; // over W^cells
  const reach: Fraction[] = [];
  for (let step = 0; step < multipliers.length; step++) {
    const den = W ** BigInt(cells * (step + 1));
    reach.push(new Fraction([...states.values()].reduce((a, b) => a + b, 0n) * W ** BigInt(cells), den));
    // Merge every path to the same grid counts before paying it.
    const grids = new Map<number, bigint>();
    for (const [key, mass] of states) {
      const surv = decode(key);
      const k = cells - surv.reduce((a, b) => a + b, 0);
      for (const { m, coef } of compositions[k]!) {
        const gk = encode(surv.map((x, i) => x + m[i]!));
        grids.set(gk, (grids.get(gk) ?? 0n) + mass * coef);
      }
    }
    const next = new Map<number, bigint>();
    const scaleToEnd = W ** BigInt(cells * (multipliers.length - step - 1));
    for (const [gk, mass] of grids) {
      const [coins, survivors] = settle(decode(gk));
      if (survivors < 0) continue;
      expected += mass * BigInt(coins * multipliers[step]!) * scaleToEnd;
      if (step === 0) hit += mass;
      if (step + 1 < multipliers.length) next.set(survivors, (next.get(survivors) ?? 0n) + mass);
    }
    states = next;
  }
  const finalDen = W ** BigInt(cells * multipliers.length);

  // Largest win: best[step][survivors] by recursion with memo.
  const memo = new Map<string, number>();
  const best = (step: number, key: number): number => {
    const id = `${step}:${key}`;
    const seen = memo.get(id);
    if (seen !== undefined) return seen;
    const surv = decode(key);
    const k = cells - surv.reduce((a, b) => a + b, 0);
    let top = 0;
    for (const { m } of compositions[k]!) {
      const [coins, survivors] = settle(surv.map((x, i) => x + m[i]!));
      if (survivors < 0) continue;
      const value =
        coins * multipliers[step]! + (step + 1 < multipliers.length ? best(step + 1, survivors) : 0);
      if (value > top) top = value;
    }
    memo.set(id, top);
    return top;
  };

  return {
    rtp: new Fraction(expected, finalDen * BigInt(coinsPerStake)),
    hitRate: new Fraction(hit, W ** BigInt(cells)),
    maxCoins: best(0, encode(new Array<number>(S).fill(0))),
    reach,
  };
}
