/**
 * What every in-house game's maths provides. Pure: no I/O, no clock, no global randomness; all
 * randomness comes from the `Draw` handed in, so a round is a function of (seed stream, stake,
 * options) and anyone holding the revealed seeds can recompute it.
 */

/** A stream of uniform integers: the platform CSPRNG or a provably-fair seed stream (fair-draw.ts). */
export interface Draw {
  /** A uniform integer in [0, max), max a positive integer below 2^32. */
  int(max: number): number;
}

export type GameKind = 'slot' | 'instant';

/** One symbol of a slot's paytable as the rules screen shows it. */
export interface PaytableRow {
  symbol: string;
  /** Count of a kind (3, 4, 5…) → multiple of the line stake (or of the total stake for scatters). */
  pays: Record<number, number>;
  /** 'line' pays per line, 'scatter' anywhere, 'cluster' per cluster size. */
  kind: 'line' | 'scatter' | 'cluster';
  note?: string;
}

export interface GameOutcome<R = unknown> {
  /** Total win of the round in minor units, features (free spins, cascades) included; never negative. */
  win: number;
  /** Everything the client needs to show the round (reels, steps, features); JSON-serialisable. */
  result: R;
}

export interface GameMaths<R = unknown, O = unknown> {
  /** The catalogue's game code (vendor BGS), e.g. SEVENS. */
  code: string;
  kind: GameKind;
  /**
   * Return to player and hit rate as exact fractions (numerator/denominator as decimal strings of
   * integers), proven by enumeration in the game's tests; `rtp` and `hitRate` are their values as numbers.
   */
  rtpExact: { num: string; den: string };
  rtp: number;
  hitRate: number;
  /** Stakes a round may take, in minor units, ascending; every win is exact in minor units for each. */
  stakes: readonly number[];
  /** Largest possible win as a multiple of the stake (the rules screen shows it). */
  maxMultiplier: number;
  paytable: readonly PaytableRow[];
  /** Validates a round's options (dice target, coin side…); throws RangeError on anything else. */
  parseOptions(raw: unknown): O;
  /** Plays one round. `stake` is one of `stakes`. */
  play(draw: Draw, stake: number, options: O): GameOutcome<R>;
}
