import type { Draw, GameMaths, GameOutcome, PaytableRow } from './game.ts';
import { SLOT_STAKES, parseNoOptions } from './stakes.ts';

/**
 * Jungle Spins: a five-reel, three-row video slot with ten fixed paylines.
 *
 * - Each reel is a 40-stop strip; a spin draws one stop per reel, shown in the middle row with its
 *   neighbours above and below (the strip wraps).
 * - Lines pay left to right from the first reel, 3, 4 or 5 of a kind, in multiples of the line stake
 *   (stake / 10). WILD substitutes for every symbol but SCATTER and also pays on its own; a line
 *   pays the better of its wild run and its symbol run.
 * - SCATTER pays anywhere on the grid, in multiples of the whole stake: 3 → 5, 4 → 20, 5 → 100.
 *   Each strip holds one scatter, so a reel shows at most one.
 * - 3 or more scatters award 10 free spins on the same reels with every win tripled. Free spins
 *   cannot be won again during free spins (their scatters still pay, tripled).
 *
 * Exact RTP 20284295889441/20971520000000 ≈ 96.72 %. Because a stop is uniform over its strip,
 * the symbol a line crosses on each reel is distributed like the strip whatever the row, and the
 * reels are independent; so the expected line pay follows from counting symbol combinations with
 * the strips' symbol counts (11⁵ combinations, not 40⁵ stop combinations), scatters from each reel's
 * 40 windows, and free spins are 10 × 3 × the expected spin pay times the trigger chance
 * (jungle.test.ts).
 *
 * Largest win 12,733 × the stake: the best spin that shows 3+ scatters (133 ×) plus ten free spins,
 * each the best possible spin (420 ×) tripled; found by a branch-and-bound search in the tests.
 */

export const JUNGLE_SYMBOLS = [
  'WILD',
  'SCATTER',
  'TIGER',
  'GORILLA',
  'PARROT',
  'FROG',
  'A',
  'K',
  'Q',
  'J',
  'TEN',
] as const;
export type JungleSymbol = (typeof JUNGLE_SYMBOLS)[number];

const WILD = 0;
const SCATTER = 1;

export const JUNGLE_STRIPS: readonly (readonly JungleSymbol[])[] = [
  'TEN GORILLA FROG K FROG PARROT TIGER A J K GORILLA WILD TIGER PARROT A PARROT J Q TEN WILD Q J J FROG GORILLA Q TEN TEN FROG K A TEN K K A TIGER SCATTER Q J PARROT',
  'GORILLA J K FROG K WILD J J FROG A PARROT FROG WILD TIGER TEN A A TEN SCATTER TIGER GORILLA PARROT K PARROT Q K TEN J Q FROG Q GORILLA A TEN Q PARROT TIGER J TEN K',
  'A GORILLA K TEN K Q PARROT K A FROG FROG PARROT K A TEN TIGER WILD Q Q PARROT J TIGER FROG J SCATTER GORILLA WILD PARROT A FROG TEN TEN J J K TEN Q TIGER J GORILLA',
  'K J TIGER K FROG PARROT PARROT Q J A TIGER FROG Q TIGER WILD GORILLA SCATTER A A TEN PARROT A J GORILLA Q TEN GORILLA TEN Q WILD K K J J TEN FROG K FROG PARROT TEN',
  'GORILLA GORILLA J FROG J PARROT TIGER Q GORILLA WILD PARROT A TEN A TEN FROG A TEN FROG K FROG A TEN WILD TIGER Q J J SCATTER K TEN Q K TIGER K Q PARROT J PARROT K',
].map((s) => s.split(' ') as JungleSymbol[]);

/** The ten paylines: the row (0 = top) each crosses on reels 1 to 5. */
export const JUNGLE_PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 2, 1, 0, 1],
];

export const JUNGLE_LINES = JUNGLE_PAYLINES.length;
export const JUNGLE_REELS = 5;
export const JUNGLE_ROWS = 3;
export const JUNGLE_FREE_SPINS = 10;
export const JUNGLE_FREE_SPIN_MULTIPLIER = 3;
/** Scatters needed to award free spins. */
export const JUNGLE_TRIGGER = 3;

/** Line pays in multiples of the line stake, by symbol and count; scatter pays in multiples of the stake. */
export const JUNGLE_PAYTABLE: readonly PaytableRow[] = [
  {
    symbol: 'WILD',
    kind: 'line',
    pays: { 3: 100, 4: 500, 5: 2000 },
    note: 'substitutes for every symbol but SCATTER',
  },
  { symbol: 'TIGER', kind: 'line', pays: { 3: 50, 4: 200, 5: 1000 } },
  { symbol: 'GORILLA', kind: 'line', pays: { 3: 40, 4: 150, 5: 600 } },
  { symbol: 'PARROT', kind: 'line', pays: { 3: 30, 4: 100, 5: 400 } },
  { symbol: 'FROG', kind: 'line', pays: { 3: 20, 4: 80, 5: 300 } },
  { symbol: 'A', kind: 'line', pays: { 3: 12, 4: 40, 5: 200 } },
  { symbol: 'K', kind: 'line', pays: { 3: 10, 4: 30, 5: 150 } },
  { symbol: 'Q', kind: 'line', pays: { 3: 10, 4: 25, 5: 100 } },
  { symbol: 'J', kind: 'line', pays: { 3: 8, 4: 20, 5: 80 } },
  { symbol: 'TEN', kind: 'line', pays: { 3: 5, 4: 15, 5: 60 } },
  {
    symbol: 'SCATTER',
    kind: 'scatter',
    pays: { 3: 5, 4: 20, 5: 100 },
    note: '3 or more award 10 free spins, wins ×3',
  },
];

export interface JungleLineWin {
  /** Index into JUNGLE_PAYLINES. */
  line: number;
  symbol: JungleSymbol;
  /** Reels in the win, from the left: 3, 4 or 5. */
  count: number;
  /** The winning cells as [reel, row] (row 0 = top). */
  positions: readonly (readonly [number, number])[];
  /** Paytable multiple of the line stake (before the spin's multiplier). */
  pays: number;
  /** Win in minor units: pays × line stake × the spin's multiplier. */
  amount: number;
}

export interface JungleScatterWin {
  count: number;
  /** Every scatter on the grid as [reel, row]. */
  positions: readonly (readonly [number, number])[];
  /** Paytable multiple of the stake (before the spin's multiplier). */
  pays: number;
  amount: number;
}

export interface JungleSpin {
  /** The stop drawn on each reel (index into JUNGLE_STRIPS[reel]); it shows in the middle row. */
  stops: readonly number[];
  /** The visible symbols: grid[reel][row], row 0 = top. Shared and read-only. */
  grid: readonly (readonly JungleSymbol[])[];
  /** 1 in the base game, 3 in free spins. */
  multiplier: number;
  lineWins: JungleLineWin[];
  /** Scatter pay, when 3 or more show. */
  scatter: JungleScatterWin | null;
  /** Everything this spin won, in minor units. */
  win: number;
}

export interface JungleFreeSpins {
  awarded: number;
  multiplier: number;
  spins: JungleSpin[];
  /** Sum of the free spins' wins. */
  win: number;
}

export interface JungleResult {
  /** Stake per line in minor units (stake / 10). */
  lineStake: number;
  base: JungleSpin;
  /** The free spins the base spin awarded, played out. */
  freeSpins: JungleFreeSpins | null;
}

// --- Precomputed tables ---

const S = JUNGLE_SYMBOLS.length;
const symbolIndex = (s: JungleSymbol) => JUNGLE_SYMBOLS.indexOf(s);
/** LINE_PAYS[symbol·6 + count]: multiple of the line stake. */
const LINE_PAYS = new Int32Array(S * 6);
for (const row of JUNGLE_PAYTABLE)
  if (row.kind === 'line')
    for (const [count, pays] of Object.entries(row.pays))
      LINE_PAYS[symbolIndex(row.symbol as JungleSymbol) * 6 + Number(count)] = pays;
const SCATTER_PAYS = [0, 0, 0, 5, 20, 100];

const STRIP_LENGTHS = Int32Array.from(JUNGLE_STRIPS, (s) => s.length);
const WINDOWS = JUNGLE_STRIPS.map((strip) =>
  strip.map((_, stop) =>
    Object.freeze([0, 1, 2].map((row) => strip[(stop + row - 1 + strip.length) % strip.length]!)),
  ),
);
/** WINDOW_IDX[reel][stop·3 + row]: the visible symbol indexes. */
const WINDOW_IDX = WINDOWS.map((w) => Uint8Array.from(w.flatMap((cells) => cells.map(symbolIndex))));
const [W0, W1, W2, W3, W4] = WINDOW_IDX as [Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array];
/** SCATTER_ROW[reel][stop]: the row showing a scatter, or -1. */
const SCATTER_ROW = WINDOWS.map((w) =>
  Int8Array.from(w, (cells) => {
    const rows = cells.flatMap((s, row) => (s === 'SCATTER' ? [row] : []));
    if (rows.length > 1) throw new Error('a reel window shows two scatters; space them on the strip');
    return rows[0] ?? -1;
  }),
);
const LINE_ROWS = Uint8Array.from(JUNGLE_PAYLINES.flat());
const LINE_POSITIONS = JUNGLE_PAYLINES.map((rows) =>
  [0, 1, 2, 3, 4, 5].map((count) =>
    Object.freeze(rows.slice(0, count).map((row, reel) => Object.freeze([reel, row] as const))),
  ),
);
const CELL = Array.from({ length: JUNGLE_REELS }, (_, reel) =>
  [0, 1, 2].map((row) => Object.freeze([reel, row] as const)),
);

/**
 * The pay of one line crossing `cells` (five symbol indexes, reel 1 first), packed as
 * pays·256 + symbol·8 + count, or 0 when the line does not pay. The single source of the line rule;
 * the exact proof enumerates it over every symbol combination.
 */
export function jungleLinePay(cells: ArrayLike<number>): number {
  return linePay(cells[0]!, cells[1]!, cells[2]!, cells[3]!, cells[4]!);
}

/** The line rule on five symbol indexes (no array, so the hot path allocates nothing per line). */
function linePay(c0: number, c1: number, c2: number, c3: number, c4: number): number {
  let wildRun = 0;
  if (c0 === WILD) {
    wildRun = 1;
    if (c1 === WILD) {
      wildRun = 2;
      if (c2 === WILD) {
        wildRun = 3;
        if (c3 === WILD) {
          wildRun = 4;
          if (c4 === WILD) return LINE_PAYS[WILD * 6 + 5]! * 256 + WILD * 8 + 5;
        }
      }
    }
  }
  const wildPays = LINE_PAYS[WILD * 6 + wildRun]!;
  const symbol = wildRun === 0 ? c0 : wildRun === 1 ? c1 : wildRun === 2 ? c2 : wildRun === 3 ? c3 : c4;
  let symbolPays = 0;
  let run = 0;
  if (symbol !== SCATTER) {
    // The run of the line's symbol (or wilds standing in for it) from reel 1.
    run = wildRun + 1;
    if (run === 1) run = c1 === symbol || c1 === WILD ? 2 : 1;
    if (run === 2) run = c2 === symbol || c2 === WILD ? 3 : 2;
    if (run === 3) run = c3 === symbol || c3 === WILD ? 4 : 3;
    if (run === 4) run = c4 === symbol || c4 === WILD ? 5 : 4;
    symbolPays = LINE_PAYS[symbol * 6 + run]!;
  }
  if (symbolPays > wildPays) return symbolPays * 256 + symbol * 8 + run;
  return wildPays ? wildPays * 256 + WILD * 8 + wildRun : 0;
}

/** Evaluates one spin at the given stops (exported for the exact proof and the benchmark). */
export function jungleSpin(
  stops: readonly number[],
  lineStake: number,
  stake: number,
  multiplier: number,
): JungleSpin {
  const lineWins: JungleLineWin[] = [];
  let win = 0;
  const o0 = stops[0]! * 3;
  const o1 = stops[1]! * 3;
  const o2 = stops[2]! * 3;
  const o3 = stops[3]! * 3;
  const o4 = stops[4]! * 3;
  for (let line = 0; line < JUNGLE_LINES; line++) {
    const o = line * 5;
    // Most lines lose on the first two reels: test them before reading the rest.
    const c0 = W0[o0 + LINE_ROWS[o]!]!;
    const c1 = W1[o1 + LINE_ROWS[o + 1]!]!;
    if (c0 !== c1 && c0 !== WILD && c1 !== WILD) continue;
    const packed = linePay(
      c0,
      c1,
      W2[o2 + LINE_ROWS[o + 2]!]!,
      W3[o3 + LINE_ROWS[o + 3]!]!,
      W4[o4 + LINE_ROWS[o + 4]!]!,
    );
    if (!packed) continue;
    const pays = packed >> 8;
    const count = packed & 7;
    const amount = pays * lineStake * multiplier;
    win += amount;
    lineWins.push({
      line,
      symbol: JUNGLE_SYMBOLS[(packed >> 3) & 31]!,
      count,
      positions: LINE_POSITIONS[line]![count]!,
      pays,
      amount,
    });
  }
  let scatterCount = 0;
  for (let reel = 0; reel < 5; reel++) if (SCATTER_ROW[reel]![stops[reel]!]! >= 0) scatterCount++;
  let scatter: JungleScatterWin | null = null;
  if (scatterCount >= 3) {
    const positions: (readonly [number, number])[] = [];
    for (let reel = 0; reel < 5; reel++) {
      const row = SCATTER_ROW[reel]![stops[reel]!]!;
      if (row >= 0) positions.push(CELL[reel]![row]!);
    }
    const pays = SCATTER_PAYS[scatterCount]!;
    const amount = pays * stake * multiplier;
    win += amount;
    scatter = { count: scatterCount, positions, pays, amount };
  }
  return {
    stops,
    grid: [
      WINDOWS[0]![stops[0]!]!,
      WINDOWS[1]![stops[1]!]!,
      WINDOWS[2]![stops[2]!]!,
      WINDOWS[3]![stops[3]!]!,
      WINDOWS[4]![stops[4]!]!,
    ],
    multiplier,
    lineWins,
    scatter,
    win,
  };
}

function drawStops(draw: Draw): number[] {
  return [
    draw.int(STRIP_LENGTHS[0]!),
    draw.int(STRIP_LENGTHS[1]!),
    draw.int(STRIP_LENGTHS[2]!),
    draw.int(STRIP_LENGTHS[3]!),
    draw.int(STRIP_LENGTHS[4]!),
  ];
}

function play(draw: Draw, stake: number): GameOutcome<JungleResult> {
  const lineStake = stake / JUNGLE_LINES;
  const base = jungleSpin(drawStops(draw), lineStake, stake, 1);
  let freeSpins: JungleFreeSpins | null = null;
  if (base.scatter && base.scatter.count >= JUNGLE_TRIGGER) {
    const spins: JungleSpin[] = [];
    let win = 0;
    for (let i = 0; i < JUNGLE_FREE_SPINS; i++) {
      const spin = jungleSpin(drawStops(draw), lineStake, stake, JUNGLE_FREE_SPIN_MULTIPLIER);
      win += spin.win;
      spins.push(spin);
    }
    freeSpins = { awarded: JUNGLE_FREE_SPINS, multiplier: JUNGLE_FREE_SPIN_MULTIPLIER, spins, win };
  }
  return { win: base.win + (freeSpins?.win ?? 0), result: { lineStake, base, freeSpins } };
}

export const JUNGLE: GameMaths<JungleResult, Record<string, never>> = {
  code: 'JUNGLE',
  kind: 'slot',
  rtpExact: { num: '20284295889441', den: '20971520000000' },
  rtp: 20284295889441 / 20971520000000,
  hitRate: 25616799 / 102400000,
  stakes: SLOT_STAKES,
  maxMultiplier: 12733,
  paytable: JUNGLE_PAYTABLE,
  parseOptions: parseNoOptions,
  play,
};
