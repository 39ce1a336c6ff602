import { describe, expect, it } from 'vitest';
import { COINFLIP } from './coinflip.ts';
import { DICE, DICE_DEFAULT_OPTIONS, diceRtp, type DiceOptions } from './dice.ts';
import { exactExpectation, Fraction } from './exact.ts';
import { WHEEL, WHEEL_DEFAULT_OPTIONS, WHEEL_SEGMENTS, wheelRtp, type WheelRisk } from './wheel.ts';

const fraction = ({ num, den }: { num: bigint; den: bigint }) => new Fraction(num, den);

/** Every dice bet a player can place. */
const DICE_OPTIONS: DiceOptions[] = [
  ...Array.from({ length: 95 }, (_, i) => ({ target: i + 2, direction: 'under' as const })),
  ...Array.from({ length: 95 }, (_, i) => ({ target: i + 5, direction: 'over' as const })),
];

describe('Dice maths', () => {
  it('pays exactly diceRtp for every target and direction, over all 100 rolls', () => {
    let worst: Fraction | null = null;
    for (const options of DICE_OPTIONS) {
      const exact = exactExpectation((draw) => DICE.play(draw, 100, options).win);
      const rtp = exact.mean.div(100);
      expect(rtp.equals(fraction(diceRtp(options)))).toBe(true);
      expect(rtp.compare(new Fraction(97, 100))).toBeLessThanOrEqual(0);
      if (!worst || rtp.compare(worst) < 0) worst = rtp;
    }
    // The declared RTP is the worst bet's.
    expect(worst!.toJSON()).toEqual(DICE.rtpExact);
    expect(DICE.rtp).toBe(worst!.toNumber());
  });

  it('declares the default bet’s hit rate and the largest multiplier', () => {
    const exact = exactExpectation((draw) => DICE.play(draw, 100, DICE_DEFAULT_OPTIONS).win);
    expect(exact.positive.toNumber()).toBe(DICE.hitRate);
    const top = Math.max(...DICE_OPTIONS.map((o) => exactExpectation((d) => DICE.play(d, 100, o).win).max));
    expect(top).toBe(DICE.maxMultiplier * 100);
  });

  it('rolls 1–100 and wins under or over the target as chosen', () => {
    expect(DICE.play({ int: () => 48 }, 100, { target: 50, direction: 'under' }).result).toEqual({
      roll: 49,
      target: 50,
      direction: 'under',
      chance: 49,
      multiplier: 1.97,
      won: true,
    });
    expect(DICE.play({ int: () => 49 }, 100, { target: 50, direction: 'under' }).win).toBe(0);
    expect(DICE.play({ int: () => 50 }, 200, { target: 50, direction: 'over' }).win).toBe(388);
  });

  it('refuses options outside the bets on offer', () => {
    for (const bad of [
      undefined,
      null,
      [],
      { target: 1, direction: 'under' },
      { target: 97, direction: 'under' },
      { target: 4, direction: 'over' },
      { target: 100, direction: 'over' },
      { target: 50.5, direction: 'over' },
      { target: '50', direction: 'over' },
      { target: 50, direction: 'sideways' },
    ])
      expect(() => DICE.parseOptions(bad)).toThrow(RangeError);
    expect(DICE.parseOptions({ target: 96, direction: 'under', extra: 1 })).toEqual({
      target: 96,
      direction: 'under',
    });
  });
});

describe('Coin flip maths', () => {
  it('returns exactly 97 % and hits half the time whichever side is called', () => {
    for (const side of ['heads', 'tails'] as const) {
      const exact = exactExpectation((draw) => COINFLIP.play(draw, 100, { side }).win);
      expect(exact.mean.div(100).toJSON()).toEqual(COINFLIP.rtpExact);
      expect(exact.positive.toNumber()).toBe(COINFLIP.hitRate);
      expect(exact.max).toBe(COINFLIP.maxMultiplier * 100);
    }
    expect(COINFLIP.rtp).toBe(0.97);
    expect(() => COINFLIP.parseOptions({ side: 'edge' })).toThrow(RangeError);
  });
});

describe('Wheel maths', () => {
  it('has twenty segments per wheel and pays exactly wheelRtp; the declared RTP is the worst wheel', () => {
    let worst: Fraction | null = null;
    for (const risk of ['low', 'medium', 'high'] as WheelRisk[]) {
      expect(WHEEL_SEGMENTS[risk]).toHaveLength(20);
      const exact = exactExpectation((draw) => WHEEL.play(draw, 100, { risk }).win);
      const rtp = exact.mean.div(100);
      expect(rtp.equals(fraction(wheelRtp({ risk })))).toBe(true);
      if (!worst || rtp.compare(worst) < 0) worst = rtp;
      expect(exact.max).toBeLessThanOrEqual(WHEEL.maxMultiplier * 100);
    }
    expect(worst!.toJSON()).toEqual(WHEEL.rtpExact);
    expect(WHEEL.rtp).toBe(worst!.toNumber());
    expect(fraction(wheelRtp({ risk: 'low' })).equals(new Fraction(96, 100))).toBe(true);
    const low = exactExpectation((draw) => WHEEL.play(draw, 100, WHEEL_DEFAULT_OPTIONS).win);
    expect(low.positive.toNumber()).toBe(WHEEL.hitRate);
    expect(Math.max(...Object.values(WHEEL_SEGMENTS).flat())).toBe(WHEEL.maxMultiplier * 100);
    expect(() => WHEEL.parseOptions({ risk: 'extreme' })).toThrow(RangeError);
  });
});
