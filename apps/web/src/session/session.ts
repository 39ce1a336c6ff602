import type { UnreadCount } from '@playhouse/contract/content';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { ApiError, apiFetch, currentSession, type SessionInfo } from '../lib/api.ts';
import { useContentLanguage } from '../i18n/use-content-language.ts';
import { languageParam, withQuery } from '../lib/query-string.ts';
import { STORAGE, writeString } from '../lib/storage.ts';
import { TIMING } from '../lib/timing.ts';
import { useLiveConnected } from '../lib/live-state.ts';

/** Announces a session change in this tab, so the header and menus update at once. */
export const SESSION_EVENT = 'playhouse:session';
const SESSION_ERRORS = new Set(['NOT_LOGGED_IN', 'SESSION_EXPIRED']);
/** Trial accounts (spec §6): no chat unread count for them. */
const TRIAL_MEMBER_TYPE = 4;

function subscribe(onChange: () => void): () => void {
  window.addEventListener(SESSION_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(SESSION_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

let snapshot: { raw: string | null; value: SessionInfo | undefined } = { raw: null, value: undefined };
function getSnapshot(): SessionInfo | undefined {
  const raw = localStorage.getItem(STORAGE.session) ?? sessionStorage.getItem(STORAGE.session);
  if (raw !== snapshot.raw) snapshot = { raw, value: currentSession() };
  return snapshot.value;
}

/** The signed-in session, or undefined for a guest. Re-renders when it changes in any tab. */
export function useSession(): SessionInfo | undefined {
  return useSyncExternalStore(subscribe, getSnapshot, () => undefined);
}

/** Forgets the session and everything tied to it (spec §4, logout). */
export function clearSession(): void {
  localStorage.removeItem(STORAGE.session);
  sessionStorage.clear();
  writeString(STORAGE.autoLogin, '0');
  window.dispatchEvent(new Event(SESSION_EVENT));
}

export interface MemberInfo {
  id: number;
  nickname: string | null;
  account: string;
  regDate?: string;
  type: number;
  clubLabel?: { labelName: string } | null;
}

export interface WalletSummary {
  sumBalance: string;
  currency: string;
  currencySymbol?: string;
}

/**
 * A query of the signed-in member's own data (key `['member', ...key]`, so a new session refetches it).
 * It runs only with a session, and drops the session when the server says it has ended.
 */
export function useMemberQuery<T>(
  key: string | readonly string[],
  path: string,
  options: { refetchOnWindowFocus?: boolean | 'always'; staleTime?: number; enabled?: boolean } = {},
) {
  const session = useSession();
  const queryClient = useQueryClient();
  const { enabled = true, ...rest } = options;
  return useQuery({
    ...rest,
    queryKey: ['member', ...(typeof key === 'string' ? [key] : key)],
    enabled: Boolean(session) && enabled,
    queryFn: async () => {
      try {
        return await apiFetch<T>(path);
      } catch (error) {
        if (error instanceof ApiError && SESSION_ERRORS.has(error.code)) {
          clearSession();
          queryClient.removeQueries({ queryKey: ['member'] });
        }
        throw error;
      }
    },
    retry: false,
  });
}

export function useMemberInfo() {
  return useMemberQuery<MemberInfo>('info', '/wps/member/info');
}

/**
 * The signed-in member's type as the server has it now (an operator may make a member an agent, or
 * an ordinary member again, while they are signed in), or the session's type until that answer is in;
 * undefined for a guest. Menus and pages that depend on the type ask this, never the session alone.
 */
export function useMemberType(): number | undefined {
  const session = useSession();
  const info = useMemberInfo();
  if (!session) return undefined;
  return info.data?.type ?? session.type;
}

/**
 * The member's balance: pushed after every movement while the live channel is up (app/live.ts);
 * without it, fetched again whenever they come back to the tab. Always fetched again back on this
 * page from a game (the browser's back button may restore the page as it was: money may have moved).
 */
export function useWallet() {
  const live = useLiveConnected();
  const query = useMemberQuery<WalletSummary>('wallet', '/wps/wallets/gcs', {
    refetchOnWindowFocus: live ? false : 'always',
  });
  const { refetch, isFetched } = query;
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted && isFetched) void refetch();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [refetch, isFetched]);
  return query;
}

/** The cache key prefix of the member's unread counters, refetched when they read something. */
export const UNREAD_KEY = ['member', 'unread'] as const;

/**
 * The member's unread counters: inbox messages (the inbox links' badges) and announcements (the
 * ticker's badge). Asked at most once
 * per 250 ms however many badges and invalidations want it (spec §9 throttles).
 */
export function useUnreadCount() {
  const language = useContentLanguage();
  return useMemberQuery<UnreadCount>(
    [UNREAD_KEY[1], language],
    withQuery('/wps/relay/CSP_unreadCount', { language: languageParam(language) }),
    { staleTime: TIMING.unreadThrottleMs },
  );
}

/** The cache key of the member's unread chat messages (refetched on the live channel's chat pushes). */
export const CHAT_UNREAD_KEY = ['member', 'chatUnread'] as const;

/**
 * Messages from customer service the member has not read (spec §7 CBS_unreadCount, throttled 250 ms).
 * Fetched only while live chat is offered (`chatOffered`) and the member is not a trial user (type 4).
 */
export function useChatUnread(chatOffered: boolean): number {
  const info = useMemberInfo();
  const query = useMemberQuery<number>(CHAT_UNREAD_KEY[1], '/wps/relay/CBS_unreadCount', {
    staleTime: TIMING.unreadThrottleMs,
    enabled: chatUnreadWanted(chatOffered, info.data?.type),
  });
  return query.data ?? 0;
}

/** Spec §6: chat unread is asked only with live chat offered, for a known member who is not type 4. */
export function chatUnreadWanted(chatOffered: boolean, memberType: number | undefined): boolean {
  return chatOffered && memberType !== undefined && memberType !== TRIAL_MEMBER_TYPE;
}

/** Ends the session on the server (best effort) and locally. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await apiFetch('/wps/session/logout', { method: 'DELETE' });
    } catch {
      // The local session is cleared whatever the server answers; an expired token is already gone.
    }
    clearSession();
    queryClient.removeQueries({ queryKey: ['member'] });
  }, [queryClient]);
}
