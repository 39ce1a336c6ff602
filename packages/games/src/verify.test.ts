import { describe, expect, it } from 'vitest';
import { IN_HOUSE_MATHS } from './catalogue.ts';
import { commitSeed, createFairDraw, newServerSeed } from './fair-draw.ts';
import { checkCommitment, replayRound } from './verify.ts';

describe('round verification', () => {
  it('replays a round from its revealed seeds to the very outcome the fair draw gave', () => {
    const serverSeed = newServerSeed();
    for (const [gameCode, options] of [
      ['JUNGLE', undefined],
      ['CASCADE', {}],
      ['SEVENS', null],
      ['DICE', { target: 30, direction: 'under' }],
      ['COINFLIP', { side: 'tails' }],
      ['WHEEL', { risk: 'high' }],
    ] as const) {
      const game = IN_HOUSE_MATHS[gameCode]!;
      for (let nonce = 0; nonce < 20; nonce++) {
        const played = game.play(
          createFairDraw({ serverSeed, clientSeed: 'mine', nonce }),
          1000,
          game.parseOptions(options),
        );
        expect(
          replayRound({ gameCode, serverSeed, clientSeed: 'mine', nonce, stake: 1000, options }),
        ).toEqual(played);
      }
    }
    const a = replayRound({ gameCode: 'JUNGLE', serverSeed, clientSeed: 'mine', nonce: 1, stake: 100 });
    const b = replayRound({ gameCode: 'JUNGLE', serverSeed, clientSeed: 'yours', nonce: 1, stake: 100 });
    expect(a.result).not.toEqual(b.result);
  });

  it('refuses an unknown game, a stake the game does not take and options it refuses', () => {
    const base = { serverSeed: 's', clientSeed: 'c', nonce: 0 };
    expect(() => replayRound({ ...base, gameCode: 'NOPE', stake: 100 })).toThrow(RangeError);
    expect(() => replayRound({ ...base, gameCode: 'toString', stake: 100 })).toThrow(RangeError);
    expect(() => replayRound({ ...base, gameCode: 'SEVENS', stake: 15 })).toThrow(RangeError);
    expect(() =>
      replayRound({ ...base, gameCode: 'DICE', stake: 100, options: { target: 1, direction: 'under' } }),
    ).toThrow(RangeError);
  });

  it('checks a commitment against the revealed seed', () => {
    const seed = newServerSeed();
    const hash = commitSeed(seed);
    expect(checkCommitment(seed, hash)).toBe(true);
    expect(checkCommitment(seed, hash.toUpperCase())).toBe(true);
    expect(checkCommitment(newServerSeed(), hash)).toBe(false);
    expect(checkCommitment(seed, hash.slice(1))).toBe(false);
    expect(checkCommitment(seed, 'zz' + hash.slice(2))).toBe(false);
  });
});
