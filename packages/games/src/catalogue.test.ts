import { describe, expect, it } from 'vitest';
import { IN_HOUSE_GAMES, IN_HOUSE_MATHS } from './catalogue.ts';
import { DICE_DEFAULT_OPTIONS } from './dice.ts';
import { Fraction } from './exact.ts';
import { createFastDraw } from './fair-draw.ts';
import type { Draw } from './game.ts';
import { WHEEL_DEFAULT_OPTIONS } from './wheel.ts';

/** Options a round of each game can take (slots take none). */
const OPTIONS: Record<string, unknown[]> = {
  DICE: [DICE_DEFAULT_OPTIONS, { target: 2, direction: 'under' }, { target: 99, direction: 'over' }],
  COINFLIP: [{ side: 'heads' }, { side: 'tails' }],
  WHEEL: [WHEEL_DEFAULT_OPTIONS, { risk: 'medium' }, { risk: 'high' }],
};

/** Records the draws another Draw gives, to replay them exactly. */
function recording(inner: Draw) {
  const values: number[] = [];
  return {
    values,
    draw: { int: (max: number) => values[values.push(inner.int(max)) - 1]! } satisfies Draw,
  };
}
function replaying(values: number[]): Draw {
  let at = 0;
  return { int: () => values[at++]! };
}

describe('in-house catalogue', () => {
  const codes = Object.keys(IN_HOUSE_MATHS);

  it('lists six games with display metadata for each, under their codes', () => {
    expect(codes.sort()).toEqual(['CASCADE', 'COINFLIP', 'DICE', 'JUNGLE', 'SEVENS', 'WHEEL']);
    expect(Object.keys(IN_HOUSE_GAMES).sort()).toEqual(codes.sort());
    for (const code of codes) {
      expect(IN_HOUSE_MATHS[code]!.code).toBe(code);
      expect(IN_HOUSE_GAMES[code]!.kind).toBe(IN_HOUSE_MATHS[code]!.kind);
    }
    for (const info of Object.values(IN_HOUSE_GAMES).filter((g) => g.kind === 'slot')) {
      expect(info.symbols?.length).toBeGreaterThan(4);
      for (const line of info.paylines ?? []) expect(line).toHaveLength(info.reels!);
    }
  });

  it('declares RTPs that match their exact fractions, slots between 94 % and 97.5 % and all different', () => {
    const slotRtps = new Set<number>();
    for (const game of Object.values(IN_HOUSE_MATHS)) {
      expect(game.rtp).toBeCloseTo(Fraction.parse(game.rtpExact).toNumber(), 12);
      expect(game.hitRate).toBeGreaterThan(0);
      expect(game.hitRate).toBeLessThan(1);
      if (game.kind === 'slot') {
        expect(game.rtp).toBeGreaterThanOrEqual(0.94);
        expect(game.rtp).toBeLessThanOrEqual(0.975);
        slotRtps.add(game.rtp);
      }
    }
    expect(slotRtps.size).toBe(3);
  });

  it('takes ascending stakes in which every paytable entry is a whole number of minor units', () => {
    for (const game of Object.values(IN_HOUSE_MATHS)) {
      expect([...game.stakes].sort((a, b) => a - b)).toEqual(game.stakes);
      // Slots pay whole multiples of a tenth (or a fifth) of the stake; instants two-decimal multipliers.
      const unit = game.kind === 'slot' ? 10 : 100;
      for (const stake of game.stakes) expect(stake % unit).toBe(0);
    }
  });

  for (const code of ['SEVENS', 'JUNGLE', 'CASCADE', 'DICE', 'COINFLIP', 'WHEEL']) {
    it(`${code}: wins are whole, never negative, within the largest win, scale with the stake and replay exactly`, () => {
      const game = IN_HOUSE_MATHS[code]!;
      const source = createFastDraw(code.length * 7919);
      const optionSets = OPTIONS[code] ?? [undefined];
      const smallest = game.stakes[0]!;
      for (let i = 0; i < 3000; i++) {
        const options = game.parseOptions(optionSets[i % optionSets.length]);
        const stake = game.stakes[i % game.stakes.length]!;
        const rec = recording(source);
        const outcome = game.play(rec.draw, stake, options);
        expect(Number.isSafeInteger(outcome.win)).toBe(true);
        expect(outcome.win).toBeGreaterThanOrEqual(0);
        expect(outcome.win).toBeLessThanOrEqual(game.maxMultiplier * stake);
        // Same draws → same outcome, and JSON carries all of it.
        const again = game.play(replaying(rec.values), stake, options);
        expect(again).toEqual(outcome);
        expect(JSON.parse(JSON.stringify(outcome))).toEqual(again);
        // Wins are linear in the stake: the smallest stake's win, scaled, in whole minor units.
        const small = game.play(replaying(rec.values), smallest, options);
        expect(small.win * (stake / smallest)).toBe(outcome.win);
      }
    });
  }
});
