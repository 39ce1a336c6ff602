import { describe, expect, it } from 'vitest';
import { exactExpectation, Fraction } from './exact.ts';
import { SEVENS, SEVENS_PAYLINES, SEVENS_STRIPS, sevensLinePay } from './sevens.ts';

describe('Lucky Sevens maths', () => {
  // Every stop combination, played through the real `play` with the draws forced: 32³ rounds.
  const smallest = SEVENS.stakes[0]!;
  const exact = exactExpectation((draw) => SEVENS.play(draw, smallest, {}).win);

  it('has exactly the declared RTP over all 32,768 stop combinations', () => {
    expect(exact.leaves).toBe(32 * 32 * 32);
    const rtp = exact.mean.div(smallest);
    expect(rtp.toJSON()).toEqual(SEVENS.rtpExact);
    expect(SEVENS.rtp).toBeCloseTo(rtp.toNumber(), 12);
  });

  it('has exactly the declared hit rate and largest win', () => {
    expect(SEVENS.hitRate).toBeCloseTo(exact.positive.toNumber(), 12);
    expect(exact.positive.equals(new Fraction(20577, 32768))).toBe(true);
    expect(exact.max).toBe(SEVENS.maxMultiplier * smallest);
  });

  it('pays the paytable on a line: sevens, bars, mixed bars and cherries from the left', () => {
    expect(sevensLinePay('SEVEN', 'SEVEN', 'SEVEN')).toEqual(['SEVEN', 3, 250]);
    expect(sevensLinePay('BAR1', 'BAR3', 'BAR2')).toEqual(['ANY_BAR', 3, 8]);
    expect(sevensLinePay('BAR2', 'BAR2', 'BAR2')).toEqual(['BAR2', 3, 50]);
    expect(sevensLinePay('CHERRY', 'CHERRY', 'CHERRY')).toEqual(['CHERRY', 3, 40]);
    expect(sevensLinePay('CHERRY', 'CHERRY', 'BAR1')).toEqual(['CHERRY', 2, 5]);
    expect(sevensLinePay('CHERRY', 'BLANK', 'CHERRY')).toEqual(['CHERRY', 1, 2]);
    expect(sevensLinePay('BAR1', 'CHERRY', 'CHERRY')).toBeNull();
    expect(sevensLinePay('BLANK', 'BLANK', 'BLANK')).toBeNull();
    expect(sevensLinePay('SEVEN', 'SEVEN', 'BAR1')).toBeNull();
  });

  it('shows the drawn stop in the middle row and pays each line from the grid it shows', () => {
    const forced = [6, 6, 6]; // SEVEN on every reel
    let at = 0;
    const { win, result } = SEVENS.play({ int: () => forced[at++]! }, 100, {});
    expect(result.stops).toEqual([6, 6, 6]);
    expect(result.grid.map((reel) => reel[1])).toEqual(['SEVEN', 'SEVEN', 'SEVEN']);
    expect(result.grid[0]).toEqual([SEVENS_STRIPS[0]![5], SEVENS_STRIPS[0]![6], SEVENS_STRIPS[0]![7]]);
    const middle = result.wins.find((w) => w.line === 0)!;
    expect(middle).toMatchObject({ pay: 'SEVEN', count: 3, multiplier: 250, amount: 250 * 20 });
    expect(middle.positions).toEqual([
      [0, 1],
      [1, 1],
      [2, 1],
    ]);
    for (const w of result.wins) {
      const rows = SEVENS_PAYLINES[w.line]!;
      const pay = sevensLinePay(
        result.grid[0]![rows[0]!]!,
        result.grid[1]![rows[1]!]!,
        result.grid[2]![rows[2]!]!,
      );
      expect(pay?.[2]).toBe(w.multiplier);
    }
    expect(win).toBe(result.wins.reduce((s, w) => s + w.amount, 0));
  });
});
