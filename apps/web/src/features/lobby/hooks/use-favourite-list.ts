import type { Game } from '@playhouse/contract/games';
import { useQuery } from '@tanstack/react-query';
import { useContentLanguage } from '../../../i18n/use-content-language.ts';
import { apiFetch } from '../../../lib/api.ts';
import { useSession } from '../../../session/session.ts';
import { languageParam, withQuery } from '../../../lib/query-string.ts';

export const FAVOURITE_LIST_KEY = ['lobby', 'favourites'] as const;

interface FavouriteList {
  content: Game[];
  pageNum: number;
  pageSize: number;
  totalPages: number;
  totalCount: number;
}

/**
 * The member's favourite games in one page (MCSFE_getFavoriteGamesList): 200 on the search and vendor
 * screens, 100 on home. Guests have none.
 */
export function useFavouriteList(options: {
  gameType?: string;
  vendor?: string;
  pageSize: number;
  /** False while the screen's filter is not settled yet. */
  enabled?: boolean;
}) {
  const session = useSession();
  const language = useContentLanguage();
  const gameType = options.gameType === 'BINGO' ? 'RNG' : options.gameType || 'ALL';
  return useQuery({
    queryKey: [
      ...FAVOURITE_LIST_KEY,
      session?.userName ?? '',
      language,
      gameType,
      options.vendor ?? '',
      options.pageSize,
    ],
    queryFn: () =>
      apiFetch<FavouriteList>(
        withQuery('/wps/relay/MCSFE_getFavoriteGamesList', {
          pageNo: 1,
          pageSize: options.pageSize,
          gameType,
          vendor: options.vendor,
          language: languageParam(language),
        }),
      ),
    enabled: Boolean(session) && options.enabled !== false,
    retry: false,
  });
}
