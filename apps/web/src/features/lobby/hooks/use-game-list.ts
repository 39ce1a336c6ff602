import type { GameList } from '@playhouse/contract/games';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useContentLanguage } from '../../../i18n/use-content-language.ts';
import { apiFetch } from '../../../lib/api.ts';
import { nextPageOf } from '../../../lib/game-filter.ts';
import { LOBBY } from '../lobby-constants.ts';
import { languageParam, withQuery } from '../../../lib/query-string.ts';

export const GAME_LIST_KEY = 'game-list';

function fetchGamePage(params: Record<string, string>, pageNo: number, pageSize: number, language: string) {
  return apiFetch<GameList>(
    withQuery('/wps/relay/GCSGAME_gameList', {
      platform: 'html5',
      clientType: '2',
      ...params,
      pageNo,
      pageSize,
      language: languageParam(language),
    }),
  );
}

/** The catalogue, 36 games a page, for infinite scroll (GCSGAME_gameList). */
export function useGameList(params: Record<string, string>, enabled = true) {
  const language = useContentLanguage();
  return useInfiniteQuery({
    queryKey: ['lobby', GAME_LIST_KEY, language, params],
    queryFn: ({ pageParam }) => fetchGamePage(params, pageParam, LOBBY.pageSize, language),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPageOf(last.pageNum, last.totalPages),
    enabled,
    retry: false,
  });
}

/** One page of the catalogue, for a home section. */
export function useGamePage(params: Record<string, string>, pageSize: number, enabled = true) {
  const language = useContentLanguage();
  return useQuery({
    queryKey: ['lobby', GAME_LIST_KEY, language, params, pageSize],
    queryFn: () => fetchGamePage(params, 1, pageSize, language),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}
