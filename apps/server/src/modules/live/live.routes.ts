import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import {
  LIVE_CLOSE,
  LIVE_MAX_MESSAGE_BYTES,
  LIVE_PATH,
  LiveClientMessageSchema,
  SIGNED_OUT_PREFIX,
  type LiveEvent,
} from '@playhouse/contract/live';
import { staffCan } from '@playhouse/contract/staff-permissions';
import { guestTopic, staffTopic } from '../chat/chat.service.ts';
import { memberTopic, operatorTopic } from './live.service.ts';

/** Limits of one instance's live sockets (decision 024). */
export const LIVE_LIMITS = {
  /** Time a new socket has to send its token. */
  authMs: 5000,
  /** Sockets one member may hold open on one instance at once (tabs and devices). */
  perMember: 8,
  /** Messages a socket may send: a bucket of this many, refilled at `refillPerSecond`. */
  burst: 20,
  refillPerSecond: 2,
  /** Heartbeat: a socket that did not answer the previous ping by the next is dropped. */
  heartbeatMs: 30_000,
  /** How often a socket's session is checked again (signed out elsewhere, revoked, expired). */
  recheckMs: 120_000,
  /** Unsent bytes a slow client may pile up before it is dropped (it catches up on reconnect). */
  maxBufferedBytes: 1 << 20,
} as const;

/** Who a socket signed in as: the topics it receives, and what its limit counts. */
interface Identity {
  as: 'member' | 'staff' | 'guest';
  token: string;
  operatorId: number;
  /** The member, staff member or guest conversation. */
  id: number;
  sessionId?: number;
  key: string;
  topics: string[];
}

interface Conn {
  socket: WebSocket;
  alive: boolean;
  identity?: Identity;
  checkedAt: number;
  tokens: number;
  refilledAt: number;
  ends: (() => void)[];
}

/**
 * The member's live channel, one WebSocket per signed-in tab. The token comes as the first message
 * (a URL ends up in logs and histories), then the socket receives its member's and operator's topics.
 * Heartbeats and session re-checks run on one timer for all of this instance's sockets.
 */
export async function liveRoutes(app: FastifyInstance) {
  const conns = new Set<Conn>();
  const perMember = new Map<string, number>();

  const send = (conn: Conn, json: string | Buffer) => {
    if (conn.socket.readyState !== conn.socket.OPEN) return;
    if (conn.socket.bufferedAmount > LIVE_LIMITS.maxBufferedBytes) {
      conn.socket.terminate();
      return;
    }
    conn.socket.send(json, { binary: false });
  };
  const sendEvent = (conn: Conn, event: LiveEvent) => send(conn, JSON.stringify(event));

  function release(conn: Conn) {
    if (!conns.delete(conn)) return;
    for (const end of conn.ends) end();
    conn.ends = [];
    if (conn.identity) {
      const { key } = conn.identity;
      const left = (perMember.get(key) ?? 1) - 1;
      if (left <= 0) perMember.delete(key);
      else perMember.set(key, left);
    }
  }

  const heartbeat = setInterval(() => {
    const at = Date.now();
    for (const conn of conns) {
      if (!conn.alive) {
        conn.socket.terminate();
        release(conn);
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
      if (conn.identity && at - conn.checkedAt > LIVE_LIMITS.recheckMs) {
        conn.checkedAt = at;
        const { operatorId, as, token } = conn.identity;
        identify(operatorId, as, token).catch(() =>
          conn.socket.close(LIVE_CLOSE.sessionEnded, 'session ended'),
        );
      }
    }
  }, LIVE_LIMITS.heartbeatMs);
  heartbeat.unref();
  app.addHook('onClose', async () => clearInterval(heartbeat));

  /** Checks a socket's token: a member's session, a staff session that may answer chat, or a chat guest. */
  async function identify(operatorId: number, as: Identity['as'], token: string): Promise<Identity> {
    const { services } = app;
    if (as === 'member') {
      const member = await services.memberAuth.authenticate(token, operatorId);
      const key = memberTopic(operatorId, member.id);
      return {
        as,
        token,
        operatorId,
        id: member.id,
        sessionId: member.sessionId,
        key,
        topics: [key, operatorTopic(operatorId)],
      };
    }
    if (as === 'staff') {
      const staff = await services.staff.authenticate(token, { allowEnrolment: false });
      if (staff.operatorId !== operatorId || staff.mustChangePassword || !staffCan(staff.role, 'chat.answer'))
        throw new Error('not a chat console');
      return {
        as,
        token,
        operatorId,
        id: staff.id,
        key: `staff:${operatorId}:${staff.id}`,
        topics: [staffTopic(operatorId)],
      };
    }
    const party = await services.chat.player.guest(operatorId, token);
    const id = party.kind === 'guest' ? party.conversationId : 0;
    const key = guestTopic(operatorId, id);
    return { as, token, operatorId, id, key, topics: [key] };
  }

  function typing(identity: Identity, conversationId: number | undefined) {
    const { chat } = app.services;
    const { operatorId, id } = identity;
    if (identity.as === 'staff')
      return conversationId ? chat.console.typing(operatorId, id, conversationId) : Promise.resolve();
    return chat.player.typing(
      identity.as === 'member'
        ? { kind: 'member', operatorId, memberId: id }
        : { kind: 'guest', operatorId, conversationId: id },
    );
  }

  /** Takes one message from the socket's bucket; false when it is empty. */
  function spend(conn: Conn) {
    const at = Date.now();
    conn.tokens = Math.min(
      LIVE_LIMITS.burst,
      conn.tokens + ((at - conn.refilledAt) / 1000) * LIVE_LIMITS.refillPerSecond,
    );
    conn.refilledAt = at;
    if (conn.tokens < 1) return false;
    conn.tokens -= 1;
    return true;
  }

  app.get(LIVE_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => {
    const operatorId = request.operator.id;
    const conn: Conn = {
      socket,
      alive: true,
      checkedAt: Date.now(),
      tokens: LIVE_LIMITS.burst,
      refilledAt: Date.now(),
      ends: [],
    };
    conns.add(conn);
    const authTimer = setTimeout(() => socket.close(LIVE_CLOSE.unauthorized, 'no token'), LIVE_LIMITS.authMs);
    socket.on('pong', () => (conn.alive = true));
    socket.on('close', () => {
      clearTimeout(authTimer);
      release(conn);
    });
    socket.on('error', () => release(conn));

    let authenticating = false;
    socket.on('message', (data, isBinary) => {
      if (!spend(conn)) return socket.close(LIVE_CLOSE.rateLimited, 'too many messages');
      const text = isBinary ? undefined : data.toString();
      let parsed;
      try {
        parsed =
          text && text.length <= LIVE_MAX_MESSAGE_BYTES
            ? LiveClientMessageSchema.safeParse(JSON.parse(text))
            : undefined;
      } catch {
        parsed = undefined;
      }
      if (!parsed?.success) return socket.close(1003, 'unreadable message');
      const message = parsed.data;
      if (message.type === 'ping') return sendEvent(conn, { type: 'pong' });
      if (message.type === 'typing') {
        if (conn.identity) void typing(conn.identity, message.conversationId).catch(() => undefined);
        return;
      }
      // auth: once, first.
      if (conn.identity || authenticating) return socket.close(1008, 'already signed in');
      authenticating = true;
      void identify(operatorId, message.as, message.token)
        .then(
          async (identity) => {
            clearTimeout(authTimer);
            if (!conns.has(conn)) return;
            const open = perMember.get(identity.key) ?? 0;
            if (open >= LIVE_LIMITS.perMember) return socket.close(LIVE_CLOSE.tooMany, 'too many sockets');
            perMember.set(identity.key, open + 1);
            conn.identity = identity;
            conn.checkedAt = Date.now();
            const deliver = (json: string, bytes: Buffer) => {
              if (!json.startsWith(SIGNED_OUT_PREFIX)) return send(conn, bytes);
              const { session } = JSON.parse(json) as { session: number };
              if (session === identity.sessionId) socket.close(LIVE_CLOSE.sessionEnded, 'session ended');
            };
            const { bus } = app.services.live;
            const ends = await Promise.all(identity.topics.map((topic) => bus.subscribe(topic, deliver)));
            // Closed while subscribing: undo what was just set up.
            if (!conns.has(conn)) return ends.forEach((end) => end());
            conn.ends.push(...ends);
            sendEvent(conn, { type: 'ready' });
          },
          () => socket.close(LIVE_CLOSE.unauthorized, 'not signed in'),
        )
        // Redis unreachable while subscribing: the client reconnects later and catches up.
        .catch(() => socket.close(1011, 'try again'));
    });
  });

  app.decorate('liveSockets', () => conns.size);
}
