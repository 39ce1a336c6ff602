import { z } from 'zod';
import type { ChatConversation, ChatMessage } from './chat.ts';

/**
 * The live channel (`GET /wps/live`, a WebSocket; decision 024). The client opens it, then sends its
 * session token as the first message (never in the URL); the server answers `ready` and from then on
 * pushes what the member watches. Every message is one JSON object.
 */

/** Path of the member's live channel. */
export const LIVE_PATH = '/wps/live';

/** Largest message a client may send (bytes); a larger one closes the socket. */
export const LIVE_MAX_MESSAGE_BYTES = 4096;

/** Close codes the client acts on (4000–4999 are the application's). */
export const LIVE_CLOSE = {
  /** No or a bad token in time: sign in again before reconnecting. */
  unauthorized: 4401,
  /** Too many of the member's sockets open at once on one server. */
  tooMany: 4408,
  /** Sent messages too fast or too large. */
  rateLimited: 4429,
  /** The session ended (signed out elsewhere, expired). */
  sessionEnded: 4403,
} as const;

export const LiveClientMessageSchema = z.discriminatedUnion('type', [
  /** A member's session token, a staff session token (`as: 'staff'`), or a chat guest's token. */
  z.object({
    type: z.literal('auth'),
    token: z.string().min(20).max(200),
    as: z.enum(['member', 'staff', 'guest']).default('member'),
  }),
  z.object({ type: z.literal('ping') }),
  /** "I am typing" in a chat (staff name the conversation; a member's or guest's is their own). */
  z.object({ type: z.literal('typing'), conversationId: z.number().int().positive().optional() }),
]);
export type LiveClientMessage = z.infer<typeof LiveClientMessageSchema>;

/** What the server pushes. Money as 2-decimal strings, as everywhere in the API. */
export type LiveEvent =
  | { type: 'ready' }
  | { type: 'pong' }
  /** The member's balance after a ledger movement of theirs (`kind` is the movement's EntryKind). */
  | { type: 'balance'; balance: string; currency: string; kind: string }
  /** The member's inbox or unread counters changed: ask for them again. */
  | { type: 'inbox' }
  /** One of the member's deposits or withdrawals changed status. */
  | { type: 'payment'; flow: 'deposit' | 'withdrawal'; id: string | null; status: string | null }
  /** The operator's progressive jackpot pool. */
  | { type: 'jackpot'; amount: string }
  /** A chat message in one of the socket's conversations (its own included, for its other tabs). */
  | { type: 'chat'; message: ChatMessage }
  /** The other side is typing in a conversation. */
  | { type: 'chatTyping'; conversationId: number; from: 'member' | 'staff' }
  /** The other side has read up to `lastId` (read receipts). */
  | { type: 'chatRead'; conversationId: number; side: 'member' | 'staff'; lastId: number }
  /** A conversation's state changed (queued, taken, transferred, closed, rated). */
  | { type: 'chatConversation'; conversation: ChatConversation }
  /** Between instances only (never sent to a client): the member's session `session` was signed out. */
  | { type: 'signedOut'; session: number };

/** How a bus message that ends sockets starts (checked before parsing: most messages are not one). */
export const SIGNED_OUT_PREFIX = '{"type":"signedOut"';
