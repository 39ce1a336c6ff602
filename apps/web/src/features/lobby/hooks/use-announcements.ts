import type { AnnouncementList } from '@playhouse/contract/content';
import { LOBBY_CONTENT_TYPES } from '@playhouse/contract/site-page';
import { useQuery } from '@tanstack/react-query';
import { useContentLanguage } from '../../../i18n/use-content-language.ts';
import { apiFetch } from '../../../lib/api.ts';
import { firstScreenAt, firstScreenData } from '../../../lib/first-screen.ts';
import { useSession } from '../../../session/session.ts';
import { languageParam, withQuery } from '../../../lib/query-string.ts';

/** The cache key prefix of the lobby's content, in every language and for every member. */
export const ANNOUNCEMENTS_KEY = ['lobby', 'announcements'] as const;

/** The cache key of the lobby's content for a language and a member (empty for a guest). */
export const announcementsKey = (language: string, userName: string) =>
  [...ANNOUNCEMENTS_KEY, language, userName] as const;

/**
 * Banners, ticker notices, login popups and hot announcements for the lobby, in one cached call
 * (MCSFE_getListAnnouncements, types B,PL,PU,PR,H, platform M).
 */
export function useAnnouncements() {
  const language = useContentLanguage();
  const session = useSession();
  return useQuery({
    queryKey: announcementsKey(language, session?.userName ?? ''),
    queryFn: () =>
      apiFetch<AnnouncementList>(
        withQuery('/wps/relay/MCSFE_getListAnnouncements', {
          types: LOBBY_CONTENT_TYPES,
          platform: 'M',
          language: languageParam(language),
        }),
      ),
    // A guest's first screen comes with the page.
    initialData: () => (session ? undefined : firstScreenData('announcements', language)),
    initialDataUpdatedAt: firstScreenAt,
    staleTime: 60_000,
    retry: false,
  });
}
