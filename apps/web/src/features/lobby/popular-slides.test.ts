import { describe, expect, it } from 'vitest';
import { popularSlides } from './popular-slides.ts';

describe('popular grid slides', () => {
  it('shows 3 per slide under 6 games', () => {
    expect(popularSlides([1, 2, 3, 4, 5])).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(popularSlides([1, 2])).toEqual([[1, 2]]);
  });
  it('shows 6 per slide from 6 games on', () => {
    expect(popularSlides([1, 2, 3, 4, 5, 6])).toEqual([[1, 2, 3, 4, 5, 6]]);
    const thirteen = Array.from({ length: 13 }, (_, i) => i);
    expect(popularSlides(thirteen).map((s) => s.length)).toEqual([6, 6, 1]);
  });
  it('has no slide without games', () => {
    expect(popularSlides([])).toEqual([]);
  });
});
