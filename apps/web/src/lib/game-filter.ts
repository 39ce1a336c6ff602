import { useSyncExternalStore } from 'react';

export type DataType = 'ALL' | 'FAV' | 'HOT' | 'RECENT';
export type Category = 'ALL' | 'FAV' | 'HOT' | 'RECENT' | 'NEW' | 'SEARCH';

/** Game filter state shared by the lobby screens (spec §4). */
export interface GameFilter {
  gameType: string;
  vassalage: string;
  classification: string;
  dataType: DataType;
  category: Category;
  searchName: string;
}

export const INITIAL_FILTER: GameFilter = {
  gameType: 'ALL',
  vassalage: '',
  classification: '',
  dataType: 'ALL',
  category: 'HOT',
  searchName: '',
};

let state: GameFilter = INITIAL_FILTER;
const listeners = new Set<() => void>();

export function getGameFilter(): GameFilter {
  return state;
}

/**
 * Applies a filter change with the spec's rules: choosing a vendor or searching switches the data
 * type to all; searching or changing the data type clears the classification.
 */
export function updateGameFilter(change: Partial<GameFilter>): void {
  const next = { ...state, ...change };
  if ('vassalage' in change || 'searchName' in change) next.dataType = change.dataType ?? 'ALL';
  if (('searchName' in change || 'dataType' in change) && !('classification' in change)) {
    next.classification = '';
  }
  state = next;
  listeners.forEach((l) => l());
}

/** The logo's reset: all types, no vendor, category HOT. */
export function resetGameFilter(): void {
  state = INITIAL_FILTER;
  listeners.forEach((l) => l());
}

export function useGameFilter(): GameFilter {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getGameFilter,
    getGameFilter,
  );
}
