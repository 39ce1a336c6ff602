import { describe, expect, it } from 'vitest';
import { describeResult, fairnessLink } from './bets.ts';

describe('bet record helpers', () => {
  it('prefills the fairness page with everything a round needs to be recomputed', () => {
    const link = fairnessLink({
      roundId: 'R1',
      gameCode: 'DICE',
      stake: '2.00',
      options: { target: 50, direction: 'over' },
      fairness: { serverSeedHash: 'abc', clientSeed: 'my seed', nonce: 7, serverSeed: null },
    });
    const url = new URL(link, 'http://x');
    expect(url.pathname).toBe('/m/fairness');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      roundId: 'R1',
      game: 'DICE',
      stake: '2.00',
      options: '{"target":50,"direction":"over"}',
      clientSeed: 'my seed',
      nonce: '7',
      serverSeedHash: 'abc',
    });
    const revealed = new URL(
      fairnessLink({
        roundId: 'R2',
        gameCode: 'SEVENS',
        stake: '1.00',
        options: null,
        fairness: { serverSeedHash: 'h', clientSeed: 'c', nonce: 0, serverSeed: 'f'.repeat(64) },
      }),
      'http://x',
    );
    expect(revealed.searchParams.get('serverSeed')).toBe('f'.repeat(64));
    expect(revealed.searchParams.has('options')).toBe(false);
  });

  it('describes the instant games in words and leaves other shapes alone', () => {
    expect(describeResult('DICE', { roll: 73, target: 50, direction: 'over' })).toEqual({
      key: 'bets.result.diceOver',
      values: { roll: 73, target: 50 },
    });
    expect(describeResult('COINFLIP', { side: 'heads', landed: 'tails' })?.key).toBe(
      'bets.result.coin_tails',
    );
    expect(describeResult('WHEEL', { risk: 'low', segment: 4, multiplier: 1.2 })).toEqual({
      key: 'bets.result.wheel',
      values: { multiplier: 1.2, segment: 5 },
    });
    expect(describeResult('BGS-DICE', { roll: 3, target: 10, direction: 'under' })?.key).toBe(
      'bets.result.diceUnder',
    );
    expect(describeResult('JILI_1', null)).toBeUndefined();
    expect(describeResult('DICE', { something: 1 })).toBeUndefined();
  });
});
