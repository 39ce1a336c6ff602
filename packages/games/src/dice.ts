import type { Draw, GameMaths, GameOutcome } from './game.ts';
import { INSTANT_STAKES, optionsRecord } from './stakes.ts';

/**
 * Dice: a roll from 1 to 100, each equally likely; the player bets it lands under or over a target.
 *
 * - `under` target t wins when roll < t, t from 2 to 96 (1 to 95 winning rolls);
 * - `over` target t wins when roll > t, t from 5 to 99 (95 down to 1 winning rolls).
 *
 * With n winning rolls the chance is n/100 and the payout multiplier is 0.97 / (n/100) rounded DOWN
 * to two decimals: floor(9700 / n) hundredths. Two decimals (not four) because the smallest stake
 * is 1.00 = 100 minor units and every win must be a whole number of minor units; rounding down
 * keeps each option's RTP at or just under 97 %. The exact RTP of an option is
 * n · floor(9700 / n) / 10000 (`diceRtp`); the declared `rtp` is the worst option, n = 89
 * (89 · 108 / 10000 = 0.9612), and the best is 0.97 (n = 50). `hitRate` is that of the default bet
 * (over 50: n = 50).
 */

export type DiceDirection = 'under' | 'over';

export interface DiceOptions {
  /** The target roll, see the ranges above. */
  target: number;
  direction: DiceDirection;
}

export interface DiceResult {
  /** The roll, 1 to 100. */
  roll: number;
  target: number;
  direction: DiceDirection;
  /** Chance of winning in percent (whole number, = number of winning rolls). */
  chance: number;
  /** Payout multiplier of the stake when the bet wins, two decimals (e.g. 1.94). */
  multiplier: number;
  won: boolean;
}

export const DICE_DEFAULT_OPTIONS: DiceOptions = { target: 50, direction: 'over' };

/** Number of winning rolls (1–95) for a target and direction. */
export function diceWinningRolls({ target, direction }: DiceOptions): number {
  return direction === 'under' ? target - 1 : 100 - target;
}

/** The payout multiplier in hundredths of the stake: floor(9700 / winning rolls). */
export function diceMultiplierHundredths(options: DiceOptions): number {
  return Math.floor(9700 / diceWinningRolls(options));
}

/** The exact RTP of one option set as a fraction: n · floor(9700/n) / 10000. */
export function diceRtp(options: DiceOptions): { num: bigint; den: bigint } {
  const n = diceWinningRolls(options);
  return { num: BigInt(n * diceMultiplierHundredths(options)), den: 10000n };
}

function parseOptions(raw: unknown): DiceOptions {
  const o = optionsRecord(raw);
  const { target, direction } = o;
  if (direction !== 'under' && direction !== 'over') throw new RangeError('direction must be under or over');
  if (typeof target !== 'number' || !Number.isInteger(target))
    throw new RangeError('target must be an integer');
  const [min, max] = direction === 'under' ? [2, 96] : [5, 99];
  if (target < min || target > max) throw new RangeError(`target must be from ${min} to ${max}`);
  return { target, direction };
}

function play(draw: Draw, stake: number, options: DiceOptions): GameOutcome<DiceResult> {
  const roll = draw.int(100) + 1;
  const { target, direction } = options;
  const won = direction === 'under' ? roll < target : roll > target;
  const hundredths = diceMultiplierHundredths(options);
  return {
    win: won ? (stake / 100) * hundredths : 0,
    result: { roll, target, direction, chance: diceWinningRolls(options), multiplier: hundredths / 100, won },
  };
}

export const DICE: GameMaths<DiceResult, DiceOptions> = {
  code: 'DICE',
  kind: 'instant',
  rtpExact: { num: '2403', den: '2500' },
  rtp: 0.9612,
  hitRate: 0.5,
  stakes: INSTANT_STAKES,
  maxMultiplier: 97,
  paytable: [],
  parseOptions,
  play,
};
