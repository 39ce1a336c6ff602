import { describe, expect, it } from 'vitest';
import { sortWinners, winnerBoardLoops } from './winner-board.ts';

const entry = (winAmount: string, wonAt = 0) => ({ vo: { winAmount, wonAt } });

describe('winner board', () => {
  it('orders by win amount, largest first', () => {
    const sorted = sortWinners([entry('12.50'), entry('1200.00'), entry('99.99'), entry('150.00')]);
    expect(sorted.map((e) => e.vo.winAmount)).toEqual(['1200.00', '150.00', '99.99', '12.50']);
  });
  it('puts the newest first among equal wins and leaves the input alone', () => {
    const input = [entry('5.00', 1), entry('5.00', 3), entry('5.00', 2)];
    expect(sortWinners(input).map((e) => e.vo.wonAt)).toEqual([3, 2, 1]);
    expect(input.map((e) => e.vo.wonAt)).toEqual([1, 3, 2]);
  });
  it('loops only above 4 winners', () => {
    expect(winnerBoardLoops(0)).toBe(false);
    expect(winnerBoardLoops(4)).toBe(false);
    expect(winnerBoardLoops(5)).toBe(true);
  });
});
