/**
 * What the game screen draws for a round, whatever game it is: slots as a sequence of frames (a base
 * spin, its free spins, its cascade steps), instant games as their one draw. `toView` (adapters.ts)
 * turns each game's result, as its maths returns it, into this.
 */

/** A cell on a slot's screen: reel (column) and row, both from 0 at the top left. */
export type Cell = readonly [reel: number, row: number];

export interface SlotWin {
  cells: Cell[];
  /** Minor units. */
  amount: number;
  /** What paid, for the win list: a line number, a symbol and its count, a scatter, a cluster. */
  symbol: string;
  count: number;
  line?: number;
  kind: 'line' | 'scatter' | 'cluster' | 'way';
}

export interface SlotFrame {
  /** Symbols by reel, then row. */
  grid: string[][];
  wins: SlotWin[];
  /** Minor units won in this frame. */
  win: number;
  /** `free`: a free spin (index/total); `cascade`: a tumble after the previous frame's wins. */
  phase: 'base' | 'free' | 'cascade';
  index?: number;
  total?: number;
  /** Free spins this frame awarded. */
  freeSpinsAwarded?: number;
  multiplier?: number;
}

export type RoundView =
  | { kind: 'slot'; frames: SlotFrame[]; win: number }
  | {
      kind: 'dice';
      roll: number;
      /** The roll wins when it is over (or under) the target. */
      target: number;
      over: boolean;
      max: number;
      win: number;
    }
  | { kind: 'coin'; side: 'heads' | 'tails'; pick: 'heads' | 'tails'; win: number }
  | {
      kind: 'wheel';
      /** Segment the pointer stopped at and every segment's multiplier, clockwise from the top. */
      index: number;
      segments: number[];
      multiplier: number;
      win: number;
    };
