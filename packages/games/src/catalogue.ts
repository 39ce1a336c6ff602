import { CASCADE, GEM_CASCADE_CONFIG } from './cascade.ts';
import { COINFLIP } from './coinflip.ts';
import { DICE } from './dice.ts';
import type { GameKind, GameMaths } from './game.ts';
import { JUNGLE, JUNGLE_PAYLINES, JUNGLE_SYMBOLS } from './jungle.ts';
import { SEVENS, SEVENS_PAYLINES, SEVENS_SYMBOLS } from './sevens.ts';
import { WHEEL } from './wheel.ts';

/**
 * The in-house games (vendor BGS): their maths, by game code, and what a client or the game-info
 * endpoint needs to show them. One source for the server, the web client and the rules screens.
 */

// `GameMaths<any, any>` is what a registry of games with different result and option types needs;
// callers narrow through `parseOptions` and the game file's exported result type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameMaths = GameMaths<any, any>;

export const IN_HOUSE_MATHS: Record<string, AnyGameMaths> = {
  SEVENS,
  JUNGLE,
  CASCADE,
  DICE,
  COINFLIP,
  WHEEL,
};

/** One symbol of a slot as the client draws it. */
export interface SymbolInfo {
  /** The code used in results' grids (e.g. 'SEVEN'). */
  code: string;
  /** English display name; clients may localise by code. */
  name: string;
  role: 'regular' | 'wild' | 'scatter' | 'blank';
}

/** Display metadata of one in-house game. */
export interface GameInfo {
  code: string;
  /** The game's brand name (not translated). */
  name: string;
  kind: GameKind;
  /** Slots: columns (reels) and rows of the visible grid. */
  reels?: number;
  rows?: number;
  /** Slots with paylines: the number of lines and, per line, its row (0 = top) on each reel. */
  lines?: number;
  paylines?: readonly (readonly number[])[];
  /** Slots: every symbol that can appear in a result's grid. */
  symbols?: readonly SymbolInfo[];
}

const NAMES: Record<string, string> = {
  SEVEN: 'Seven',
  BAR3: 'Triple Bar',
  BAR2: 'Double Bar',
  BAR1: 'Bar',
  CHERRY: 'Cherry',
  BLANK: 'Blank',
  WILD: 'Wild',
  SCATTER: 'Scatter',
  TIGER: 'Tiger',
  GORILLA: 'Gorilla',
  PARROT: 'Parrot',
  FROG: 'Frog',
  A: 'A',
  K: 'K',
  Q: 'Q',
  J: 'J',
  TEN: '10',
  RUBY: 'Ruby',
  SAPPHIRE: 'Sapphire',
  EMERALD: 'Emerald',
  TOPAZ: 'Topaz',
  AMETHYST: 'Amethyst',
};

function symbolInfo(code: string): SymbolInfo {
  const role =
    code === 'WILD' ? 'wild' : code === 'SCATTER' ? 'scatter' : code === 'BLANK' ? 'blank' : 'regular';
  return { code, name: NAMES[code] ?? code, role };
}

export const IN_HOUSE_GAMES: Record<string, GameInfo> = {
  SEVENS: {
    code: 'SEVENS',
    name: 'Lucky Sevens',
    kind: 'slot',
    reels: 3,
    rows: 3,
    lines: SEVENS_PAYLINES.length,
    paylines: SEVENS_PAYLINES,
    symbols: SEVENS_SYMBOLS.map(symbolInfo),
  },
  JUNGLE: {
    code: 'JUNGLE',
    name: 'Jungle Spins',
    kind: 'slot',
    reels: 5,
    rows: 3,
    lines: JUNGLE_PAYLINES.length,
    paylines: JUNGLE_PAYLINES,
    symbols: JUNGLE_SYMBOLS.map(symbolInfo),
  },
  CASCADE: {
    code: 'CASCADE',
    name: 'Gem Cascade',
    kind: 'slot',
    reels: GEM_CASCADE_CONFIG.reels,
    rows: GEM_CASCADE_CONFIG.rows,
    lines: 0,
    symbols: GEM_CASCADE_CONFIG.gems.map((g) => symbolInfo(g.symbol)),
  },
  DICE: { code: 'DICE', name: 'Dice', kind: 'instant' },
  COINFLIP: { code: 'COINFLIP', name: 'Coin Flip', kind: 'instant' },
  WHEEL: { code: 'WHEEL', name: 'Wheel of Fortune', kind: 'instant' },
};
