import { createFastDraw } from './fair-draw.ts';
import type { Draw, GameMaths } from './game.ts';

/** Mean and standard deviation of the win per unit of stake over `rounds` seeded rounds. */
export interface Simulation {
  rounds: number;
  mean: number;
  sd: number;
  /** Share of rounds that won anything. */
  hitRate: number;
  /** Standard error of the mean. */
  se: number;
}

/**
 * Plays `rounds` rounds on the fast seeded draw (repeatable, not for real play) and summarises the
 * return. Tests compare it with the exact RTP to check the recursion or combinatorics behind it.
 */
export function simulate<O>(
  game: GameMaths<unknown, O>,
  options: O,
  rounds: number,
  seed: number,
): Simulation {
  const draw: Draw = createFastDraw(seed);
  const stake = game.stakes[0]!;
  let sum = 0;
  let sumSq = 0;
  let hits = 0;
  for (let i = 0; i < rounds; i++) {
    const r = game.play(draw, stake, options).win / stake;
    sum += r;
    sumSq += r * r;
    if (r > 0) hits++;
  }
  const mean = sum / rounds;
  const sd = Math.sqrt(Math.max(0, sumSq / rounds - mean * mean));
  return { rounds, mean, sd, hitRate: hits / rounds, se: sd / Math.sqrt(rounds) };
}
