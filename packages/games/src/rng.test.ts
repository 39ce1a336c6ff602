import { describe, expect, it } from 'vitest';
import { commitSeed, fairInts, newServerSeed, secureInt } from './rng.ts';

describe('rng', () => {
  it('draws secure integers inside the range', () => {
    for (let i = 0; i < 1000; i++) {
      const v = secureInt(7);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(7);
    }
  });

  it('replays provably-fair draws from the revealed seed and matches the commitment', () => {
    const seed = newServerSeed();
    const commitment = commitSeed(seed);
    const a = fairInts(seed, 'player-seed', 5, 20, 37);
    expect(fairInts(seed, 'player-seed', 5, 20, 37)).toEqual(a);
    expect(fairInts(seed, 'player-seed', 6, 20, 37)).not.toEqual(a);
    expect(commitSeed(seed)).toBe(commitment);
    expect(a.every((v) => v >= 0 && v < 37)).toBe(true);
  });

  it('is close to uniform over many draws', () => {
    const seed = 'fixed-seed-for-a-repeatable-check';
    const counts = new Array(6).fill(0);
    for (const v of fairInts(seed, 'c', 1, 60_000, 6)) counts[v]++;
    // Chi-square with 5 degrees of freedom; 20.5 is the 0.1% critical value.
    const chi = counts.reduce((s, c) => s + (c - 10_000) ** 2 / 10_000, 0);
    expect(chi).toBeLessThan(20.5);
  });
});
