/**
 * What a settled round was for the player, judged against its stake and never by whether anything
 * was paid: a round that returned less than its stake is a loss, however it is dressed. Only `win`
 * and `bigWin` may be shown with win styling (gold figures, win banners, win sounds); `partial`
 * is shown as a loss with the amount returned, `even` as the stake coming back (UKGC RTS 7/14: a
 * net loss is never presented as a win).
 */
export type RoundOutcome = 'nothing' | 'partial' | 'even' | 'win' | 'bigWin';

/** A return this many times the stake or more is a big win. */
export const BIG_WIN_MULTIPLE = 10;

/** `stake` and `win` in minor units. */
export function roundOutcome(stake: number, win: number): RoundOutcome {
  if (win <= 0) return 'nothing';
  if (win < stake) return 'partial';
  if (win === stake) return 'even';
  return win >= stake * BIG_WIN_MULTIPLE ? 'bigWin' : 'win';
}

/** Whether the outcome may be celebrated: the player ends the round with more than they staked. */
export const isNetWin = (outcome: RoundOutcome): boolean => outcome === 'win' || outcome === 'bigWin';
