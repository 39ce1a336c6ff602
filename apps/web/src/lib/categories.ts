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
  ESPORTS: '/m/sport-games',
  PVP: '/m/poker-games',
  LOTT: '/m/lott',
  ELOTT: '/m/elott',
  INHOUSE: '/m/inHouse',
  BINGO: '/m/slot-games',
};

/** Order used until the server's vendor sorting is known. */
const DEFAULT_ORDER = ['RNG', 'LIVE', 'FISH', 'SPORTS', 'PVP', 'LOTT', 'ELOTT', 'INHOUSE'];

interface VendorGameType {
  gameType: string;
}

/**
 * Game categories in the server's order (vendor game types), falling back to the default order
 * while the catalogue is unavailable.
 */
export function useGameCategories(): string[] {
  const language = useContentLanguage();
  const { data } = useQuery({
    queryKey: ['vendor-game-types', language],
    queryFn: () => apiFetch<VendorGameType[]>('/wps/relay/GCSGAME_getVassGameType?typeId=1'),
    staleTime: 60_000,
    retry: false,
  });
  const fromServer = Array.isArray(data)
    ? [...new Set(data.map((d) => d.gameType))].filter((type) => type in CATEGORY_ROUTES)
    : [];
  return fromServer.length > 0 ? fromServer : DEFAULT_ORDER;
}
