import { timingSafeEqual } from 'node:crypto';
import { IN_HOUSE_MATHS } from './catalogue.ts';
import { commitSeed, createFairDraw } from './fair-draw.ts';
import type { GameOutcome } from './game.ts';

/**
 * Replays a provably-fair round from its revealed seeds: the same maths and the same seed stream
 * give the same outcome, so a player (or the fairness page) can check any settled round.
 */

export interface ReplayRequest {
  gameCode: string;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  /** Stake in minor units, one of the game's stakes. */
  stake: number;
  /** The round's options as played (dice target, coin side…); slots take none. */
  options?: unknown;
}

/**
 * The outcome of the round. Throws RangeError for an unknown game, a stake the game does not take,
 * or options it refuses.
 */
export function replayRound({
  gameCode,
  serverSeed,
  clientSeed,
  nonce,
  stake,
  options,
}: ReplayRequest): GameOutcome {
  const maths = Object.hasOwn(IN_HOUSE_MATHS, gameCode) ? IN_HOUSE_MATHS[gameCode] : undefined;
  if (!maths) throw new RangeError(`unknown game ${gameCode}`);
  if (!maths.stakes.includes(stake)) throw new RangeError(`stake ${stake} is not allowed for ${gameCode}`);
  const parsed: unknown = maths.parseOptions(options);
  return maths.play(createFairDraw({ serverSeed, clientSeed, nonce }), stake, parsed);
}

/** Whether `hash` is the commitment (SHA-256, hex) of `serverSeed`; case-insensitive hex. */
export function checkCommitment(serverSeed: string, hash: string): boolean {
  const expected = Buffer.from(commitSeed(serverSeed), 'hex');
  if (!/^[0-9a-fA-F]{64}$/.test(hash)) return false;
  return timingSafeEqual(expected, Buffer.from(hash, 'hex'));
}
