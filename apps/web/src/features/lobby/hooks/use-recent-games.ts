import type { Game } from '@playhouse/contract/games';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useContentLanguage } from '../../../i18n/use-content-language.ts';
import { apiFetch } from '../../../lib/api.ts';
import { nextPageOf } from '../../../lib/game-filter.ts';
import { useSession } from '../../../session/session.ts';
import { LOBBY } from '../lobby-constants.ts';
import { languageParam, withQuery } from '../../../lib/query-string.ts';

interface RecentList {
  list: (Game & { playedAt: number })[];
  pageNum: number;
  totalPages: number;
  totalCount: number;
}

export const RECENT_KEY = ['lobby', 'recent'] as const;

/** The member's recently played games, 36 a page (MCSFE_getRecentGames). */
export function useRecentGames(options: { gameType: string; vendor: string }, enabled: boolean) {
  const session = useSession();
  const language = useContentLanguage();
  const gameType = options.gameType === 'BINGO' ? 'RNG' : options.gameType || 'ALL';
  return useInfiniteQuery({
    queryKey: [...RECENT_KEY, session?.userName ?? '', language, gameType, options.vendor],
    queryFn: ({ pageParam }) =>
      apiFetch<RecentList>(
        withQuery('/wps/relay/MCSFE_getRecentGames', {
          page: pageParam,
          pageSize: LOBBY.pageSize,
          gameType,
          vendor: options.vendor,
          language: languageParam(language),
          clientType: '2',
        }),
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPageOf(last.pageNum, last.totalPages),
    enabled: enabled && Boolean(session),
    retry: false,
  });
}
