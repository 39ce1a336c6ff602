import { LOBBY } from './lobby-constants.ts';

interface WinnerLike {
  vo: { winAmount: string; wonAt?: number };
}

/** Money strings ("1234.50") as numbers for ordering; malformed amounts sort last. */
function amountOf(value: string): number {
  const n = Number(value);
  return Number.isFinite(n) ? n : -Infinity;
}

/** Winners by win amount, largest first; equal wins keep the newest first. */
export function sortWinners<T extends WinnerLike>(entries: readonly T[]): T[] {
  return [...entries].sort(
    (a, b) => amountOf(b.vo.winAmount) - amountOf(a.vo.winAmount) || (b.vo.wonAt ?? 0) - (a.vo.wonAt ?? 0),
  );
}

/** The board scrolls in a loop only with more than 4 winners (spec §9). */
export function winnerBoardLoops(count: number): boolean {
  return count > LOBBY.winnerLoopAbove;
}
