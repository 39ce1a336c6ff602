import { z } from 'zod';
import { LimitsSchema } from './responsible-gambling.ts';
import { TurnoverSchema } from './payments.ts';

/**
 * The back office's member desk (issue 23): find a member by one of their identifiers, read their
 * page (profile, balance, limits, sessions, sign-ins, bets, bonuses, staff notes and tags, what staff
 * did to them) and act on it (end a session, add a note, set tags). Everything is of the staff
 * member's operator only; a member of another operator is NOT_FOUND.
 */

/** What a search looks in; each is an indexed lookup of the operator's members. */
export const MEMBER_SEARCH_FIELDS = [
  'userName',
  'mobile',
  'email',
  'realName',
  'affiliateCode',
  'ip',
] as const;
export type MemberSearchField = (typeof MEMBER_SEARCH_FIELDS)[number];

const paging = {
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

/** GET /bo/api/members: `q` is matched exactly (user names, e-mails and real names regardless of case). */
export const MemberSearchQuerySchema = z
  .object({
    field: z.enum(MEMBER_SEARCH_FIELDS).default('userName'),
    q: z.string().trim().min(1, 'required').max(254, 'tooLong'),
    ...paging,
  })
  .strict();
export type MemberSearchQuery = z.infer<typeof MemberSearchQuerySchema>;

export const MemberRowSchema = z.object({
  id: z.number(),
  userName: z.string(),
  nickname: z.string().nullable(),
  type: z.number(),
  status: z.enum(['active', 'disabled']),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  realName: z.string().nullable(),
  affiliateCode: z.string().nullable(),
  createdAt: z.number(),
  lastLoginAt: z.number().nullable(),
});
export type MemberRow = z.infer<typeof MemberRowSchema>;

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    pageNo: z.number(),
    pageSize: z.number(),
    totalCount: z.number(),
    totalPages: z.number(),
  });
export const MemberSearchPageSchema = pageSchema(MemberRowSchema);
export type MemberSearchPage = z.infer<typeof MemberSearchPageSchema>;

export const MemberDeskParamsSchema = z
  .object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) })
  .strict();
export const MemberSessionParamsSchema = z
  .object({
    id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    sessionId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  })
  .strict();
export const MemberPageQuerySchema = z.object(paging).strict();

/** GET /bo/api/members/{id}: the member's page header and summary tabs in one read. */
export const MemberOverviewSchema = z.object({
  member: MemberRowSchema.extend({
    countryDialingCode: z.string().nullable(),
    birthday: z.string().nullable(),
    currency: z.string(),
    registerMethod: z.string().nullable(),
    vipLevel: z.number(),
    vipLabel: z.string().nullable(),
    upline: z.string().nullable(),
  }),
  balance: z.string(),
  turnover: TurnoverSchema,
  /** The member's own limits and breaks: staff read them, only the member changes them. Null for trial accounts. */
  limits: LimitsSchema.nullable(),
  tags: z.array(z.string()),
  liveSessions: z.number(),
});
export type MemberOverview = z.infer<typeof MemberOverviewSchema>;

export const MemberDeskSessionSchema = z.object({
  id: z.number(),
  createdAt: z.number(),
  lastSeenAt: z.number(),
  expiresAt: z.number(),
  ip: z.string().nullable(),
  device: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type MemberDeskSession = z.infer<typeof MemberDeskSessionSchema>;
export const MemberDeskSessionListSchema = z.object({ list: z.array(MemberDeskSessionSchema) });

/** A sign-in or a refused one, from the audit log. */
export const MemberLoginSchema = z.object({
  id: z.number(),
  at: z.number(),
  ok: z.boolean(),
  ip: z.string().nullable(),
  method: z.string().nullable(),
});
export const MemberLoginPageSchema = pageSchema(MemberLoginSchema);
export type MemberLoginPage = z.infer<typeof MemberLoginPageSchema>;

export const MemberNoteSchema = z.object({
  id: z.number(),
  body: z.string(),
  staff: z.string().nullable(),
  createdAt: z.number(),
});
export type MemberNote = z.infer<typeof MemberNoteSchema>;
export const MemberNotePageSchema = pageSchema(MemberNoteSchema);
export type MemberNotePage = z.infer<typeof MemberNotePageSchema>;
/** POST /bo/api/members/{id}/notes */
export const MemberNoteBodySchema = z
  .object({ body: z.string().trim().min(1, 'required').max(2000, 'tooLong') })
  .strict();

/** Tags: lower-case letters, digits and dashes, up to 32; at most 20 on a member. */
export const MEMBER_TAG_PATTERN = /^[a-z0-9][a-z0-9-]{0,31}$/;
/** PUT /bo/api/members/{id}/tags: the member's whole set of tags. */
export const MemberTagsBodySchema = z
  .object({
    tags: z
      .array(z.string().trim().toLowerCase().regex(MEMBER_TAG_PATTERN, 'invalidFormat'))
      .max(20, 'tooMany'),
  })
  .strict();
export const MemberTagsSchema = z.object({ tags: z.array(z.string()) });

/** What staff did to the member (audit log rows naming the member). */
export const MemberAuditRowSchema = z.object({
  id: z.number(),
  at: z.number(),
  action: z.string(),
  staff: z.string().nullable(),
  detail: z.string().nullable(),
  ip: z.string().nullable(),
});
export const MemberAuditPageSchema = pageSchema(MemberAuditRowSchema);
export type MemberAuditPage = z.infer<typeof MemberAuditPageSchema>;

/** Bonuses: promotion applications and reward claims, newest first. */
export const MemberBonusSchema = z.object({
  id: z.string(),
  source: z.enum(['promotion', 'reward']),
  name: z.string(),
  status: z.string(),
  amount: z.string(),
  turnover: z.string(),
  createdAt: z.number(),
});
export const MemberBonusPageSchema = pageSchema(MemberBonusSchema);
export type MemberBonusPage = z.infer<typeof MemberBonusPageSchema>;
