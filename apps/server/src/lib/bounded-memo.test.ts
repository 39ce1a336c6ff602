import { describe, expect, it } from 'vitest';
import { boundedMemo } from './bounded-memo.ts';

describe('boundedMemo', () => {
  it('remembers values until it is full, then drops the oldest key first', () => {
    const memo = boundedMemo<string, number>(3);
    memo.set('a', 1);
    memo.set('b', 2);
    memo.set('c', 3);
    expect([memo.get('a'), memo.get('b'), memo.get('c'), memo.size]).toEqual([1, 2, 3, 3]);
    memo.set('d', 4);
    expect(memo.size).toBe(3);
    expect(memo.get('a')).toBeUndefined();
    expect([memo.get('b'), memo.get('c'), memo.get('d')]).toEqual([2, 3, 4]);
  });

  it('replaces the value of a key it holds without dropping another', () => {
    const memo = boundedMemo<string, number>(2);
    memo.set('a', 1);
    memo.set('b', 2);
    memo.set('a', 10);
    expect([memo.get('a'), memo.get('b'), memo.size]).toEqual([10, 2, 2]);
  });

  it('forgets a key it is told to drop', () => {
    const memo = boundedMemo<string, number>(2);
    memo.set('a', 1);
    memo.set('b', 2);
    memo.delete('a');
    expect([memo.get('a'), memo.get('b'), memo.size]).toEqual([undefined, 2, 1]);
  });

  it('never grows beyond its limit', () => {
    const memo = boundedMemo<number, number>(50);
    for (let i = 0; i < 10_000; i++) {
      memo.set(i, i * 2);
      expect(memo.size).toBeLessThanOrEqual(50);
    }
    expect(memo.get(9_999)).toBe(19_998);
    expect(memo.get(9_949)).toBeUndefined();
  });

  it('needs room for one entry', () => {
    expect(() => boundedMemo(0)).toThrow(RangeError);
    expect(() => boundedMemo(Number.NaN)).toThrow(RangeError);
  });
});
