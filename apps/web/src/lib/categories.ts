import { GAME_CATEGORIES } from '@playhouse/contract/game-categories';
import type { Vendor } from '@playhouse/contract/games';
import { useQuery } from '@tanstack/react-query';
import { useContentLanguage } from '../i18n/use-content-language.ts';
import { apiFetch } from './api.ts';

/** Game categories (spec §3 game types) and the list route each opens. */
export const CATEGORY_ROUTES: Record<string, string> = {
  HOT: '/m/hot-games',
  RNG: '/m/slot-games',
  LIVE: '/m/live-games',
  FISH: '/m/fishing-games',
  SPORTS: '/m/sport-games',
  ESPORTS: '/m/esports-games',
  COCKFIGHT: '/m/cockfight-games',
  PVP: '/m/poker-games',
  LOTT: '/m/lott',
  ELOTT: '/m/elott',
  INHOUSE: '/m/inHouse',
  BINGO: '/m/bingo',
};

/**
 * Order used until the server's answer is known: the lobby order the server lists categories in
 * (GAME_CATEGORIES), so the bar never reorders itself when the answer comes (issue 17); at most a
 * category without games drops out.
 */
const DEFAULT_ORDER = GAME_CATEGORIES.filter((type) => type in CATEGORY_ROUTES);

/** The vendor catalogue answer (GCSGAME_getVassGameType): categories in server order, with vendors. */
export interface VendorGameTypes {
  categories: { gameCategory: string; gameCount: number; vendors: Vendor[] }[];
}

export const vendorGameTypesKey = (language: string) => ['vendor-game-types', language];

export function fetchVendorGameTypes(language: string): Promise<VendorGameTypes> {
  // The pseudo-locale is the client's own: the server answers it in the default language.
  const query = language === 'PSEUDO' ? '' : `&language=${encodeURIComponent(language)}`;
  return apiFetch<VendorGameTypes>(`/wps/relay/GCSGAME_getVassGameType?typeId=1${query}`);
}

/**
 * The name of a provider (vendor code) as the lobby shows it, or undefined while unknown or for
 * no provider. Shares the vendor catalogue answer with the lobby's screens.
 */
export function useVendorName(vassalage: string | undefined): string | undefined {
  const language = useContentLanguage();
  const { data } = useQuery({
    queryKey: vendorGameTypesKey(language),
    queryFn: () => fetchVendorGameTypes(language),
    staleTime: 60_000,
    retry: false,
    enabled: Boolean(vassalage),
  });
  if (!vassalage) return undefined;
  for (const category of data?.categories ?? [])
    for (const vendor of category.vendors) if (vendor.vassalage === vassalage) return vendor.displayName;
  return undefined;
}

/**
 * Game categories in the server's order (vendor game types), falling back to the default order
 * while the catalogue is unavailable.
 */
export function useGameCategories(): string[] {
  const language = useContentLanguage();
  const { data } = useQuery({
    queryKey: vendorGameTypesKey(language),
    queryFn: () => fetchVendorGameTypes(language),
    staleTime: 60_000,
    retry: false,
  });
  const fromServer = Array.isArray(data?.categories)
    ? data.categories.map((d) => d.gameCategory).filter((type) => type in CATEGORY_ROUTES)
    : [];
  return fromServer.length > 0 ? fromServer : [...DEFAULT_ORDER];
}
