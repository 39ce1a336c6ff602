import { z } from 'zod';
import { lobbyIgnoredParams, lobbyLanguageParam } from './games.ts';

/*
 * Lobby content contract: banners, announcements, popups and promotions (spec §3 Banner,
 * Announcement, Promotion; §7 Announcements and unread).
 */

/**
 * Content types: B banner, PL player notice (ticker and notice list), PU login popup, PR promotion,
 * H hot (popular) announcement, A general announcement.
 */
export const CONTENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H', 'A'] as const;
export const ContentTypeSchema = z.enum(CONTENT_TYPES);
export type ContentType = z.infer<typeof ContentTypeSchema>;

/** Banner groups without a language part; per-type groups are `m_{type}_{language}` (e.g. m_rng_EN). */
export const BANNER_BASE_GROUPS = ['m_game', 'm_popup', 'm_popup2'] as const;
export const BANNER_TYPES = ['rng', 'sports', 'pvp', 'live', 'fish', 'lott', 'elott', 'reg'] as const;
export const GroupNameSchema = z
  .string()
  .trim()
  .regex(/^m_(game|popup|popup2|(rng|sports|pvp|live|fish|lott|elott|reg)(_[A-Za-z-]{2,5})?)$/);

/** What tapping a banner does. */
export const BANNER_ACTIONS = ['NONE', 'ROUTE', 'URL', 'GAME', 'VENDOR', 'PROMOTION'] as const;

/** A blank query value means the parameter is absent. */
const blank = (v: unknown) => (v === '' ? undefined : v);

// ---------- entities ----------

export const BannerSchema = z.object({
  id: z.number(),
  /** Image URL. */
  url: z.string(),
  groupName: z.string(),
  title: z.string(),
  sequence: z.number(),
  width: z.number(),
  height: z.number(),
  actionType: z.enum(BANNER_ACTIONS),
  /** Route path, absolute URL, game nodeId, vendor code or promotion id, by actionType. */
  actionTarget: z.string(),
});
export type Banner = z.infer<typeof BannerSchema>;

export const AnnouncementSchema = z.object({
  id: z.number(),
  type: ContentTypeSchema,
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  /** Plain-text preview of content. */
  preview: z.string(),
  /** Epoch ms. */
  startDate: z.number(),
  endDate: z.number().nullable(),
  /** True for guests and trial members (they never mark read). */
  read: z.boolean(),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

/** A login popup: an announcement with an optional image in pixel size (the client shows px/100 rem). */
export const PopupSchema = AnnouncementSchema.extend({
  imageUrl: z.string().nullable(),
  width: z.number(),
  height: z.number(),
  sequence: z.number(),
});
export type Popup = z.infer<typeof PopupSchema>;

export const PromotionSchema = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  preview: z.string(),
  startDate: z.number(),
  endDate: z.number().nullable(),
  /** 1 when the promotion has no end ("long term"). */
  noExpiry: z.union([z.literal(0), z.literal(1)]),
  announcementImages: z.array(z.object({ sequence: z.number(), url: z.string() })),
  promoAnnouncementCategoryIds: z.array(z.number()),
});
export type Promotion = z.infer<typeof PromotionSchema>;

// ---------- GET /wps/relay/MCSFE_getListAnnouncements ----------

export const AnnouncementsQuerySchema = z.object({
  ...lobbyIgnoredParams,
  /** Comma-separated content types, e.g. "B,PL,PU" (default all). */
  types: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^(B|PL|PU|PR|H|A|PROMOTION)(,(B|PL|PU|PR|H|A|PROMOTION))*$/)
      .optional(),
  ),
  /** Banner group filter; banners of other groups are left out. */
  groupName: z.preprocess(blank, GroupNameSchema.optional()),
  language: lobbyLanguageParam,
});
/** Payload groups (spec §3): promotion, banners, player, popup, hot, plus announcement (type A). */
export const AnnouncementListSchema = z.object({
  banners: z.array(BannerSchema),
  player: z.array(AnnouncementSchema),
  popup: z.array(PopupSchema),
  promotion: z.array(PromotionSchema),
  hot: z.array(AnnouncementSchema),
  announcement: z.array(AnnouncementSchema),
});
export type AnnouncementList = z.infer<typeof AnnouncementListSchema>;

// ---------- POST /wps/relay/MCSFE_readAnnouncement ----------

export const MarkReadBodySchema = z.object({
  announcementId: z.coerce.number().int().min(1).max(2_000_000_000),
  read: z.literal(true),
  token: z.string().max(512).optional(),
});
export const MarkReadResultSchema = z.object({ announcementId: z.number(), read: z.boolean() });

// ---------- GET /wps/relay/GLS2_lobbyNews ----------

export const LobbyNewsQuerySchema = z.object({
  ...lobbyIgnoredParams,
  pageNo: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
  language: lobbyLanguageParam,
});
export const LobbyNewsSchema = z.object({
  list: z.array(AnnouncementSchema),
  pageNum: z.number(),
  totalPages: z.number(),
  totalCount: z.number(),
  /** Unread notices for this member (0 for guests and trial members). */
  unreadCount: z.number(),
});
export type LobbyNews = z.infer<typeof LobbyNewsSchema>;

// ---------- GET /wps/relay/CSP_unreadCount ----------

export const UnreadCountQuerySchema = z.object({
  ...lobbyIgnoredParams,
  language: lobbyLanguageParam,
});

/**
 * A member's unread counters (spec §3 "Unread counters"): the total is the sum of the counters the
 * site offers. Announcements are the notices of GLS2_lobbyNews, inbox the member's unread messages
 * (/wps/inbox); chat adds its own once built.
 */
export const UnreadCountSchema = z.object({
  announcement: z.number(),
  inbox: z.number(),
  total: z.number(),
});
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

// ---------- back office: /bo/api/content/... ----------

const dateMs = z.number().int().min(0).max(8_640_000_000_000_000);
/** Images and links the site may follow: a same-site path or an http(s) address, never `javascript:`. */
const safeUrl = z
  .string()
  .trim()
  .max(1000)
  .regex(/^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/, 'invalidFormat');

export const BoBannerInputSchema = z
  .object({
    groupName: GroupNameSchema,
    title: z.string().trim().min(1).max(120),
    url: safeUrl,
    sequence: z.number().int().min(0).max(10000).default(0),
    width: z.number().int().min(1).max(4000).default(750),
    height: z.number().int().min(1).max(4000).default(300),
    actionType: z.enum(BANNER_ACTIONS).default('NONE'),
    actionTarget: z.string().trim().max(500).default(''),
    startDate: dateMs.optional(),
    endDate: dateMs.nullable().optional(),
    enabled: z.boolean().default(true),
  })
  .strict()
  .superRefine((b, ctx) => {
    const target = b.actionTarget;
    const ok =
      b.actionType === 'NONE' ||
      (b.actionType === 'ROUTE' && /^\/m\/[\w/?=&.-]*$/.test(target)) ||
      (b.actionType === 'URL' && safeUrl.safeParse(target).success && target !== '') ||
      (['GAME', 'VENDOR', 'PROMOTION'].includes(b.actionType) && /^[\w-]{1,64}$/.test(target));
    if (!ok) ctx.addIssue({ code: 'custom', path: ['actionTarget'], message: 'invalidFormat' });
  });
export const BoBannerSchema = BannerSchema.extend({
  startDate: z.number(),
  endDate: z.number().nullable(),
  enabled: z.boolean(),
});

export const BoAnnouncementInputSchema = z
  .object({
    type: z.enum(['PL', 'PU', 'PR', 'H', 'A']),
    title: z.string().trim().min(1).max(200),
    /** HTML; sanitised on write. */
    content: z.string().max(100_000),
    /** Language code, or null for every language. */
    language: z.string().trim().toUpperCase().max(8).nullable().default(null),
    startDate: dateMs.optional(),
    endDate: dateMs.nullable().optional(),
    imageUrl: safeUrl.nullable().default(null),
    width: z.number().int().min(0).max(4000).default(0),
    height: z.number().int().min(0).max(4000).default(0),
    sequence: z.number().int().min(0).max(10000).default(0),
    categoryIds: z.array(z.number().int().min(0).max(10000)).max(20).default([]),
    enabled: z.boolean().default(true),
  })
  .strict();
export const BoAnnouncementSchema = z.object({
  id: z.number(),
  type: ContentTypeSchema,
  title: z.string(),
  content: z.string(),
  language: z.string().nullable(),
  startDate: z.number(),
  endDate: z.number().nullable(),
  imageUrl: z.string().nullable(),
  width: z.number(),
  height: z.number(),
  sequence: z.number(),
  categoryIds: z.array(z.number()),
  enabled: z.boolean(),
});
export const BoContentIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_000_000_000) });
