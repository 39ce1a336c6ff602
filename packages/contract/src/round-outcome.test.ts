import { describe, expect, it } from 'vitest';
import { isNetWin, roundOutcome } from './round-outcome.ts';

describe('a round judged against its stake', () => {
  it('calls a return below the stake a loss, never a win', () => {
    expect(roundOutcome(500, 400)).toBe('partial');
    expect(isNetWin(roundOutcome(500, 400))).toBe(false);
    expect(roundOutcome(500, 0)).toBe('nothing');
    expect(roundOutcome(500, 500)).toBe('even');
    expect(isNetWin('even')).toBe(false);
  });
  it('calls a return above the stake a win, ten times or more a big win', () => {
    expect(roundOutcome(500, 501)).toBe('win');
    expect(roundOutcome(500, 4999)).toBe('win');
    expect(roundOutcome(500, 5000)).toBe('bigWin');
    expect(isNetWin('win') && isNetWin('bigWin')).toBe(true);
  });
});
