import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  commitSeed,
  createFairDraw,
  createFastDraw,
  createSecureDraw,
  fairInts,
  newServerSeed,
  rejectionLimit,
} from './fair-draw.ts';
import type { Draw } from './game.ts';

/** Chi-square statistic of `n` draws of `draw.int(k)` against the uniform distribution. */
function chiSquare(draw: Draw, k: number, n: number): number {
  const counts = new Array<number>(k).fill(0);
  for (let i = 0; i < n; i++) counts[draw.int(k)]!++;
  const expected = n / k;
  return counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
}

/** The raw 32-bit words of the provably-fair stream, computed here from the published recipe. */
function rawWords(serverSeed: string, clientSeed: string, nonce: number, blocks: number): number[] {
  const words: number[] = [];
  for (let cursor = 0; cursor < blocks; cursor++) {
    const block = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${cursor}`).digest();
    for (let i = 0; i < 32; i += 4) words.push(block.readUInt32BE(i));
  }
  return words;
}

describe('provably-fair draw', () => {
  it('replays the same integers from the same seeds and different ones for another nonce or client seed', () => {
    const seed = newServerSeed();
    const a = fairInts(seed, 'player-seed', 5, 50, 37);
    expect(fairInts(seed, 'player-seed', 5, 50, 37)).toEqual(a);
    expect(fairInts(seed, 'player-seed', 6, 50, 37)).not.toEqual(a);
    expect(fairInts(seed, 'other-seed', 5, 50, 37)).not.toEqual(a);
    expect(a.every((v) => Number.isInteger(v) && v >= 0 && v < 37)).toBe(true);
  });

  it('follows the published recipe word for word: HMAC-SHA256(serverSeed, "client:nonce:cursor"), big-endian words', () => {
    const words = rawWords('server-seed', 'client', 9, 4);
    const draw = createFairDraw({ serverSeed: 'server-seed', clientSeed: 'client', nonce: 9 });
    // max 2^32 rejects nothing, so the draw hands out the raw words in order across block edges.
    for (const w of words) expect(draw.int(2 ** 32)).toBe(w);
    expect(draw.blocks).toBe(4);
  });

  it('computes the same HMAC as node:crypto for long server seeds and non-ASCII client seeds', () => {
    const serverSeed = 'k'.repeat(100) + 'é';
    const words = rawWords(serverSeed, 'joueur-ß-日本', 3, 2);
    const draw = createFairDraw({ serverSeed, clientSeed: 'joueur-ß-日本', nonce: 3 });
    for (const w of words) expect(draw.int(2 ** 32)).toBe(w);
    // A client seed too long for the scratch buffer takes the plain Hmac path, with the same answers.
    const long = 'c'.repeat(2000);
    const longDraw = createFairDraw({ serverSeed: 's', clientSeed: long, nonce: 1 });
    for (const w of rawWords('s', long, 1, 2)) expect(longDraw.int(2 ** 32)).toBe(w);
    const short = createFairDraw({ serverSeed: 'k', clientSeed: '', nonce: 0 });
    expect(short.int(2 ** 32)).toBe(rawWords('k', '', 0, 1)[0]);
  });

  it('rejects exactly the words at or above the limit and takes the next word instead', () => {
    const max = 3 * 2 ** 30; // limit 3·2^30: a quarter of all words are thrown away
    expect(rejectionLimit(max)).toBe(3 * 2 ** 30);
    const words = rawWords('boundary', 'c', 1, 8);
    const expected = words.filter((w) => w < 3 * 2 ** 30).map((w) => w % max);
    expect(words.length - expected.length).toBeGreaterThan(0); // the check is not vacuous
    const draw = createFairDraw({ serverSeed: 'boundary', clientSeed: 'c', nonce: 1 });
    expect(Array.from({ length: expected.length }, () => draw.int(max))).toEqual(expected);
    expect(draw.blocks).toBe(8);
  });

  it('computes the rejection limit as the largest multiple of max not above 2^32', () => {
    expect(rejectionLimit(1)).toBe(2 ** 32);
    expect(rejectionLimit(6)).toBe(2 ** 32 - 4); // 2^32 mod 6 = 4
    expect(rejectionLimit(2 ** 31 + 1)).toBe(2 ** 31 + 1);
    expect(rejectionLimit(2 ** 32)).toBe(2 ** 32);
    expect(() => rejectionLimit(0)).toThrow(RangeError);
    expect(() => rejectionLimit(1.5)).toThrow(RangeError);
    expect(() => createFairDraw({ serverSeed: 's', clientSeed: 'c', nonce: -1 })).toThrow(RangeError);
  });

  it('uses one HMAC block for up to eight draws', () => {
    const draw = createFairDraw({ serverSeed: 's', clientSeed: 'c', nonce: 0 });
    for (let i = 0; i < 8; i++) draw.int(2);
    expect(draw.blocks).toBe(1);
    draw.int(2);
    expect(draw.blocks).toBe(2);
  });

  it('is uniform: chi-square of 60,000 draws with a fixed seed is below the 0.1% critical value', () => {
    // 5 degrees of freedom: 20.52; 36 degrees: 67.99.
    expect(
      chiSquare(createFairDraw({ serverSeed: 'fixed', clientSeed: 'c', nonce: 1 }), 6, 60_000),
    ).toBeLessThan(20.52);
    expect(
      chiSquare(createFairDraw({ serverSeed: 'fixed', clientSeed: 'c', nonce: 2 }), 37, 74_000),
    ).toBeLessThan(67.99);
  });

  it('matches the commitment of the revealed seed', () => {
    const seed = newServerSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(commitSeed(seed)).toBe(createHash('sha256').update(seed).digest('hex'));
  });
});

describe('secure draw', () => {
  it('stays in range across buffer refills and covers every value', () => {
    const draw = createSecureDraw();
    const seen = new Set<number>();
    for (let i = 0; i < 5000; i++) {
      const v = draw.int(7);
      expect(v >= 0 && v < 7 && Number.isInteger(v)).toBe(true);
      seen.add(v);
    }
    expect(seen.size).toBe(7);
    expect(() => draw.int(0)).toThrow(RangeError);
  });
});

describe('fast seeded draw', () => {
  it('is repeatable per seed and differs between seeds', () => {
    const run = (seed: number) => {
      const d = createFastDraw(seed);
      return Array.from({ length: 20 }, () => d.int(1000));
    };
    expect(run(42)).toEqual(run(42));
    expect(run(42)).not.toEqual(run(43));
  });

  it('is uniform: chi-square with a fixed seed is below the 0.1% critical value', () => {
    expect(chiSquare(createFastDraw(7), 6, 60_000)).toBeLessThan(20.52);
    expect(chiSquare(createFastDraw(8), 37, 74_000)).toBeLessThan(67.99);
  });
});
