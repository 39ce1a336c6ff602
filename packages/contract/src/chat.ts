import { z } from 'zod';

/**
 * Customer-service chat (spec §7 CBS calls; decision 025): members and guests talk with the
 * operator's staff. Messages are text (up to CHAT_TEXT_MAX characters) or one of the member's own
 * uploaded images. Conversations are WAITING (in the queue), OPEN (taken by a member of staff) or
 * CLOSED (with the member's optional rating).
 */

export const CHAT_TEXT_MAX = 2000;
export const CHAT_STATUSES = ['WAITING', 'OPEN', 'CLOSED'] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];
export const CHAT_SENDERS = ['member', 'guest', 'staff', 'system'] as const;
export type ChatSender = (typeof CHAT_SENDERS)[number];
export const CHAT_TAG_MAX = 10;

/** The guest's header: the token `POST /wps/chat/guest` returned (never in a URL). */
export const CHAT_GUEST_HEADER = 'x-chat-guest';

/** `GET /wps/relay/CBS_launchChat` (spec §7): where the chat page is, with how to show it. */
export const LaunchChatQuerySchema = z.object({
  b2c: z.coerce.number().int().optional(),
  language: z.string().max(8).optional(),
  backUrl: z.string().max(500).optional(),
  headerColor: z
    .string()
    .regex(/^#?[0-9A-Fa-f]{3,8}$/)
    .optional(),
  title: z.string().max(60).optional(),
  template: z.string().max(16).optional(),
});
export const LaunchChatSchema = z.object({ chatUrl: z.string() });

/** Spec §7 CBS_unreadCount (architecture: "→ a count"): messages from staff the member has not read. */
export const ChatUnreadSchema = z.number().int();

/** A guest leaves a name and a way to reach them (phone or e-mail) before the chat opens. */
export const GuestStartSchema = z
  .object({
    name: z.string().trim().min(1, 'required').max(60, 'tooLong'),
    contact: z.string().trim().min(3, 'tooShort').max(120, 'tooLong'),
  })
  .strict();
export const GuestStartedSchema = z.object({ guestToken: z.string(), conversationId: z.number().int() });

export const ChatSendSchema = z
  .object({
    text: z.string().trim().max(CHAT_TEXT_MAX, 'tooLong').optional(),
    uploadId: z.string().max(64).optional(),
  })
  .strict()
  .refine((b) => Boolean(b.text) !== Boolean(b.uploadId), { message: 'required', path: ['text'] });
export type ChatSend = z.infer<typeof ChatSendSchema>;

export const ChatMessageSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  sender: z.enum(CHAT_SENDERS),
  /** The staff member's display name on their messages (their user name). */
  staffName: z.string().nullable(),
  text: z.string().nullable(),
  uploadId: z.string().nullable(),
  createdAt: z.number().int(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatConversationSchema = z.object({
  id: z.number().int(),
  status: z.enum(CHAT_STATUSES),
  /** The player's language when the conversation started (canned replies in it come first). */
  language: z.string(),
  memberName: z.string().nullable(),
  guestName: z.string().nullable(),
  guestContact: z.string().nullable(),
  staffName: z.string().nullable(),
  tags: z.array(z.string()),
  rating: z.number().int().nullable(),
  /** The last message id the member (or guest) has read, and the last one staff have read. */
  memberReadId: z.number().int(),
  staffReadId: z.number().int(),
  unreadForStaff: z.number().int(),
  createdAt: z.number().int(),
  lastMessageAt: z.number().int(),
  closedAt: z.number().int().nullable(),
});
export type ChatConversation = z.infer<typeof ChatConversationSchema>;

export const ChatHistorySchema = z.object({
  conversation: ChatConversationSchema,
  messages: z.array(ChatMessageSchema),
});
export const ChatHistoryQuerySchema = z.object({
  /** Messages before this id (older pages); the newest page without it. */
  before: z.coerce.number().int().positive().optional(),
});

export const ChatReadSchema = z.object({ lastId: z.number().int().nonnegative() }).strict();
export const ChatRateSchema = z
  .object({ rating: z.number().int().min(1).max(5), comment: z.string().trim().max(500).optional() })
  .strict();

// ---------- back office ----------

export const ChatQueueQuerySchema = z.object({
  status: z.enum(CHAT_STATUSES).optional(),
  mine: z.coerce.boolean().optional(),
  /** Searches member user names, guest names and contacts, tags and message text. */
  q: z.string().trim().max(100).optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const ChatQueueSchema = z.object({
  list: z.array(ChatConversationSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
});
export const ChatTransferSchema = z.object({ staffUserName: z.string().trim().min(1).max(64) }).strict();
export const ChatCloseSchema = z
  .object({ tags: z.array(z.string().trim().min(1).max(32)).max(CHAT_TAG_MAX).default([]) })
  .strict();
export const ChatStaffSendSchema = z
  .object({ text: z.string().trim().min(1, 'required').max(CHAT_TEXT_MAX, 'tooLong') })
  .strict();

/** A canned reply: one text per shortcut and language (chat.configure manages them). */
export const CannedReplySchema = z.object({
  id: z.number().int(),
  shortcut: z.string(),
  language: z.string(),
  text: z.string(),
  updatedAt: z.number().int(),
});
export type CannedReply = z.infer<typeof CannedReplySchema>;
export const CannedReplySaveSchema = z
  .object({
    shortcut: z
      .string()
      .trim()
      .min(1, 'required')
      .max(32, 'tooLong')
      .regex(/^[\p{L}\p{N}_-]+$/u, 'invalidFormat'),
    language: z.string().trim().min(2).max(8),
    text: z.string().trim().min(1, 'required').max(CHAT_TEXT_MAX, 'tooLong'),
  })
  .strict();
export type CannedReplySave = z.infer<typeof CannedReplySaveSchema>;

/** What the console shows beside a member's conversation (nothing for a guest's). */
export const ChatMemberContextSchema = z.object({
  member: z
    .object({
      userName: z.string(),
      balance: z.string(),
      currency: z.string(),
      /** The name of the member's VIP rank, when they have one. */
      vip: z.string().nullable(),
      lastDeposits: z.array(
        z.object({ id: z.string(), amount: z.string(), status: z.string(), createdAt: z.number() }),
      ),
      openWithdrawals: z.array(
        z.object({ id: z.string(), amount: z.string(), status: z.string(), createdAt: z.number() }),
      ),
    })
    .nullable(),
});
export type ChatMemberContext = z.infer<typeof ChatMemberContextSchema>;
