import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  FeedbackItem,
  FeedbackPage,
  FeedbackSubmit,
  InboxMessage,
  InboxPage,
} from '@playhouse/contract/inbox';
import { useContentLanguage } from '../../i18n/use-content-language.ts';
import { apiFetch } from '../../lib/api.ts';
import { nextPageOf } from '../../lib/game-filter.ts';
import { languageParam, withQuery } from '../../lib/query-string.ts';
import { UNREAD_KEY, useSession } from '../../session/session.ts';

export const INBOX_KEY = ['member', 'inbox'] as const;
const FEEDBACK_KEY = ['member', 'feedback'] as const;
const PAGE_SIZE = 20;

export type InboxPages = { pages: InboxPage[]; pageParams: unknown[] };

/** My messages (/wps/inbox), newest first, a page at a time, in the language I read in. */
export function useInbox() {
  const language = useContentLanguage();
  const session = useSession();
  return useInfiniteQuery({
    queryKey: [...INBOX_KEY, language, session?.userName ?? ''],
    enabled: Boolean(session),
    queryFn: ({ pageParam }) =>
      apiFetch<InboxPage>(
        withQuery('/wps/inbox', {
          pageNo: pageParam,
          pageSize: PAGE_SIZE,
          language: languageParam(language),
        }),
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPageOf(last.pageNum, last.totalPages),
    retry: false,
  });
}

/** The pages with one message flagged read (each page carries the whole unread count). */
export function withMessageRead(data: InboxPages, id: number): InboxPages {
  const wasUnread = data.pages.some((p) => p.list.some((m) => m.id === id && !m.read));
  if (!wasUnread) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      unreadCount: Math.max(0, p.unreadCount - 1),
      list: p.list.map((m) => (m.id === id ? { ...m, read: true } : m)),
    })),
  };
}

/** The pages without one message. */
export function withoutMessage(data: InboxPages, id: number): InboxPages {
  const gone = data.pages.flatMap((p) => p.list).find((m) => m.id === id);
  if (!gone) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      totalCount: Math.max(0, p.totalCount - 1),
      unreadCount: gone.read ? p.unreadCount : Math.max(0, p.unreadCount - 1),
      list: p.list.filter((m) => m.id !== id),
    })),
  };
}

function useInboxMutation<A, T>(
  run: (arg: A) => Promise<T>,
  local: (data: InboxPages, arg: A) => InboxPages,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onMutate: (arg) => {
      queryClient.setQueriesData<InboxPages>({ queryKey: INBOX_KEY }, (data) =>
        data ? local(data, arg) : data,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: INBOX_KEY });
      void queryClient.invalidateQueries({ queryKey: UNREAD_KEY });
    },
  });
}

/** Opens a message: flagged read at once, then the server marks it read and the counters refresh. */
export function useOpenMessage() {
  const language = useContentLanguage();
  return useInboxMutation(
    (id: number) =>
      apiFetch<InboxMessage>(withQuery(`/wps/inbox/${id}`, { language: languageParam(language) })),
    withMessageRead,
  );
}

export function useDeleteMessage() {
  return useInboxMutation(
    (id: number) => apiFetch<{ unreadCount: number }>(`/wps/inbox/${id}`, { method: 'DELETE' }),
    withoutMessage,
  );
}

export function useReadAll() {
  return useInboxMutation(
    () => apiFetch<{ updated: number }>('/wps/inbox/read', { method: 'POST' }),
    (data) => ({
      ...data,
      pages: data.pages.map((p) => ({
        ...p,
        unreadCount: 0,
        list: p.list.map((m) => ({ ...m, read: true })),
      })),
    }),
  );
}

/** My feedback with its status and the answer, newest first. */
export function useMyFeedback() {
  const session = useSession();
  return useInfiniteQuery({
    queryKey: [...FEEDBACK_KEY, session?.userName ?? ''],
    enabled: Boolean(session),
    queryFn: ({ pageParam }) =>
      apiFetch<FeedbackPage>(withQuery('/wps/feedback', { pageNo: pageParam, pageSize: PAGE_SIZE })),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPageOf(last.pageNum, last.totalPages),
    retry: false,
  });
}

export function useSubmitFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FeedbackSubmit) => apiFetch<FeedbackItem>('/wps/feedback', { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FEEDBACK_KEY }),
  });
}
