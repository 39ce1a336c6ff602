import type { Draw, GameMaths, GameOutcome, PaytableRow } from './game.ts';
import { SLOT_STAKES, parseNoOptions } from './stakes.ts';

/**
 * Lucky Sevens: a classic three-reel slot, three rows visible, five fixed paylines.
 *
 * Each reel is a strip of 32 stops, symbols alternating with blanks; a spin draws one stop per reel
 * (uniform over the strip) and that stop shows in the middle row, with its neighbours above and
 * below (the strip wraps). Each payline pays its best combination in multiples of the line stake
 * (stake / 5):
 *
 *   SEVEN SEVEN SEVEN 250 · BAR3 ×3 100 · BAR2 ×3 50 · BAR1 ×3 25 · any three bars mixed 8 ·
 *   CHERRY ×3 40 · two cherries from the left 5 · one cherry on the left reel 2.
 *
 * Every stake is a multiple of 10 so the line stake is a whole number of minor units, and so is
 * every win. The exact RTP, 3931/4096 ≈ 95.97 %, and hit rate come from enumerating all
 * 32³ = 32,768 stop combinations (sevens.test.ts).
 */

export const SEVENS_SYMBOLS = ['SEVEN', 'BAR3', 'BAR2', 'BAR1', 'CHERRY', 'BLANK'] as const;
export type SevensSymbol = (typeof SEVENS_SYMBOLS)[number];

/** The reel strips, top to bottom in spin order. */
export const SEVENS_STRIPS: readonly (readonly SevensSymbol[])[] = [
  strip('BAR1 CHERRY BAR2 SEVEN BAR1 CHERRY BAR3 BAR1 CHERRY BAR2 BAR1 CHERRY BAR3 CHERRY BAR2 CHERRY'),
  strip('BAR1 CHERRY BAR2 SEVEN BAR1 CHERRY BAR3 BAR1 CHERRY BAR2 BAR1 CHERRY BAR3 BAR1 CHERRY BAR2'),
  strip('BAR1 CHERRY BAR2 SEVEN BAR1 CHERRY BAR3 BAR1 CHERRY BAR2 BAR1 CHERRY BAR3 BAR1 BAR2 BAR1'),
];

/** Paylines: the row (0 = top) each line crosses on reels 1, 2 and 3. */
export const SEVENS_PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1],
  [0, 0, 0],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
];

export const SEVENS_LINES = SEVENS_PAYLINES.length;
const ROWS = 3;

/** The name of a paying combination as results and the paytable give it. */
export type SevensPay = 'SEVEN' | 'BAR3' | 'BAR2' | 'BAR1' | 'ANY_BAR' | 'CHERRY';

export const SEVENS_PAYTABLE: readonly PaytableRow[] = [
  { symbol: 'SEVEN', kind: 'line', pays: { 3: 250 } },
  { symbol: 'BAR3', kind: 'line', pays: { 3: 100 } },
  { symbol: 'BAR2', kind: 'line', pays: { 3: 50 } },
  { symbol: 'BAR1', kind: 'line', pays: { 3: 25 } },
  { symbol: 'ANY_BAR', kind: 'line', pays: { 3: 8 }, note: 'any three bars, mixed' },
  { symbol: 'CHERRY', kind: 'line', pays: { 1: 2, 2: 5, 3: 40 }, note: 'counted from the left reel' },
];

/** One paying line of a spin. */
export interface SevensLineWin {
  /** Index into SEVENS_PAYLINES. */
  line: number;
  pay: SevensPay;
  /** Reels counted in the win from the left: 3, or 1–2 for cherries. */
  count: number;
  /** The winning cells as [reel, row] (row 0 = top). */
  positions: readonly (readonly [number, number])[];
  /** Multiple of the line stake. */
  multiplier: number;
  /** Win in minor units. */
  amount: number;
}

export interface SevensResult {
  /** The stop drawn on each reel (index into SEVENS_STRIPS[reel]); it shows in the middle row. */
  stops: readonly number[];
  /** The visible symbols: grid[reel][row], row 0 = top. Shared and read-only. */
  grid: readonly (readonly SevensSymbol[])[];
  /** Stake per line in minor units (stake / 5). */
  lineStake: number;
  /** Paying lines, in payline order. */
  wins: SevensLineWin[];
}

function strip(symbols: string): SevensSymbol[] {
  // Every symbol is followed by a blank, as on a mechanical reel.
  return symbols.split(' ').flatMap((s) => [s as SevensSymbol, 'BLANK' as const]);
}

// --- Precomputed tables: the hot path only indexes typed arrays and shared arrays. ---

const S = SEVENS_SYMBOLS.length;
const sym = (s: SevensSymbol) => SEVENS_SYMBOLS.indexOf(s);
const BARS = new Set<SevensSymbol>(['BAR1', 'BAR2', 'BAR3']);
const PAY_NAMES: readonly SevensPay[] = ['SEVEN', 'BAR3', 'BAR2', 'BAR1', 'ANY_BAR', 'CHERRY'];

/**
 * The best pay of a line showing symbols a, b, c (left to right): `[pay name, reels counted,
 * multiple of the line stake]`, or null. The single source of the rules above.
 */
export function sevensLinePay(
  a: SevensSymbol,
  b: SevensSymbol,
  c: SevensSymbol,
): [SevensPay, number, number] | null {
  const row = (name: SevensPay) => SEVENS_PAYTABLE.find((r) => r.symbol === name)!.pays;
  if (a === b && b === c && a !== 'BLANK') return [a, 3, row(a)[3]!];
  if (BARS.has(a) && BARS.has(b) && BARS.has(c)) return ['ANY_BAR', 3, row('ANY_BAR')[3]!];
  if (a === 'CHERRY')
    return b === 'CHERRY' ? ['CHERRY', 2, row('CHERRY')[2]!] : ['CHERRY', 1, row('CHERRY')[1]!];
  return null;
}

/** Line table indexed by a·S² + b·S + c: multiple (0 = none), pay name index and count. */
const LINE_MULT = new Int32Array(S * S * S);
const LINE_NAME = new Uint8Array(S * S * S);
const LINE_COUNT = new Uint8Array(S * S * S);
for (let a = 0; a < S; a++)
  for (let b = 0; b < S; b++)
    for (let c = 0; c < S; c++) {
      const pay = sevensLinePay(SEVENS_SYMBOLS[a]!, SEVENS_SYMBOLS[b]!, SEVENS_SYMBOLS[c]!);
      const i = a * S * S + b * S + c;
      if (pay) {
        LINE_MULT[i] = pay[2];
        LINE_NAME[i] = PAY_NAMES.indexOf(pay[0]);
        LINE_COUNT[i] = pay[1];
      }
    }

const STRIP_LENGTHS = SEVENS_STRIPS.map((s) => s.length);
/** WINDOWS[reel][stop]: the three visible symbols, shared by every result that shows them. */
const WINDOWS: readonly (readonly (readonly SevensSymbol[])[])[] = SEVENS_STRIPS.map((strip) =>
  strip.map((_, stop) =>
    Object.freeze([0, 1, 2].map((row) => strip[(stop + row - 1 + strip.length) % strip.length]!)),
  ),
);
/** WINDOW_IDX[reel][stop·3 + row]: the same as symbol indexes. */
const WINDOW_IDX = WINDOWS.map((w) => Uint8Array.from(w.flatMap((cells) => cells.map(sym))));
/** POSITIONS[line][count]: the first `count` cells of a line, shared. */
const POSITIONS = SEVENS_PAYLINES.map((rows) =>
  [0, 1, 2, 3].map((count) =>
    Object.freeze(rows.slice(0, count).map((row, reel) => Object.freeze([reel, row] as const))),
  ),
);
const LINE_ROWS = Uint8Array.from(SEVENS_PAYLINES.flat());

/** Evaluates the grid at the given stops (exported for the exact enumeration in tests). */
export function sevensSpin(
  stops: readonly [number, number, number],
  stake: number,
): GameOutcome<SevensResult> {
  const [s0, s1, s2] = stops;
  const w0 = WINDOW_IDX[0]!;
  const w1 = WINDOW_IDX[1]!;
  const w2 = WINDOW_IDX[2]!;
  const lineStake = stake / SEVENS_LINES;
  const wins: SevensLineWin[] = [];
  let total = 0;
  for (let line = 0; line < SEVENS_LINES; line++) {
    const o = line * 3;
    const i =
      w0[s0 * ROWS + LINE_ROWS[o]!]! * S * S +
      w1[s1 * ROWS + LINE_ROWS[o + 1]!]! * S +
      w2[s2 * ROWS + LINE_ROWS[o + 2]!]!;
    const multiplier = LINE_MULT[i]!;
    if (multiplier) {
      const count = LINE_COUNT[i]!;
      const amount = multiplier * lineStake;
      total += amount;
      wins.push({
        line,
        pay: PAY_NAMES[LINE_NAME[i]!]!,
        count,
        positions: POSITIONS[line]![count]!,
        multiplier,
        amount,
      });
    }
  }
  return {
    win: total,
    result: {
      stops: [s0, s1, s2],
      grid: [WINDOWS[0]![s0]!, WINDOWS[1]![s1]!, WINDOWS[2]![s2]!],
      lineStake,
      wins,
    },
  };
}

function play(draw: Draw, stake: number): GameOutcome<SevensResult> {
  return sevensSpin(
    [draw.int(STRIP_LENGTHS[0]!), draw.int(STRIP_LENGTHS[1]!), draw.int(STRIP_LENGTHS[2]!)],
    stake,
  );
}

export const SEVENS: GameMaths<SevensResult, Record<string, never>> = {
  code: 'SEVENS',
  kind: 'slot',
  rtpExact: { num: '3931', den: '4096' },
  rtp: 3931 / 4096,
  hitRate: 20577 / 32768,
  stakes: SLOT_STAKES,
  maxMultiplier: 60,
  paytable: SEVENS_PAYTABLE,
  parseOptions: parseNoOptions,
  play,
};
