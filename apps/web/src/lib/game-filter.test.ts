import { beforeEach, describe, expect, it } from 'vitest';
import {
  applyFilterChange,
  applyPageLoaded,
  filterKey,
  getGameFilter,
  INITIAL_FILTER,
  isFilterApplied,
  nextPageOf,
  resetGameFilter,
  updateGameFilter,
} from './game-filter.ts';

describe('game filter rules', () => {
  beforeEach(() => resetGameFilter());

  it('tells whether a change is already in effect', () => {
    expect(isFilterApplied(INITIAL_FILTER, {})).toBe(true);
    expect(isFilterApplied(INITIAL_FILTER, { vassalage: 'JILI' })).toBe(false);
    const jili = applyFilterChange(INITIAL_FILTER, { vassalage: 'JILI', gameType: 'RNG' });
    expect(isFilterApplied(jili, { vassalage: 'JILI' })).toBe(true);
    // The category alone does not change what is listed.
    expect(isFilterApplied(jili, { category: 'ALL' })).toBe(true);
    // Choosing the same vendor from a favourites view switches back to all games: not in effect.
    const favourites = applyFilterChange(jili, { dataType: 'FAV' });
    expect(isFilterApplied(favourites, { vassalage: 'JILI' })).toBe(false);
  });

  it('switches to all games when a vendor is chosen', () => {
    updateGameFilter({ dataType: 'FAV' });
    updateGameFilter({ vassalage: 'JILI' });
    expect(getGameFilter()).toMatchObject({ vassalage: 'JILI', dataType: 'ALL' });
  });
  it('clears the classification when searching or changing data type', () => {
    updateGameFilter({ classification: 'BG' });
    updateGameFilter({ searchName: 'dragon' });
    expect(getGameFilter()).toMatchObject({ classification: '', dataType: 'ALL', searchName: 'dragon' });
    updateGameFilter({ classification: 'BG' });
    updateGameFilter({ dataType: 'HOT' });
    expect(getGameFilter().classification).toBe('');
  });
  it('keeps the classification on a vendor change', () => {
    updateGameFilter({ classification: 'BG', vassalage: 'FC' });
    expect(getGameFilter().classification).toBe('BG');
  });
  it('resets to all types, no vendor, category HOT', () => {
    updateGameFilter({ gameType: 'RNG', vassalage: 'JILI', category: 'SEARCH' });
    resetGameFilter();
    expect(getGameFilter()).toEqual(INITIAL_FILTER);
  });
});

describe('game filter paging', () => {
  const loaded = applyPageLoaded(applyFilterChange(INITIAL_FILTER, { gameType: 'RNG' }), 3, 5);

  it('has more while the page is below the page count', () => {
    expect(loaded).toMatchObject({ page: 3, totalPages: 5, hasMore: true });
    expect(applyPageLoaded(loaded, 5, 5).hasMore).toBe(false);
    expect(applyPageLoaded(loaded, 1, 0).hasMore).toBe(false);
    expect(nextPageOf(3, 5)).toBe(4);
    expect(nextPageOf(5, 5)).toBeUndefined();
  });
  it('starts over at page 1 on any filter change', () => {
    for (const change of [
      { gameType: 'FISH' },
      { vassalage: 'JILI' },
      { classification: 'BG' },
      { dataType: 'HOT' as const },
      { searchName: 'fortune' },
    ]) {
      expect(applyFilterChange(loaded, change)).toMatchObject({ page: 1, totalPages: 0, hasMore: false });
    }
  });
  it('keeps the paging when nothing listed changes', () => {
    expect(applyFilterChange(loaded, { gameType: 'RNG' })).toMatchObject({ page: 3, hasMore: true });
    expect(applyFilterChange(loaded, { category: 'NEW' })).toMatchObject({ page: 3, category: 'NEW' });
  });
  it('keys list queries on the listed fields only', () => {
    expect(filterKey(loaded)).toEqual(filterKey(applyPageLoaded(loaded, 4, 5)));
    expect(filterKey(loaded)).not.toEqual(filterKey(applyFilterChange(loaded, { searchName: 'x' })));
  });
});
