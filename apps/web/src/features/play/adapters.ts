import type { GameInfo, Round } from '@playhouse/contract/play';
import type { CoinflipResult } from '@playhouse/games/coinflip';
import type { DiceResult } from '@playhouse/games/dice';
import { WHEEL_SEGMENTS, type WheelResult, type WheelRisk } from '@playhouse/games/wheel';
import { toMinor } from './session-stats.ts';
import type { Cell, RoundView, SlotFrame, SlotWin } from './view.ts';

/**
 * Each game's round result, as its maths returns it (packages/games/src/<game>.ts), turned into what
 * the game screen draws (view.ts); and each game's options as the screen offers them.
 */

export type Verb = 'spin' | 'roll' | 'flip';

export function spinVerb(code: string): Verb {
  return code === 'DICE' ? 'roll' : code === 'COINFLIP' ? 'flip' : 'spin';
}

export interface OptionsState {
  /** What the round request sends as `options` (undefined for games that take none). */
  values: Record<string, unknown> | undefined;
}

/** The options a game opens with (the maths' defaults). */
export function optionsFor(info: Pick<GameInfo, 'gameCode'>): OptionsState {
  switch (info.gameCode) {
    case 'DICE':
      return { values: { target: 50, direction: 'over' } };
    case 'COINFLIP':
      return { values: { side: 'heads' } };
    case 'WHEEL':
      return { values: { risk: 'low' } };
    default:
      return { values: undefined };
  }
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/** A slot's grid size: from the game's published layout, else the game's known shape. */
export function slotShape(info: Pick<GameInfo, 'gameCode' | 'meta'>): { reels: number; rows: number } {
  const reels = info.gameCode === 'SEVENS' ? 3 : info.gameCode === 'CASCADE' ? 4 : 5;
  return { reels: num(info.meta.reels, reels), rows: num(info.meta.rows, 3) };
}

/** The segments of a risk's wheel, as multiples of the stake. */
export function wheelSegments(info: Pick<GameInfo, 'meta'>, risk: WheelRisk): number[] {
  const published = (info.meta.segments as Record<string, unknown> | undefined)?.[risk];
  const hundredths = Array.isArray(published) ? (published as number[]) : WHEEL_SEGMENTS[risk];
  return hundredths.map((h) => h / 100);
}

/** Symbol codes a slot shows (from the published layout, else its paytable). */
export function slotSymbols(info: Pick<GameInfo, 'meta' | 'paytable'>): string[] {
  const published = info.meta.symbols;
  if (Array.isArray(published))
    return published
      .filter((s) => typeof s === 'string' || (isObject(s) && s.role !== 'blank'))
      .map((s) => (typeof s === 'string' ? s : String((s as Json).code)))
      .filter((s) => s !== 'BLANK');
  return info.paytable.map((p) => p.symbol).filter((s) => s !== 'ANY_BAR');
}

/** What the screen shows before the first round: a fixed, pleasant arrangement of the symbols. */
export function idleView(info: GameInfo): RoundView {
  if (info.kind === 'slot') {
    const { reels, rows } = slotShape(info);
    const symbols = slotSymbols(info);
    const grid = Array.from({ length: reels }, (_, r) =>
      Array.from(
        { length: rows },
        (_, row) => symbols[(r * 2 + row * 3) % Math.max(1, symbols.length)] ?? '?',
      ),
    );
    return { kind: 'slot', frames: [{ grid, wins: [], win: 0, phase: 'base' }], win: 0 };
  }
  switch (info.gameCode) {
    case 'DICE':
      return { kind: 'dice', roll: -1, target: 50, over: true, max: 100, win: 0 };
    case 'COINFLIP':
      return { kind: 'coin', side: 'heads', pick: 'heads', win: 0 };
    default:
      return { kind: 'wheel', index: -1, segments: wheelSegments(info, 'low'), multiplier: 0, win: 0 };
  }
}

/** The screen's view of instant options before a round: the dice target or wheel risk chosen. */
export function previewView(
  info: GameInfo,
  values: Record<string, unknown> | undefined,
  current: RoundView,
): RoundView {
  if (current.kind === 'dice' && values) {
    return { ...current, target: num(values.target, 50), over: values.direction !== 'under' };
  }
  if (current.kind === 'wheel' && values) {
    const risk = (values.risk as WheelRisk | undefined) ?? 'low';
    const segments = wheelSegments(info, risk);
    if (segments.join() !== current.segments.join()) return { ...current, segments, index: -1 };
  }
  return current;
}

// ---------- slots ----------

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** A grid as symbols by reel then row; results may name it grid, reels, screen or window. */
function readGrid(frame: Json): string[][] | undefined {
  const grid = frame.grid ?? frame.reels ?? frame.screen ?? frame.window ?? frame.symbols;
  if (!Array.isArray(grid) || !grid.every(Array.isArray)) return undefined;
  return (grid as unknown[][]).map((col) => col.map((s) => String(s)));
}

function readCells(w: Json): Cell[] {
  const raw = w.cells ?? w.positions;
  return asArray(raw)
    .map((c) =>
      Array.isArray(c)
        ? ([Number(c[0]), Number(c[1])] as const)
        : isObject(c)
          ? ([Number(c.reel ?? c.col ?? c.x), Number(c.row ?? c.y)] as const)
          : undefined,
    )
    .filter((c): c is Cell => c !== undefined && Number.isInteger(c[0]) && Number.isInteger(c[1]));
}

function readWins(frame: Json, paylines: readonly (readonly number[])[] | undefined): SlotWin[] {
  const raw = asArray(frame.wins ?? frame.lineWins ?? frame.lines ?? frame.clusters);
  return raw.filter(isObject).map((w) => {
    const kind =
      (['line', 'scatter', 'cluster', 'way'] as const).find((k) => k === w.kind) ??
      (w.line !== undefined ? 'line' : 'cluster');
    const count = num(w.count ?? w.size ?? asArray(w.cells).length, 0);
    const line = typeof w.line === 'number' ? w.line : undefined;
    let cells = readCells(w);
    // A line win may name only its line and length: its cells are that line's first `count` reels.
    if (!cells.length && line !== undefined && paylines?.[line])
      cells = paylines[line]!.slice(0, count).map((row, reel) => [reel, row] as const);
    return {
      cells,
      amount: num(w.win ?? w.amount ?? w.pays, 0),
      symbol: String(w.symbol ?? w.pay ?? ''),
      count,
      kind,
      ...(line !== undefined ? { line } : {}),
    };
  });
}

function readFrame(
  raw: Json,
  phase: SlotFrame['phase'],
  paylines: readonly (readonly number[])[] | undefined,
): SlotFrame | undefined {
  const grid = readGrid(raw);
  if (!grid) return undefined;
  const wins = readWins(raw, paylines);
  // Scatters pay anywhere, apart from the lines.
  if (isObject(raw.scatter))
    wins.push({
      cells: readCells(raw.scatter),
      amount: num(raw.scatter.amount, 0),
      symbol: 'SCATTER',
      count: num(raw.scatter.count, 0),
      kind: 'scatter',
    });
  const awarded = num(raw.freeSpinsAwarded ?? raw.freeSpins, 0);
  const multiplier = num(raw.multiplier, 1);
  return {
    grid,
    wins,
    win: num(
      raw.win ?? raw.total,
      wins.reduce((s, w) => s + w.amount, 0),
    ),
    phase,
    ...(awarded && typeof raw.freeSpins !== 'object' ? { freeSpinsAwarded: awarded } : {}),
    ...(multiplier > 1 ? { multiplier } : {}),
  };
}

/**
 * A slot result's frames: the base spin (or its first cascade step), each later cascade step, and
 * each free spin with its own steps. Results keep steps under `steps`/`cascades` and free spins under
 * `freeSpins`/`free`; a frame is anything with a grid.
 */
function slotFrames(result: unknown, paylines: readonly (readonly number[])[] | undefined): SlotFrame[] {
  if (!isObject(result)) return [];
  const frames: SlotFrame[] = [];
  const pushSpin = (spin: Json, phase: 'base' | 'free') => {
    const steps = asArray(spin.steps ?? spin.cascades ?? spin.tumbles).filter(isObject);
    if (steps.length) {
      steps.forEach((step, i) => {
        const f = readFrame(step, i === 0 ? phase : 'cascade', paylines);
        if (f) frames.push(f);
      });
    } else {
      const f = readFrame(spin, phase, paylines);
      if (f) frames.push(f);
    }
  };
  pushSpin(isObject(result.base) ? result.base : result, 'base');
  const free = result.freeSpins ?? result.free ?? result.bonus;
  const spins = asArray(isObject(free) ? (free.spins ?? free.rounds) : free).filter(isObject);
  spins.forEach((spin) => pushSpin(spin, 'free'));
  let index = 0;
  for (const f of frames) if (f.phase === 'free') f.index = ++index;
  for (const f of frames) if (f.phase === 'free') f.total = index;
  return frames;
}

/** A round's result as the screen draws it. Win amounts are minor units. */
export function toView(info: GameInfo, round: Pick<Round, 'result' | 'win' | 'stake'>): RoundView {
  const win = toMinor(round.win);
  if (info.kind === 'slot') {
    const paylines = Array.isArray(info.meta.paylines) ? (info.meta.paylines as number[][]) : undefined;
    const frames = slotFrames(round.result, paylines);
    return {
      kind: 'slot',
      frames: frames.length ? frames : (idleView(info) as Extract<RoundView, { kind: 'slot' }>).frames,
      win,
    };
  }
  switch (info.gameCode) {
    case 'DICE': {
      const r = round.result as DiceResult;
      return { kind: 'dice', roll: r.roll, target: r.target, over: r.direction === 'over', max: 100, win };
    }
    case 'COINFLIP': {
      const r = round.result as CoinflipResult;
      return { kind: 'coin', side: r.landed, pick: r.side, win };
    }
    default: {
      const r = round.result as WheelResult;
      return {
        kind: 'wheel',
        index: r.segment,
        segments: wheelSegments(info, r.risk),
        multiplier: r.multiplier,
        win,
      };
    }
  }
}
