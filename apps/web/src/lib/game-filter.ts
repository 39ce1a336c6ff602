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
  /** Last page loaded (1-based) and the list's page count; a filter change starts over at page 1. */
  page: number;
  totalPages: number;
  hasMore: boolean;
}

/** The fields that choose which games are listed; paging follows from them. */
export type FilterChange = Partial<
  Pick<GameFilter, 'gameType' | 'vassalage' | 'classification' | 'dataType' | 'category' | 'searchName'>
>;

export const INITIAL_FILTER: GameFilter = {
  gameType: 'ALL',
  vassalage: '',
  classification: '',
  dataType: 'ALL',
  category: 'HOT',
  searchName: '',
  page: 1,
  totalPages: 0,
  hasMore: false,
};

const FILTER_FIELDS = ['gameType', 'vassalage', 'classification', 'dataType', 'searchName'] as const;

/** Whether two filters list the same games. */
const sameListing = (a: GameFilter, b: GameFilter) => FILTER_FIELDS.every((field) => a[field] === b[field]);

/**
 * The spec's rules for a filter change, as a pure function: choosing a vendor or searching switches
 * the data type to all; searching or changing the data type clears the classification; any change of
 * what is listed starts over at page 1 with nothing loaded.
 */
export function applyFilterChange(state: GameFilter, change: FilterChange): GameFilter {
  const next = { ...state, ...change };
  if ('vassalage' in change || 'searchName' in change) next.dataType = change.dataType ?? 'ALL';
  if (('searchName' in change || 'dataType' in change) && !('classification' in change)) {
    next.classification = '';
  }
  if (!sameListing(next, state)) {
    next.page = 1;
    next.totalPages = 0;
    next.hasMore = false;
  }
  return next;
}

/** Whether `change` is already in effect: applying it would not change what is listed. */
export function isFilterApplied(state: GameFilter, change: FilterChange): boolean {
  return sameListing(applyFilterChange(state, change), state);
}

/** Paging after a page arrives: hasMore while the page is below the page count. */
export function applyPageLoaded(state: GameFilter, pageNum: number, totalPages: number): GameFilter {
  return { ...state, page: pageNum, totalPages, hasMore: pageNum < totalPages };
}

/** The page to ask for next, or undefined at the end (TanStack's getNextPageParam shape). */
export function nextPageOf(pageNum: number, totalPages: number): number | undefined {
  return pageNum < totalPages ? pageNum + 1 : undefined;
}

/** The fields a list query is keyed on: a change of any of them reloads from page 1. */
export function filterKey(state: GameFilter): Pick<GameFilter, (typeof FILTER_FIELDS)[number]> {
  return {
    gameType: state.gameType,
    vassalage: state.vassalage,
    classification: state.classification,
    dataType: state.dataType,
    searchName: state.searchName,
  };
}

let state: GameFilter = INITIAL_FILTER;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function getGameFilter(): GameFilter {
  return state;
}

/** Applies a filter change with the spec's rules (see applyFilterChange). */
export function updateGameFilter(change: FilterChange): void {
  const next = applyFilterChange(state, change);
  if (Object.keys(next).every((k) => next[k as keyof GameFilter] === state[k as keyof GameFilter])) return;
  state = next;
  emit();
}

/** Records the paging of the list on screen. */
export function setGamePaging(pageNum: number, totalPages: number): void {
  if (state.page === pageNum && state.totalPages === totalPages) return;
  state = applyPageLoaded(state, pageNum, totalPages);
  emit();
}

/** The logo's reset: all types, no vendor, category HOT. */
export function resetGameFilter(): void {
  state = INITIAL_FILTER;
  emit();
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
