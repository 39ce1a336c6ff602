import { beforeEach, describe, expect, it } from 'vitest';
import { getGameFilter, INITIAL_FILTER, resetGameFilter, updateGameFilter } from './game-filter.ts';

describe('game filter rules', () => {
  beforeEach(() => resetGameFilter());

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
