import type { DataType, FilterChange } from '../../lib/game-filter.ts';
import { LIST_ROUTE_TYPES } from './lobby-constants.ts';

/**
 * The three list screens of spec §2: PVP, sports, RNG and fish (and a provider's own list) share the
 * vendor list screen; live, lottery and e-lottery share the game-centre screen; search, favourites
 * and hot games share the search screen.
 */
export type ListScreen = 'vendor' | 'centre' | 'search';

const CENTRE_PATHS = new Set(['/m/gameCenter', '/m/live-games', '/m/lott', '/m/elott']);
const SEARCH_PATHS: Record<string, DataType> = {
  '/m/search-games': 'ALL',
  '/m/fav-games': 'FAV',
  '/m/hot-games': 'HOT',
  '/m/recent-games': 'RECENT',
};

/** List routes that are the member's own: a guest is asked to log in. */
export const MEMBER_LIST_PATHS: ReadonlySet<string> = new Set(['/m/fav-games', '/m/recent-games']);
const CENTRE_TYPES = new Set(['LIVE', 'LOTT', 'ELOTT']);

export function listScreenOf(pathname: string): ListScreen {
  if (pathname in SEARCH_PATHS) return 'search';
  if (CENTRE_PATHS.has(pathname)) return 'centre';
  return 'vendor';
}

/** The data type the search screen lists, from its path (search: all, favourites, hot). */
export function searchDataTypeOf(pathname: string): DataType {
  return SEARCH_PATHS[pathname] ?? 'ALL';
}

/** Whether a game type's lists are game-centre screens (live, lottery, e-lottery). */
export function isCentreType(gameType: string): boolean {
  return CENTRE_TYPES.has(gameType);
}

/**
 * The filter a list route implies when it opens (spec §2: the path and query decide).
 * `currentType` is the type on screen now: the same category keeps its vendor and classification.
 */
export function routeChange(pathname: string, query: URLSearchParams, currentType: string): FilterChange {
  const gameType = query.get('gameType') ?? '';
  if (pathname === '/m/provider') {
    const vassalage = query.get('vassalage') ?? '';
    return vassalage ? { vassalage, ...(gameType ? { gameType } : {}) } : {};
  }
  if (pathname in SEARCH_PATHS) {
    const dataType = searchDataTypeOf(pathname);
    const category = dataType === 'ALL' ? 'SEARCH' : dataType;
    return { dataType, category, ...(gameType ? { gameType } : {}) };
  }
  const routeType = LIST_ROUTE_TYPES[pathname];
  if (!routeType) return {};
  return currentType === routeType ? {} : { gameType: routeType, vassalage: '', classification: '' };
}

/** The type a screen's links and banners are about: BINGO lists are RNG lists (spec §2). */
export function listTypeOf(gameType: string): string {
  return gameType === 'BINGO' ? 'RNG' : gameType;
}

/** The search route of a list, keeping its game type (spec §2 vendor list screen). */
export function searchRouteOf(gameType: string): string {
  const type = listTypeOf(gameType);
  return type && type !== 'ALL' ? `/m/search-games?gameType=${encodeURIComponent(type)}` : '/m/search-games';
}

/** The favourites ('my collection') route of a list, keeping its game type. */
export function favouritesRouteOf(gameType: string): string {
  const type = listTypeOf(gameType);
  return type && type !== 'ALL' ? `/m/fav-games?gameType=${encodeURIComponent(type)}` : '/m/fav-games';
}

/** Banner group suffix of each game type (groups are m_{type}_{language}). */
const BANNER_TYPE: Record<string, string> = {
  RNG: 'rng',
  BINGO: 'rng',
  SPORTS: 'sports',
  PVP: 'pvp',
  LIVE: 'live',
  FISH: 'fish',
  LOTT: 'lott',
  ELOTT: 'elott',
};

/**
 * Whether a banner group belongs to a game type's screens in a language: `m_rng_EN` for RNG in
 * English. The client-only pseudo-locale takes whatever language the server answered with.
 */
export function isTypeBanner(groupName: string, gameType: string, language: string): boolean {
  const type = BANNER_TYPE[gameType];
  if (!type) return false;
  const group = groupName.toLowerCase();
  if (language === 'PSEUDO') return group.startsWith(`m_${type}_`);
  return group === `m_${type}_${language.toLowerCase()}`;
}

/**
 * The category a vendor's own list shows when the route names only the vendor: its first category
 * in lobby order (BINGO lists are RNG lists), or undefined while the vendor is unknown.
 */
export function vendorCategoryOf(
  categories: readonly { gameCategory: string; vendors: readonly { vassalage: string }[] }[] | undefined,
  vassalage: string,
): string | undefined {
  const category = categories?.find((c) => c.vendors.some((v) => v.vassalage === vassalage))?.gameCategory;
  return category === undefined ? undefined : listTypeOf(category);
}
