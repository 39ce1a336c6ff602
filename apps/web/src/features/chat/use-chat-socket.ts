import { useEffect, useRef } from 'react';
import { LIVE_CLOSE, LIVE_PATH, type LiveEvent } from '@playhouse/contract/live';
import { currentSession } from '../../lib/api.ts';
import type { ChatParty } from './api.ts';

const BACKOFF_MS = { first: 1000, max: 30_000 } as const;
/** "I am typing" goes out at most this often while the player types. */
const TYPING_EVERY_MS = 2500;

/**
 * The chat page's own live socket (decision 024's channel): signed in as the member or as the guest
 * (whose token the app-wide channel does not know). Hands every event to `onEvent`, reconnects with
 * backoff and says `ready` again after each reconnect so the page can catch up. Answers a function
 * that tells the operator the player is typing.
 */
export function useChatSocket(party: ChatParty, onEvent: (event: LiveEvent) => void): () => void {
  const handler = useRef(onEvent);
  const socket = useRef<WebSocket | undefined>(undefined);
  const typedAt = useRef(0);
  useEffect(() => {
    handler.current = onEvent;
  });

  const token = party.kind === 'guest' ? party.token : currentSession()?.token;
  const as = party.kind;
  useEffect(() => {
    if (!token) return;
    let attempts = 0;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      const ws = new WebSocket(
        `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${LIVE_PATH}`,
      );
      socket.current = ws;
      ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token, as }));
      ws.onmessage = (message) => {
        let event: LiveEvent;
        try {
          event = JSON.parse(String(message.data)) as LiveEvent;
        } catch {
          return;
        }
        if (event.type === 'ready') attempts = 0;
        handler.current(event);
      };
      ws.onclose = (close) => {
        if (socket.current === ws) socket.current = undefined;
        if (stopped || close.code === LIVE_CLOSE.unauthorized || close.code === LIVE_CLOSE.sessionEnded)
          return;
        const base = Math.min(BACKOFF_MS.max, BACKOFF_MS.first * 2 ** attempts++);
        retry = setTimeout(connect, base + Math.random() * (base / 3));
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket.current?.close(1000);
      socket.current = undefined;
    };
  }, [token, as]);

  return () => {
    const ws = socket.current;
    const at = Date.now();
    if (!ws || ws.readyState !== WebSocket.OPEN || at - typedAt.current < TYPING_EVERY_MS) return;
    typedAt.current = at;
    ws.send(JSON.stringify({ type: 'typing' }));
  };
}
