import type { Draw, GameMaths, GameOutcome } from './game.ts';
import { INSTANT_STAKES, optionsRecord } from './stakes.ts';

/**
 * Wheel of fortune: 20 equal segments, each a multiplier of the stake; one draw of 20 picks the
 * segment the pointer stops on. Three wheels by risk:
 *
 * - low:    16 of 20 segments pay (0.9× to 1.5×), RTP 1920/2000 = 96 %;
 * - medium: 9 of 20 pay (1.5× to 4×),            RTP 1900/2000 = 95 %;
 * - high:   1 of 20 pays 19×,                      RTP 1900/2000 = 95 %.
 *
 * The declared `rtp` is the worst wheel (95 %); `hitRate` is that of the default (low) wheel.
 */

export type WheelRisk = 'low' | 'medium' | 'high';

export interface WheelOptions {
  risk: WheelRisk;
}

export interface WheelResult {
  risk: WheelRisk;
  /** Index (0–19) of the segment the pointer stopped on, clockwise from the top. */
  segment: number;
  /** That segment's multiplier of the stake (0 loses). */
  multiplier: number;
}

/** Segment multipliers in hundredths of the stake, clockwise from the top, per risk. */
export const WHEEL_SEGMENTS: Readonly<Record<WheelRisk, readonly number[]>> = {
  // 4 × 0, 2 × 0.9, 12 × 1.2, 2 × 1.5: sum 1920
  low: [120, 0, 120, 150, 120, 90, 120, 0, 120, 120, 120, 0, 120, 150, 120, 90, 120, 0, 120, 120],
  // 11 × 0, 4 × 1.5, 3 × 2, 1 × 3, 1 × 4: sum 1900
  medium: [0, 150, 0, 200, 0, 150, 0, 300, 0, 200, 0, 150, 0, 200, 0, 400, 0, 150, 0, 0],
  // 19 × 0, 1 × 19: sum 1900
  high: [1900, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
};

export const WHEEL_DEFAULT_OPTIONS: WheelOptions = { risk: 'low' };

/** The exact RTP of one wheel: sum of its multipliers / (100 · segments). */
export function wheelRtp({ risk }: WheelOptions): { num: bigint; den: bigint } {
  const segments = WHEEL_SEGMENTS[risk];
  return { num: BigInt(segments.reduce((s, m) => s + m, 0)), den: BigInt(100 * segments.length) };
}

function parseOptions(raw: unknown): WheelOptions {
  const { risk } = optionsRecord(raw);
  if (risk !== 'low' && risk !== 'medium' && risk !== 'high')
    throw new RangeError('risk must be low, medium or high');
  return { risk };
}

function play(draw: Draw, stake: number, { risk }: WheelOptions): GameOutcome<WheelResult> {
  const segments = WHEEL_SEGMENTS[risk];
  const segment = draw.int(segments.length);
  const hundredths = segments[segment]!;
  return { win: (stake / 100) * hundredths, result: { risk, segment, multiplier: hundredths / 100 } };
}

export const WHEEL: GameMaths<WheelResult, WheelOptions> = {
  code: 'WHEEL',
  kind: 'instant',
  rtpExact: { num: '19', den: '20' },
  rtp: 0.95,
  hitRate: 0.8,
  stakes: INSTANT_STAKES,
  maxMultiplier: 19,
  paytable: [],
  parseOptions,
  play,
};
