import { describe, expect, it } from 'vitest';
import type { GameInfo } from '@playhouse/contract/play';
import { CASCADE } from '@playhouse/games/cascade';
import { COINFLIP } from '@playhouse/games/coinflip';
import { DICE } from '@playhouse/games/dice';
import { createFastDraw } from '@playhouse/games/fair-draw';
import type { GameMaths } from '@playhouse/games/game';
import { JUNGLE } from '@playhouse/games/jungle';
import { SEVENS, SEVENS_PAYLINES } from '@playhouse/games/sevens';
import { WHEEL, WHEEL_SEGMENTS } from '@playhouse/games/wheel';
import { fromMinor } from './session-stats.ts';
import { idleView, toView } from './adapters.ts';

/** The game-info answer as the server builds it from the maths (only what the adapters read). */
function infoOf(maths: GameMaths, meta: Record<string, unknown> = {}): GameInfo {
  return {
    gameCode: maths.code as GameInfo['gameCode'],
    name: maths.code,
    kind: maths.kind,
    rtp: maths.rtp,
    rtpExact: maths.rtpExact,
    hitRate: maths.hitRate,
    maxMultiplier: maths.maxMultiplier,
    paytable: maths.paytable.map((row) => ({ ...row, pays: Object.fromEntries(Object.entries(row.pays)) })),
    stakes: maths.stakes.map(fromMinor),
    currency: 'PHP',
    meta,
    safety: { minSpinMs: 2500, autoplay: false, realityCheckMinutes: null },
    jackpot: { contributionBps: 0, oddsPerMinorUnit: 0 },
  };
}

/** Plays real rounds of a game's maths until one satisfies `wanted`. */
function findRound<R>(
  maths: GameMaths<R>,
  stake: number,
  options: unknown,
  wanted: (result: R, win: number) => boolean,
) {
  const draw = createFastDraw(20261125);
  for (let i = 0; i < 200_000; i++) {
    const outcome = maths.play(draw, stake, maths.parseOptions(options));
    if (wanted(outcome.result, outcome.win))
      return { result: outcome.result, win: fromMinor(outcome.win), stake: fromMinor(stake) };
  }
  throw new Error('no such round');
}

const sumWins = (frames: { win: number }[]) => frames.reduce((s, f) => s + f.win, 0);

describe('round results as the game screen draws them', () => {
  it('SEVENS: the grid by reel and row, each paying line with its cells and amount', () => {
    const info = infoOf(SEVENS, { reels: 3, rows: 3, paylines: SEVENS_PAYLINES });
    const round = findRound(SEVENS, 100, undefined, (r) => r.wins.length >= 2);
    const view = toView(info, round);
    expect(view.kind).toBe('slot');
    if (view.kind !== 'slot') return;
    expect(view.frames).toHaveLength(1);
    const [frame] = view.frames;
    expect(frame!.grid).toEqual(round.result.grid);
    expect(frame!.wins.map((w) => w.line)).toEqual(round.result.wins.map((w) => w.line));
    expect(frame!.wins.map((w) => w.cells)).toEqual(round.result.wins.map((w) => w.positions));
    expect(frame!.wins.reduce((s, w) => s + w.amount, 0)).toBe(view.win);
    expect(frame!.wins.every((w) => w.symbol !== '')).toBe(true);
  });

  it('JUNGLE: the base spin, then every free spin numbered, scatters among the wins', () => {
    const info = infoOf(JUNGLE, { reels: 5, rows: 3 });
    const round = findRound(JUNGLE, 100, undefined, (r) => r.freeSpins !== null);
    const view = toView(info, round);
    if (view.kind !== 'slot') throw new Error('not a slot');
    const free = view.frames.filter((f) => f.phase === 'free');
    expect(view.frames[0]!.phase).toBe('base');
    expect(free).toHaveLength(round.result.freeSpins!.spins.length);
    expect(free.map((f) => f.index)).toEqual(free.map((_, i) => i + 1));
    expect(free.every((f) => f.total === free.length && f.multiplier === 3)).toBe(true);
    expect(view.frames[0]!.wins.some((w) => w.kind === 'scatter' && w.cells.length >= 3)).toBe(true);
    expect(sumWins(view.frames)).toBe(view.win);
  });

  it('CASCADE: one frame per tumble, the first the base spin', () => {
    const info = infoOf(CASCADE, { reels: 4, rows: 3 });
    const round = findRound(CASCADE, 100, undefined, (r) => r.steps.length >= 3);
    const view = toView(info, round);
    if (view.kind !== 'slot') throw new Error('not a slot');
    expect(view.frames.map((f) => f.phase)).toEqual([
      'base',
      ...round.result.steps.slice(1).map(() => 'cascade'),
    ]);
    expect(view.frames.map((f) => f.grid)).toEqual(round.result.steps.map((s) => s.grid));
    expect(view.frames[0]!.wins[0]!.kind).toBe('cluster');
    expect(sumWins(view.frames)).toBe(view.win);
  });

  it('the instant games: the roll, the coin and the wheel segment', () => {
    const dice = findRound(DICE, 100, { target: 30, direction: 'under' }, () => true);
    expect(toView(infoOf(DICE), dice)).toMatchObject({
      kind: 'dice',
      roll: dice.result.roll,
      target: 30,
      over: false,
    });
    const coin = findRound(COINFLIP, 100, { side: 'tails' }, (r) => r.won);
    expect(toView(infoOf(COINFLIP), coin)).toMatchObject({
      kind: 'coin',
      side: 'tails',
      pick: 'tails',
      win: 194,
    });
    const wheel = findRound(WHEEL, 100, { risk: 'high' }, (r) => r.multiplier > 0);
    const view = toView(infoOf(WHEEL), wheel);
    expect(view).toMatchObject({ kind: 'wheel', index: wheel.result.segment, multiplier: 19, win: 1900 });
    if (view.kind === 'wheel') expect(view.segments).toEqual(WHEEL_SEGMENTS.high.map((h) => h / 100));
  });

  it('draws an idle screen of the game shape before any round', () => {
    const idle = idleView(infoOf(JUNGLE, { reels: 5, rows: 3 }));
    if (idle.kind !== 'slot') throw new Error('not a slot');
    expect(idle.frames[0]!.grid).toHaveLength(5);
    expect(idle.frames[0]!.grid.every((reel) => reel.length === 3)).toBe(true);
  });
});
