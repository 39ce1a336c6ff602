import { z } from 'zod';
import { lobbyIgnoredParams, lobbyLanguageParam } from './games.ts';
import { LANGUAGE_CODES } from './languages.ts';
import { UploadIdsSchema } from './payments.ts';

/*
 * Inbox and feedback contract (spec §2 header and member centre, §3 unread counters, §5 limits,
 * §7 feedback). Messages are rendered in the reader's language when read: a system message is a
 * template key (`kind`) with params, a broadcast is the operator's text per language.
 */

/** Template keys of system messages (catalogue `inbox:messages.<kind>.title|body`). */
export const INBOX_KINDS = [
  'deposit_credited',
  'withdrawal_paid',
  'withdrawal_rejected',
  'bonus_issued',
  'reward_claimed',
  'feedback_answered',
  'vip_upgraded',
  'rebate_claimed',
  'referral_reward',
  'new_sign_in',
] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** The badge shows the count up to this, then `99+` (spec §9 badge caps). */
export const BADGE_CAP = 99;
export const badgeText = (count: number) => (count > BADGE_CAP ? `${BADGE_CAP}+` : String(count));

/** The client asks for unread counts at most once per 250 ms (spec §9 throttles). */
export const UNREAD_THROTTLE_MS = 250;

// ---------- member: /wps/inbox ----------

export const InboxQuerySchema = z.object({
  ...lobbyIgnoredParams,
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
  language: lobbyLanguageParam,
});
export const InboxIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});
export const InboxLanguageQuerySchema = z.object({ ...lobbyIgnoredParams, language: lobbyLanguageParam });

export const InboxMessageSchema = z.object({
  id: z.number(),
  /** A template key, or `broadcast`. */
  kind: z.string(),
  title: z.string(),
  /** Sanitized HTML (a broadcast) or escaped text in paragraphs (a system message). */
  content: z.string(),
  /** Plain-text preview for the list. */
  preview: z.string(),
  read: z.boolean(),
  createdAt: z.number(),
});
export type InboxMessage = z.infer<typeof InboxMessageSchema>;

export const InboxPageSchema = z.object({
  list: z.array(InboxMessageSchema),
  pageNum: z.number(),
  totalPages: z.number(),
  totalCount: z.number(),
  unreadCount: z.number(),
});
export type InboxPage = z.infer<typeof InboxPageSchema>;

export const InboxReadAllSchema = z.object({ updated: z.number(), unreadCount: z.number() });

// ---------- member: feedback ----------

export const FEEDBACK_CATEGORIES = ['SUGGESTION', 'GAME', 'PAYMENT', 'ACCOUNT', 'OTHER'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];
export const FEEDBACK_STATUSES = ['PENDING', 'ANSWERED'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
/** Comment limits (spec §5): 140 characters, and between these many words. */
export const FEEDBACK_MAX_CHARS = 140;
export const FEEDBACK_WORDS = { min: 2, max: 60 } as const;
export const FEEDBACK_ANSWER_MAX = 1000;

/**
 * Words in a comment, by the language's own word boundaries (so Chinese, Japanese and Thai, written
 * without spaces, count words too); falls back to whitespace where Intl.Segmenter is missing.
 */
export function countWords(text: string): number {
  const trimmed = text.trim();
  if (!trimmed) return 0;
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    let n = 0;
    for (const s of new Intl.Segmenter(undefined, { granularity: 'word' }).segment(trimmed))
      if (s.isWordLike) n++;
    return n;
  }
  return trimmed.split(/\s+/).length;
}

/** PUT /wps/feedback: a category, a comment, 0-3 images uploaded with purpose `feedback`. */
export const FeedbackSubmitSchema = z
  .object({
    category: z.enum(FEEDBACK_CATEGORIES),
    comment: z
      .string()
      .trim()
      .min(1)
      .max(FEEDBACK_MAX_CHARS)
      .refine((v) => {
        const n = countWords(v);
        return n >= FEEDBACK_WORDS.min && n <= FEEDBACK_WORDS.max;
      }, 'invalid'),
    uploadIds: UploadIdsSchema.default([]),
  })
  .strict();
export type FeedbackSubmit = z.infer<typeof FeedbackSubmitSchema>;

export const FeedbackItemSchema = z.object({
  id: z.number(),
  category: z.enum(FEEDBACK_CATEGORIES),
  comment: z.string(),
  uploadIds: z.array(z.string()),
  status: z.enum(FEEDBACK_STATUSES),
  answer: z.string().nullable(),
  createdAt: z.number(),
  answeredAt: z.number().nullable(),
});
export type FeedbackItem = z.infer<typeof FeedbackItemSchema>;

export const FeedbackPageQuerySchema = z.object({
  ...lobbyIgnoredParams,
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export const FeedbackPageSchema = z.object({
  list: z.array(FeedbackItemSchema),
  pageNum: z.number(),
  totalPages: z.number(),
  totalCount: z.number(),
});
export type FeedbackPage = z.infer<typeof FeedbackPageSchema>;

// ---------- back office: /bo/api/inbox/..., /bo/api/feedback ----------

const blank = (v: unknown) => (v === '' ? undefined : v);

/** One language's text of a broadcast; `*` is the text for every language without its own. */
export const BroadcastTextSchema = z
  .object({
    title: z.string().trim().min(1).max(100),
    content: z.string().trim().min(1).max(20_000),
  })
  .strict();
export const BroadcastCreateSchema = z
  .object({
    /** Keys: language codes (`EN`, `AR`, ...) or `*`. */
    contents: z
      .partialRecord(z.enum(['*', ...LANGUAGE_CODES]), BroadcastTextSchema)
      .refine((r) => Object.keys(r).length >= 1 && Object.keys(r).length <= 40, 'required'),
    /** null or absent: every member; a number: members at that VIP level. */
    vipLevel: z.number().int().min(0).max(100).nullable().default(null),
  })
  .strict();
export type BroadcastCreate = z.infer<typeof BroadcastCreateSchema>;

export const BroadcastSchema = z.object({
  id: z.number(),
  vipLevel: z.number().nullable(),
  contents: z.record(z.string(), z.object({ title: z.string(), content: z.string() })),
  recipients: z.number(),
  createdBy: z.string(),
  createdAt: z.number(),
});
export type Broadcast = z.infer<typeof BroadcastSchema>;
export const BroadcastPageSchema = z.object({
  list: z.array(BroadcastSchema),
  pageNo: z.number(),
  pageSize: z.number(),
  totalCount: z.number(),
  totalPages: z.number(),
});
export type BroadcastPage = z.infer<typeof BroadcastPageSchema>;

export const BoPageQuerySchema = z
  .object({
    pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();

export const BoFeedbackQuerySchema = z
  .object({
    status: z.preprocess(blank, z.enum(FEEDBACK_STATUSES).optional()),
    pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
export const BoFeedbackItemSchema = FeedbackItemSchema.extend({
  memberId: z.number(),
  userName: z.string(),
  answeredBy: z.string().nullable(),
});
export type BoFeedbackItem = z.infer<typeof BoFeedbackItemSchema>;
export const BoFeedbackPageSchema = z.object({
  list: z.array(BoFeedbackItemSchema),
  pageNo: z.number(),
  pageSize: z.number(),
  totalCount: z.number(),
  totalPages: z.number(),
});
export type BoFeedbackPage = z.infer<typeof BoFeedbackPageSchema>;

/** POST /bo/api/feedback/{id}/answer: plain text, sent to the member's inbox. */
export const FeedbackAnswerSchema = z
  .object({ answer: z.string().trim().min(1).max(FEEDBACK_ANSWER_MAX) })
  .strict();
