import type { Game } from '@playhouse/contract/games';
import { useQuery } from '@tanstack/react-query';
import { useContentLanguage } from '../../../i18n/use-content-language.ts';
import { apiFetch } from '../../../lib/api.ts';
import { languageParam, withQuery } from './query-string.ts';

/** The hot list (GCSGAME_hotGamesV2); screens filter it by type and name. Reloads with the language. */
export function useHotGames() {
  const language = useContentLanguage();
  return useQuery({
    queryKey: ['lobby', 'hot-games', language],
    queryFn: () =>
      apiFetch<{ games: Game[] }>(
        withQuery('/wps/relay/GCSGAME_hotGamesV2', {
          isPlatform: '2',
          platform: 'html5',
          language: languageParam(language),
        }),
      ),
    staleTime: 60_000,
    retry: false,
  });
}
