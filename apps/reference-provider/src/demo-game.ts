import { randomInt } from 'node:crypto';

/**
 * "Lucky Reels", the reference provider's demo title: three reels, one line across the middle.
 * Every reel carries the same 16-stop strip; each spin draws one stop per reel, uniformly, with the
 * platform CSPRNG (`crypto.randomInt`). Pays are whole multiples of the stake:
 *
 * | Line               | Pays |
 * |--------------------|------|
 * | 7 7 7              | 200× |
 * | BAR BAR BAR        |  60× |
 * | bell bell bell     |  22× |
 * | cherry ×3          |  10× |
 * | lemon ×3           |   4× |
 * | exactly two cherries |  2× |
 *
 * All 16³ = 4096 outcomes are equally likely, so the return to player is exact: 3930 / 4096 =
 * 95.95 % (DEMO_RTP, checked by enumeration in demo-game.test.ts).
 */
export const SYMBOLS = ['SEVEN', 'BAR', 'BELL', 'CHERRY', 'LEMON'] as const;
export type Symbol = (typeof SYMBOLS)[number];

/** How many stops of the 16 each symbol has, in strip order. */
const STOPS: Record<Symbol, number> = { SEVEN: 1, BAR: 2, BELL: 3, CHERRY: 4, LEMON: 6 };
/** One reel strip, interleaved so equal symbols do not sit together. */
export const STRIP: readonly Symbol[] = [
  'LEMON',
  'CHERRY',
  'BELL',
  'LEMON',
  'BAR',
  'CHERRY',
  'LEMON',
  'SEVEN',
  'BELL',
  'CHERRY',
  'LEMON',
  'BAR',
  'LEMON',
  'CHERRY',
  'BELL',
  'LEMON',
];

export const THREE_OF_A_KIND: Record<Symbol, number> = {
  SEVEN: 200,
  BAR: 60,
  BELL: 22,
  CHERRY: 10,
  LEMON: 4,
};
export const TWO_CHERRIES = 2;
/** The published return to player, as an exact fraction of stakes. */
export const DEMO_RTP = { numerator: 3930, denominator: 4096 } as const;
export const DEMO_RTP_PERCENT = ((DEMO_RTP.numerator / DEMO_RTP.denominator) * 100).toFixed(2);

/** Stakes a player can pick, in minor units. */
export const DEMO_STAKES = [100, 200, 500, 1000, 2000, 5000, 10000] as const;

/** What a line pays, as a multiple of the stake. */
export function lineMultiplier(line: readonly Symbol[]): number {
  const [a, b, c] = line;
  if (a === b && b === c) return THREE_OF_A_KIND[a!];
  return line.filter((s) => s === 'CHERRY').length === 2 ? TWO_CHERRIES : 0;
}

export interface Spin {
  /** The stop each reel landed on, and the symbols above, on and below the line. */
  stops: [number, number, number];
  reels: [Symbol[], Symbol[], Symbol[]];
  line: [Symbol, Symbol, Symbol];
  multiplier: number;
}

const at = (stop: number) => STRIP[((stop % STRIP.length) + STRIP.length) % STRIP.length]!;

/** Lands the reels on these stops (the maths, with no chance in it). */
export function landOn(stops: [number, number, number]): Spin {
  const reels = stops.map((s) => [at(s - 1), at(s), at(s + 1)]) as Spin['reels'];
  const line = reels.map((r) => r[1]!) as Spin['line'];
  return { stops, reels, line, multiplier: lineMultiplier(line) };
}

/** One spin drawn with the CSPRNG. */
export function spin(draw: (max: number) => number = randomInt): Spin {
  return landOn([draw(STRIP.length), draw(STRIP.length), draw(STRIP.length)]);
}

/** Sanity of the strip against its declared stop counts (used by the tests). */
export function stopCounts(): Record<Symbol, number> {
  const counts = Object.fromEntries(SYMBOLS.map((s) => [s, 0])) as Record<Symbol, number>;
  for (const s of STRIP) counts[s]++;
  return counts;
}
export { STOPS };
