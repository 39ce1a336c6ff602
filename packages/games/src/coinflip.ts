import type { Draw, GameMaths, GameOutcome } from './game.ts';
import { INSTANT_STAKES, optionsRecord } from './stakes.ts';

/**
 * Coin flip: the player calls heads or tails; a fair coin (one draw of two values) lands; a right
 * call pays 1.94 × the stake. RTP exactly 1/2 · 1.94 = 97/100 whichever side is called.
 */

export type CoinSide = 'heads' | 'tails';

export interface CoinflipOptions {
  side: CoinSide;
}

export interface CoinflipResult {
  /** The side the player called. */
  side: CoinSide;
  /** The side the coin landed on. */
  landed: CoinSide;
  /** Payout multiplier of the stake on a right call. */
  multiplier: number;
  won: boolean;
}

/** Payout on a right call, in hundredths of the stake. */
export const COINFLIP_MULTIPLIER_HUNDREDTHS = 194;

function parseOptions(raw: unknown): CoinflipOptions {
  const { side } = optionsRecord(raw);
  if (side !== 'heads' && side !== 'tails') throw new RangeError('side must be heads or tails');
  return { side };
}

function play(draw: Draw, stake: number, options: CoinflipOptions): GameOutcome<CoinflipResult> {
  const landed: CoinSide = draw.int(2) === 0 ? 'heads' : 'tails';
  const won = landed === options.side;
  return {
    win: won ? (stake / 100) * COINFLIP_MULTIPLIER_HUNDREDTHS : 0,
    result: { side: options.side, landed, multiplier: COINFLIP_MULTIPLIER_HUNDREDTHS / 100, won },
  };
}

export const COINFLIP: GameMaths<CoinflipResult, CoinflipOptions> = {
  code: 'COINFLIP',
  kind: 'instant',
  rtpExact: { num: '97', den: '100' },
  rtp: 0.97,
  hitRate: 0.5,
  stakes: INSTANT_STAKES,
  maxMultiplier: 1.94,
  paytable: [],
  parseOptions,
  play,
};
