import type { RankList } from '@playhouse/contract/games';
import { useQuery } from '@tanstack/react-query';
import { useContentLanguage } from '../../../i18n/use-content-language.ts';
import { apiFetch } from '../../../lib/api.ts';
import { LOBBY } from '../lobby-constants.ts';
import { languageParam, withQuery } from '../../../lib/query-string.ts';

/** Recent real wins for the winner board (GCSGAME_getRankList), refreshed every minute. */
export function useWinners() {
  const language = useContentLanguage();
  return useQuery({
    queryKey: ['lobby', 'winners', language],
    queryFn: () =>
      apiFetch<RankList>(
        withQuery('/wps/relay/GCSGAME_getRankList', {
          gameCategory: 'ALL',
          language: languageParam(language),
          limitNum: LOBBY.winnerLimit,
          imgSize: 'rx2',
        }),
      ),
    refetchInterval: 60_000,
    retry: false,
  });
}
