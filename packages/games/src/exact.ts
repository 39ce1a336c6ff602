import type { Draw } from './game.ts';

/**
 * Exact arithmetic for proving game maths: fractions of BigInts and an enumerator that plays a round
 * down every possible branch of its draws. Used by the games' tests; pure and dependency-free.
 */

function gcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  if (b < 0n) b = -b;
  while (b) [a, b] = [b, a % b];
  return a;
}

/** An exact rational number, always in lowest terms with a positive denominator. */
export class Fraction {
  readonly num: bigint;
  readonly den: bigint;

  constructor(num: bigint | number, den: bigint | number = 1n) {
    let n = BigInt(num);
    let d = BigInt(den);
    if (d === 0n) throw new RangeError('zero denominator');
    if (d < 0n) [n, d] = [-n, -d];
    const g = gcd(n, d) || 1n;
    this.num = n / g;
    this.den = d / g;
  }

  static readonly ZERO = new Fraction(0n);
  static readonly ONE = new Fraction(1n);

  /** From a declared `{num, den}` of decimal strings (GameMaths.rtpExact). */
  static parse({ num, den }: { num: string; den: string }): Fraction {
    return new Fraction(BigInt(num), BigInt(den));
  }

  add(o: Fraction | bigint | number): Fraction {
    const f = Fraction.of(o);
    return new Fraction(this.num * f.den + f.num * this.den, this.den * f.den);
  }
  sub(o: Fraction | bigint | number): Fraction {
    const f = Fraction.of(o);
    return new Fraction(this.num * f.den - f.num * this.den, this.den * f.den);
  }
  mul(o: Fraction | bigint | number): Fraction {
    const f = Fraction.of(o);
    return new Fraction(this.num * f.num, this.den * f.den);
  }
  div(o: Fraction | bigint | number): Fraction {
    const f = Fraction.of(o);
    return new Fraction(this.num * f.den, this.den * f.num);
  }
  equals(o: Fraction): boolean {
    return this.num === o.num && this.den === o.den;
  }
  compare(o: Fraction): number {
    const l = this.num * o.den;
    const r = o.num * this.den;
    return l < r ? -1 : l > r ? 1 : 0;
  }
  toNumber(): number {
    // Scale before dividing so huge numerators and denominators keep full double precision.
    const scale = 10n ** 18n;
    return Number((this.num * scale) / this.den) / 1e18;
  }
  toJSON(): { num: string; den: string } {
    return { num: this.num.toString(), den: this.den.toString() };
  }

  static of(v: Fraction | bigint | number): Fraction {
    return v instanceof Fraction ? v : new Fraction(v);
  }
}

/** One leaf of the draw tree: the answers the round received and how likely that branch is. */
export interface DrawPath {
  /** The value each `int` call returned, in order. */
  values: readonly number[];
  /** The `max` of each call. The branch's probability is 1 / (product of these). */
  maxes: readonly number[];
}

/**
 * Plays `round` once for every possible sequence of draw answers (depth-first, like an odometer),
 * calling `visit` with the round's return value and the path. The round must be deterministic in
 * its draws (the same answers give the same calls). Stops with a RangeError beyond `limit` leaves
 * so a mistake cannot run forever.
 */
export function enumerateDraws<T>(
  round: (draw: Draw) => T,
  visit: (value: T, path: DrawPath) => void,
  limit = 50_000_000,
): number {
  const values: number[] = [];
  const maxes: number[] = [];
  let leaves = 0;
  for (;;) {
    let at = 0;
    const draw: Draw = {
      int(max: number): number {
        if (at < values.length) {
          if (maxes[at] !== max) throw new Error('the round is not deterministic in its draws');
          return values[at++]!;
        }
        values.push(0);
        maxes.push(max);
        at++;
        return 0;
      },
    };
    const value = round(draw);
    if (at !== values.length) throw new Error('the round is not deterministic in its draws');
    visit(value, { values, maxes });
    if (++leaves > limit) throw new RangeError('too many outcomes to enumerate');
    // Advance the odometer from the last draw; drop draws whose every answer has been tried.
    while (values.length) {
      const last = values.length - 1;
      if (++values[last]! < maxes[last]!) break;
      values.pop();
      maxes.pop();
    }
    if (!values.length) return leaves;
  }
}

/**
 * The exact expectation of `value(round)` over all draw paths, and the exact probability that it
 * is positive. Sums per denominator in BigInt and reduces once at the end.
 */
export function exactExpectation(round: (draw: Draw) => number): {
  mean: Fraction;
  positive: Fraction;
  max: number;
  leaves: number;
} {
  const sums = new Map<bigint, { total: bigint; positive: bigint }>();
  let max = -Infinity;
  const leaves = enumerateDraws(round, (value, { maxes }) => {
    if (!Number.isSafeInteger(value)) throw new Error(`value ${value} is not an integer`);
    let den = 1n;
    for (const m of maxes) den *= BigInt(m);
    let s = sums.get(den);
    if (!s) sums.set(den, (s = { total: 0n, positive: 0n }));
    s.total += BigInt(value);
    if (value > 0) s.positive += 1n;
    if (value > max) max = value;
  });
  let mean = Fraction.ZERO;
  let positive = Fraction.ZERO;
  for (const [den, s] of sums) {
    mean = mean.add(new Fraction(s.total, den));
    positive = positive.add(new Fraction(s.positive, den));
  }
  return { mean, positive, max, leaves };
}
