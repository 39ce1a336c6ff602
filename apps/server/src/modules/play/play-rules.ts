import { IN_HOUSE_GAMES, IN_HOUSE_MATHS, type AnyGameMaths } from '@playhouse/games/catalogue';
import { createFairDraw } from '@playhouse/games/fair-draw';
import type { GameOutcome } from '@playhouse/games/game';

/**
 * How an in-house round is drawn, one function for playing and for checking: the game's maths on the
 * provably-fair stream of (server seed, client seed, nonce), then, from the same stream, whether the
 * round also wins the progressive jackpot. Pure, so `POST /play/api/verify` recomputes exactly what
 * `POST /play/api/rounds` drew.
 */

/**
 * The published jackpot rule: a round wins the pool when the next draw of its stream, uniform in
 * [0, JACKPOT_DRAW_RANGE), is below its stake in minor units; a 1.00 stake wins once in 20 million
 * rounds, a 100.00 stake once in 200,000. With the pool taking 0.5% of every stake, it is hit on
 * average after 2,000,000,000 minor units of stakes have paid 10,000,000 (100,000.00) into it.
 */
export const JACKPOT_DRAW_RANGE = 2_000_000_000;

export interface DrawnRound {
  win: number;
  result: unknown;
  jackpotHit: boolean;
}

/** The maths and display data of an in-house game, or undefined for a code that is not one. */
export function inHouseGame(code: string): { maths: AnyGameMaths; name: string } | undefined {
  if (!Object.hasOwn(IN_HOUSE_MATHS, code)) return undefined;
  const maths = IN_HOUSE_MATHS[code]!;
  return { maths, name: IN_HOUSE_GAMES[code]?.name ?? code };
}

/** Checked options of a round (RangeError from the maths on anything the game refuses). */
export function parseOptions(maths: AnyGameMaths, raw: unknown): unknown {
  return maths.parseOptions(raw);
}

/**
 * Draws one round. `options` are the parsed options; `jackpotRange` is the jackpot draw's range
 * (JACKPOT_DRAW_RANGE; a smaller one only where a test needs a hit it can see).
 */
export function drawRound(
  maths: AnyGameMaths,
  seeds: { serverSeed: string; clientSeed: string; nonce: number },
  stake: number,
  options: unknown,
  jackpotRange: number = JACKPOT_DRAW_RANGE,
): DrawnRound {
  const draw = createFairDraw(seeds);
  const outcome: GameOutcome = maths.play(draw, stake, options);
  const jackpotHit = draw.int(jackpotRange) < stake;
  return { win: outcome.win, result: outcome.result, jackpotHit };
}
