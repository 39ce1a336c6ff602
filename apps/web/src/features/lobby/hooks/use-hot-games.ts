import type { Game } from '@playhouse/contract/games';
import { useQuery } from '@tanstack/react-query';
import { useContentLanguage } from '../../../i18n/use-content-language.ts';
import { apiFetch } from '../../../lib/api.ts';
import { firstScreenAt, firstScreenData } from '../../../lib/first-screen.ts';
import { languageParam, withQuery } from '../../../lib/query-string.ts';

/** The cache key of the hot list in a language. */
export const hotGamesKey = (language: string) => ['lobby', 'hot-games', language] as const;

/**
 * The hot list (GCSGAME_hotGamesV2); screens filter it by type and name. Reloads with the language.
 * Home's page carries it, so the first screen starts from it.
 */
export function useHotGames() {
  const language = useContentLanguage();
  return useQuery({
    queryKey: hotGamesKey(language),
    queryFn: () =>
      apiFetch<{ games: Game[] }>(
        withQuery('/wps/relay/GCSGAME_hotGamesV2', {
          isPlatform: '2',
          platform: 'html5',
          language: languageParam(language),
        }),
      ),
    initialData: () => firstScreenData('hotGames', language),
    initialDataUpdatedAt: firstScreenAt,
    staleTime: 60_000,
    retry: false,
  });
}
