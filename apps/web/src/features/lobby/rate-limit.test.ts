import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce, realClock, throttle } from './rate-limit.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('debounce', () => {
  it('runs once with the last value after a 500 ms pause', () => {
    const seen: string[] = [];
    const search = debounce((q: string) => seen.push(q), 500, realClock);
    search('d');
    vi.advanceTimersByTime(300);
    search('dr');
    vi.advanceTimersByTime(300);
    search('dragon');
    vi.advanceTimersByTime(499);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['dragon']);
  });
  it('can be cancelled', () => {
    const seen: string[] = [];
    const search = debounce((q: string) => seen.push(q), 250, realClock);
    search('x');
    search.cancel();
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual([]);
  });
});

describe('throttle', () => {
  it('lets one load-more through per 1000 ms', () => {
    let loads = 0;
    const loadMore = throttle(() => loads++, 1000, realClock);
    expect(loadMore()).toBe(true);
    expect(loadMore()).toBe(false);
    vi.advanceTimersByTime(999);
    expect(loadMore()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(loadMore()).toBe(true);
    expect(loads).toBe(2);
  });
});
