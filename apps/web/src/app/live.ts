import type { QueryClient } from '@tanstack/react-query';
import { LIVE_CLOSE, LIVE_PATH, type LiveEvent } from '@playhouse/contract/live';
import { currentSession } from '../lib/api.ts';
import { setLiveConnected } from '../lib/live-state.ts';
import { CHAT_UNREAD_KEY, SESSION_EVENT, UNREAD_KEY, type WalletSummary } from '../session/session.ts';
import { JACKPOT_KEY } from '../features/lobby/hooks/use-jackpot.ts';
import type { Jackpot } from '@playhouse/contract/games';

/** Reconnect delays: doubling from the first to the last, with up to a third added at random. */
const BACKOFF_MS = { first: 1000, max: 30_000 } as const;
/** Movements of play: they change the balance only, never the inbox or payments. */
const PLAY_KINDS = new Set(['bet', 'win', 'rollback']);

/**
 * The tab's live channel (decision 024): one WebSocket while a member is signed in, its token sent
 * as the first message. Pushed events update the cached queries in place (balance, jackpot) or mark
 * them stale (unread counters, inbox, deposits, withdrawals). It reconnects with backoff; on every
 * reconnect what may have changed meanwhile is asked for again (catch-up). Loaded after the first
 * screen, so it costs home's first script nothing.
 */
export function startLive(queryClient: QueryClient): void {
  let socket: WebSocket | undefined;
  let token: string | undefined;
  let attempts = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let everReady = false;

  const invalidate = (...keys: (readonly unknown[])[]) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };

  function handle(event: LiveEvent) {
    switch (event.type) {
      case 'ready':
        attempts = 0;
        setLiveConnected(true);
        // Catch up: whatever moved while this tab had no channel.
        if (everReady)
          invalidate(
            ['member', 'wallet'],
            UNREAD_KEY,
            ['member', 'inbox'],
            ['member', 'deposit'],
            ['member', 'deposits'],
            ['member', 'withdrawals'],
            JACKPOT_KEY,
            CHAT_UNREAD_KEY,
          );
        everReady = true;
        return;
      case 'balance':
        queryClient.setQueryData<WalletSummary>(['member', 'wallet'], (old) =>
          old ? { ...old, sumBalance: event.balance } : old,
        );
        if (!PLAY_KINDS.has(event.kind)) invalidate(UNREAD_KEY, ['member', 'inbox']);
        return;
      case 'inbox':
        invalidate(UNREAD_KEY, ['member', 'inbox']);
        return;
      case 'payment':
        invalidate(['member', 'deposit'], ['member', 'deposits'], ['member', 'withdrawals']);
        return;
      case 'jackpot':
        queryClient.setQueryData<Jackpot>(JACKPOT_KEY, (old) =>
          old ? { ...old, amount: event.amount } : old,
        );
        return;
      case 'chat':
        // A reply from customer service: the badges count it (and the chat page shows it).
        if (event.message.sender === 'staff') invalidate(CHAT_UNREAD_KEY);
        return;
      case 'chatRead':
        if (event.side === 'member') invalidate(CHAT_UNREAD_KEY);
        return;
      default:
        return;
    }
  }

  function schedule(delay: number) {
    clearTimeout(retry);
    retry = setTimeout(connect, delay);
  }

  function connect() {
    clearTimeout(retry);
    token = currentSession()?.token;
    if (!token || socket) return;
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${LIVE_PATH}`;
    const ws = new WebSocket(url);
    socket = ws;
    const sent = token;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token: sent }));
    ws.onmessage = (message) => {
      try {
        handle(JSON.parse(String(message.data)) as LiveEvent);
      } catch {
        // An unreadable push is dropped; the next catch-up covers it.
      }
    };
    ws.onclose = (close) => {
      if (socket === ws) socket = undefined;
      setLiveConnected(false);
      // The session the socket signed in with is over: wait for a new one (the session event).
      if (close.code === LIVE_CLOSE.unauthorized || close.code === LIVE_CLOSE.sessionEnded) return;
      if (currentSession()?.token !== sent) return connect();
      const base = Math.min(BACKOFF_MS.max, BACKOFF_MS.first * 2 ** attempts++);
      schedule(base + Math.random() * (base / 3));
    };
  }

  function sessionChanged() {
    const now = currentSession()?.token;
    if (now === token && socket) return;
    socket?.close(1000);
    socket = undefined;
    attempts = 0;
    everReady = false;
    setLiveConnected(false);
    connect();
  }

  window.addEventListener(SESSION_EVENT, sessionChanged);
  window.addEventListener('storage', sessionChanged);
  // Back online or back to the tab: try again now rather than at the end of a long backoff.
  window.addEventListener('online', () => !socket && connect());
  document.addEventListener(
    'visibilitychange',
    () => document.visibilityState === 'visible' && !socket && connect(),
  );
  connect();
}
