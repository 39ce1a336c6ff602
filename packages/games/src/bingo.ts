import { Fraction } from './exact.ts';
import { createFairDraw } from './fair-draw.ts';
import type { Draw } from './game.ts';

/**
 * 75-ball bingo (classification BG, game BINGO75; decision 032), pure.
 *
 * A round calls `BINGO_BALLS` of the 75 balls, in order, from the round's committed server seed (the
 * draw games' fair stream, decision 026). A card is a 5 × 5 grid, columns B I N G O taking 1–15,
 * 16–30, 31–45, 46–60, 61–75, the middle square free. It is named by a card code (12 hex digits) and
 * its numbers are the code's own fair stream, so anyone can rebuild a card from its code and every
 * card's outcome from the round's seed. Daubing is automatic: a square is daubed when its number is
 * called. After the last ball a card wins the prize of the best pattern it completed (one prize per
 * card, the highest of the table): odds in hundredths of the card price, like the lottery's.
 *
 * Return to player is exact. Every card is alike: which of its 24 numbers are called is all that
 * matters, and each subset S of them is called with probability C(51, n − |S|) / C(75, n) (the
 * other n − |S| balls among the 51 numbers not on the card). `patternDistribution` walks the 2²⁴
 * subsets once and counts, for each set of completed patterns, the subsets by size.
 */

export const BINGO_NUMBERS = 75;
/** Balls called per round. */
export const BINGO_BALLS = 40;
export const BINGO_PATTERNS = ['LINE', 'CORNERS', 'X', 'FRAME', 'BLACKOUT'] as const;
export type BingoPattern = (typeof BINGO_PATTERNS)[number];
/** Prize per pattern, in hundredths of the card price (the price included). */
export const BINGO_DEFAULT_PRIZES: Readonly<Record<BingoPattern, number>> = {
  LINE: 150,
  CORNERS: 350,
  X: 2500,
  FRAME: 50_000,
  BLACKOUT: 1_000_000,
};

const CARD_CODE = /^[0-9A-F]{12}$/;
export const isCardCode = (code: string) => CARD_CODE.test(code);

/** The 25 squares of a card, row by row, 0 for the free middle square. */
export function cardNumbers(code: string): number[] {
  if (!isCardCode(code)) throw new RangeError('a card code is 12 hex digits');
  const d = createFairDraw({ serverSeed: code, clientSeed: 'bingo75-card', nonce: 0 });
  const columns: number[][] = [];
  for (let c = 0; c < 5; c++) {
    // The first five (four for N) of a shuffle of the column's fifteen numbers.
    const pool = Array.from({ length: 15 }, (_, i) => c * 15 + i + 1);
    const take = c === 2 ? 4 : 5;
    for (let i = 0; i < take; i++) {
      const j = i + d.int(15 - i);
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    const picked = pool.slice(0, take);
    if (c === 2) picked.splice(2, 0, 0);
    columns.push(picked);
  }
  const grid: number[] = [];
  for (let r = 0; r < 5; r++) for (let c = 0; c < 5; c++) grid.push(columns[c]![r]!);
  return grid;
}

/** The balls of a round in call order: the first BINGO_BALLS of a shuffle of 1–75. */
export function drawBalls(d: Draw): number[] {
  const pool = Array.from({ length: BINGO_NUMBERS }, (_, i) => i + 1);
  for (let i = 0; i < BINGO_BALLS; i++) {
    const j = i + d.int(BINGO_NUMBERS - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, BINGO_BALLS);
}

// Squares 0–24 row by row; the 24 numbered squares are bits 0–23 (the free square 12 skipped).
const bitOf = (square: number) => (square < 12 ? square : square - 1);
const maskOf = (squares: number[]) =>
  squares.filter((s) => s !== 12).reduce((m, s) => m | (1 << bitOf(s)), 0);
const sq = (r: number, c: number) => r * 5 + c;
const five = [0, 1, 2, 3, 4];
const LINES = [
  ...five.map((r) => maskOf(five.map((c) => sq(r, c)))),
  ...five.map((c) => maskOf(five.map((r) => sq(r, c)))),
  maskOf(five.map((i) => sq(i, i))),
  maskOf(five.map((i) => sq(i, 4 - i))),
];
const FULL = (1 << 24) - 1;
/** The squares each pattern needs (lines: any one of twelve). */
const PATTERN_MASKS: Record<Exclude<BingoPattern, 'LINE'>, number> = {
  CORNERS: maskOf([0, 4, 20, 24]),
  X: LINES[10]! | LINES[11]!,
  FRAME: maskOf(
    Array.from({ length: 25 }, (_, i) => i).filter((i) => i < 5 || i >= 20 || i % 5 === 0 || i % 5 === 4),
  ),
  BLACKOUT: FULL,
};

/** The patterns completed by a set of daubed squares (bit i: pattern BINGO_PATTERNS[i]). */
function patternsOf(daubed: number): number {
  let set = 0;
  for (const line of LINES)
    if ((daubed & line) === line) {
      set |= 1;
      break;
    }
  if ((daubed & PATTERN_MASKS.CORNERS) === PATTERN_MASKS.CORNERS) set |= 2;
  if ((daubed & PATTERN_MASKS.X) === PATTERN_MASKS.X) set |= 4;
  if ((daubed & PATTERN_MASKS.FRAME) === PATTERN_MASKS.FRAME) set |= 8;
  if (daubed === FULL) set |= 16;
  return set;
}

/** The called balls as a lookup by number, kept per list (settlement judges every card on one list). */
const lookups = new WeakMap<readonly number[], Uint8Array>();
function lookupOf(called: readonly number[]): Uint8Array {
  let lookup = lookups.get(called);
  if (!lookup) {
    lookup = new Uint8Array(BINGO_NUMBERS + 1);
    for (const ball of called) lookup[ball] = 1;
    lookups.set(called, lookup);
  }
  return lookup;
}

/** The squares of a card daubed by these called balls, as a 24-bit mask. */
export function daubedMask(card: readonly number[], called: readonly number[]): number {
  const lookup = lookupOf(called);
  let mask = 0;
  for (let square = 0; square < 25; square++)
    if (square !== 12 && lookup[card[square]!]) mask |= 1 << bitOf(square);
  return mask;
}

/** The patterns a card completed with these balls, in table order. */
export function completedPatterns(card: readonly number[], called: readonly number[]): BingoPattern[] {
  const set = patternsOf(daubedMask(card, called));
  return BINGO_PATTERNS.filter((_, i) => set & (1 << i));
}

const prizeOf = (p: Readonly<Record<string, number>>, pattern: string) =>
  Object.hasOwn(p, pattern) ? p[pattern]! : 0;

/** The card's prize: the best pattern it completed and its prize (hundredths of the price; 0 none). */
export function cardOutcome(
  card: readonly number[],
  called: readonly number[],
  prizes: Readonly<Record<string, number>>,
): { pattern: BingoPattern | null; prize: number } {
  let best: { pattern: BingoPattern | null; prize: number } = { pattern: null, prize: 0 };
  for (const pattern of completedPatterns(card, called)) {
    const prize = prizeOf(prizes, pattern);
    if (prize > best.prize) best = { pattern, prize };
  }
  return best;
}

function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

let distribution: Fraction[] | undefined;

/**
 * The exact probability of each set of completed patterns after BINGO_BALLS balls (index: the set
 * as a bit mask over BINGO_PATTERNS). Computed once (about a second), then kept.
 */
export function patternDistribution(): Fraction[] {
  if (distribution) return distribution;
  const sets = 1 << BINGO_PATTERNS.length;
  const bySize = Array.from({ length: sets }, () => new Array<number>(25).fill(0));
  for (let m = 0; m <= FULL; m++) {
    let x = m - ((m >>> 1) & 0x55555555);
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    const size = (((x + (x >>> 4)) & 0xf0f0f0f) * 0x1010101) >>> 24;
    bySize[patternsOf(m)]![size]!++;
  }
  const total = choose(BINGO_NUMBERS, BINGO_BALLS);
  const others = BINGO_NUMBERS - 24;
  distribution = bySize.map((counts) => {
    let ways = 0n;
    counts.forEach((count, size) => {
      if (count) ways += BigInt(count) * choose(others, BINGO_BALLS - size);
    });
    return new Fraction(ways, total);
  });
  return distribution;
}

/** The exact probability that a card's best-paying pattern (under `prizes`) is each pattern. */
export function patternChances(prizes: Readonly<Record<string, number>>): Record<BingoPattern, Fraction> {
  const chances = Object.fromEntries(BINGO_PATTERNS.map((p) => [p, Fraction.ZERO])) as Record<
    BingoPattern,
    Fraction
  >;
  patternDistribution().forEach((probability, set) => {
    let best: BingoPattern | undefined;
    let bestPrize = 0;
    BINGO_PATTERNS.forEach((p, i) => {
      if (set & (1 << i) && prizeOf(prizes, p) > bestPrize) {
        best = p;
        bestPrize = prizeOf(prizes, p);
      }
    });
    if (best !== undefined) chances[best] = chances[best].add(probability);
  });
  return chances;
}

/** A card's exact return to player under a prize table. */
export function bingoReturn(prizes: Readonly<Record<string, number>>): Fraction {
  const chances = patternChances(prizes);
  let rtp = Fraction.ZERO;
  for (const p of BINGO_PATTERNS) rtp = rtp.add(chances[p].mul(new Fraction(prizeOf(prizes, p), 100)));
  return rtp;
}
