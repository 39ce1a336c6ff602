import { describe, expect, it } from 'vitest';
import { createTranslator } from '@playhouse/i18n/node-catalogue';
import { spinResult } from './demo-html.ts';
import { landOn, STRIP } from './demo-game.ts';

const t = createTranslator('lobby');

describe("Lucky Reels' result line: a loss is never shown as a win", () => {
  it('a spin returning less than its stake is a loss with the amount returned, no win styling', () => {
    const result = spinResult(t, 'EN', 500, 400);
    expect(result.win).toBe(false);
    expect(result.text).toBe('Returned 4.00 of 5.00');
    expect(spinResult(t, 'EN', 500, 0)).toMatchObject({ win: false, text: 'No win this time' });
    expect(spinResult(t, 'EN', 500, 500).win).toBe(false);
    expect(spinResult(t, 'AR', 500, 400).text).not.toBe(result.text);
  });

  it('a spin returning more than its stake is a win', () => {
    const cherry = STRIP.indexOf('CHERRY');
    const lemon = STRIP.indexOf('LEMON');
    const two = landOn([cherry, cherry, lemon]).multiplier;
    const result = spinResult(t, 'EN', 500, 500 * two);
    expect(result).toMatchObject({ win: true, outcome: 'win', text: 'You win 10.00!' });
  });
});
