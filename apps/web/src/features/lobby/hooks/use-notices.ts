import type { Announcement, LobbyNews } from '@playhouse/contract/content';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useContentLanguage } from '../../../i18n/use-content-language.ts';
import { apiFetch } from '../../../lib/api.ts';
import { nextPageOf } from '../../../lib/game-filter.ts';
import { languageParam, withQuery } from '../../../lib/query-string.ts';
import { UNREAD_KEY, useSession } from '../../../session/session.ts';
import { LOBBY } from '../lobby-constants.ts';
import { ANNOUNCEMENTS_KEY } from './use-announcements.ts';
import { withNoticeRead, type NoticePages } from '../notices.ts';

const NOTICES_KEY = ['lobby', 'notices'] as const;

/** The notice page's list (GLS2_lobbyNews), newest first, a page at a time, with read flags. */
export function useNotices() {
  const language = useContentLanguage();
  const session = useSession();
  return useInfiniteQuery({
    queryKey: [...NOTICES_KEY, language, session?.userName ?? ''],
    queryFn: ({ pageParam }) =>
      apiFetch<LobbyNews>(
        withQuery('/wps/relay/GLS2_lobbyNews', {
          pageNo: pageParam,
          pageSize: LOBBY.noticePageSize,
          language: languageParam(language),
        }),
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPageOf(last.pageNum, last.totalPages),
    retry: false,
  });
}

/**
 * Marks a notice read (spec §4): the flag flips in the list at once, then the server is told (at most
 * once per notice in 150 ms), then the list, the lobby's content and the unread counters are
 * fetched again. Guests and trial members never mark read: their notices all count as read already.
 */
export function useMarkNoticeRead() {
  const queryClient = useQueryClient();
  const session = useSession();
  const lastSent = useRef(new Map<number, number>());
  return useCallback(
    (notice: Announcement) => {
      if (!session || notice.read) return;
      const at = Date.now();
      if (at - (lastSent.current.get(notice.id) ?? -Infinity) < LOBBY.markReadThrottleMs) return;
      lastSent.current.set(notice.id, at);
      queryClient.setQueriesData<NoticePages>({ queryKey: NOTICES_KEY }, (data) =>
        data ? withNoticeRead(data, notice.id) : data,
      );
      void apiFetch('/wps/relay/MCSFE_readAnnouncement', {
        method: 'POST',
        body: { announcementId: notice.id, read: true },
      })
        .catch(() => undefined)
        .finally(() => {
          void queryClient.invalidateQueries({ queryKey: NOTICES_KEY });
          void queryClient.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY });
          void queryClient.invalidateQueries({ queryKey: UNREAD_KEY });
        });
    },
    [queryClient, session],
  );
}
