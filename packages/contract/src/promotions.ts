import { z } from 'zod';
import { PromotionSchema } from './content.ts';
import { lobbyIgnoredParams, lobbyLanguageParam } from './games.ts';
import { AmountSchema } from './money.ts';
import { PercentSchema, pageOf } from './payments.ts';

/*
 * Promotions (spec §2 /m/activity, /m/activityDetail; §3 Promotion; §4 promotion statuses) and the
 * bonuses members apply for: a share of a qualifying deposit up to a cap, the same on the first
 * credited deposit only, or a fixed amount once per member. Each bonus adds its turnover multiple.
 */

/** Category tabs of the promotions list (`promoAnnouncementCategoryIds`); names are in the catalogue. */
export const PROMOTION_CATEGORIES = [
  { id: 1, key: 'welcome' },
  { id: 2, key: 'deposit' },
  { id: 3, key: 'free' },
  { id: 4, key: 'more' },
] as const;
export const PromotionCategoryIdSchema = z.union(PROMOTION_CATEGORIES.map((c) => z.literal(c.id)));

/** DEPOSIT: a percentage of a qualifying deposit with a cap; FIRST_DEPOSIT: the same, on the first credited deposit only; FREE_MONEY: a fixed amount once. */
export const PROMOTION_KINDS = ['DEPOSIT', 'FIRST_DEPOSIT', 'FREE_MONEY'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];
/** AUTO: paid when the rule is met; MANUAL: an operator approves (or rejects) each application. */
export const ISSUANCE_MODES = ['AUTO', 'MANUAL'] as const;
export type IssuanceMode = (typeof ISSUANCE_MODES)[number];
export const APPLICATION_STATUSES = ['PENDING', 'ISSUED', 'REJECTED'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/**
 * The promotion's button for this member (spec §4 statuses): `join` may apply; `signed` joined and
 * waits for a qualifying deposit; `applying` waits for an operator; `issued` paid by an operator or a
 * deposit; `claimed` paid at once on the member's tap; `rejected`; `closed` ended or closed;
 * `comingSoon` not started. Guests see `join` (tapping leads to login).
 */
export const PROMOTION_STATES = [
  'join',
  'signed',
  'applying',
  'issued',
  'claimed',
  'rejected',
  'closed',
  'comingSoon',
] as const;
export type PromotionState = (typeof PROMOTION_STATES)[number];

/** A multiple with at most two decimals, 0 to 100 ("1", "12.5"). */
export const MultipleSchema = z
  .string()
  .max(6)
  .regex(/^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/, 'invalidFormat');

export const MyApplicationSchema = z.object({
  id: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  /** The bonus credited, or to be credited once a qualifying deposit is known (null before). */
  amount: z.string().nullable(),
  turnover: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.number(),
  decidedAt: z.number().nullable(),
});
export type MyApplication = z.infer<typeof MyApplicationSchema>;

/** A promotion as members see it: the spec's fields plus its rule and this member's state. */
export const PromotionCardSchema = PromotionSchema.extend({
  kind: z.enum(PROMOTION_KINDS),
  issuance: z.enum(ISSUANCE_MODES),
  /** Percent of the deposit (deposit kinds). */
  percent: z.string(),
  /** The cap (deposit kinds) or the fixed amount (FREE_MONEY). */
  maxAmount: z.string(),
  minDeposit: z.string(),
  turnoverMultiple: z.string(),
  currency: z.string(),
  state: z.enum(PROMOTION_STATES),
  application: MyApplicationSchema.nullable(),
});
export type PromotionCard = z.infer<typeof PromotionCardSchema>;

// ---------- GET /wps/promotions, GET /wps/promotions/detail ----------

export const PromotionsQuerySchema = z.object({ ...lobbyIgnoredParams, language: lobbyLanguageParam });
export const PromotionListSchema = z.object({ list: z.array(PromotionCardSchema) });
export type PromotionList = z.infer<typeof PromotionListSchema>;

export const PromotionDetailQuerySchema = z.object({
  ...lobbyIgnoredParams,
  language: lobbyLanguageParam,
  id: z.coerce.number().int().min(1).max(2_000_000_000),
});

// ---------- POST /wps/promotions/apply ----------

export const ApplyBodySchema = z
  .object({ promotionId: z.coerce.number().int().min(1).max(2_000_000_000) })
  .strict();
export type ApplyBody = z.infer<typeof ApplyBodySchema>;
export const ApplyResultSchema = z.object({
  promotionId: z.number(),
  state: z.enum(PROMOTION_STATES),
  application: MyApplicationSchema,
  /** The member's balance after a bonus paid at once, else null. */
  balance: z.string().nullable(),
});
export type ApplyResult = z.infer<typeof ApplyResultSchema>;

// ---------- back office: /bo/api/promotions ----------

const dateMs = z.number().int().min(0).max(8_640_000_000_000_000);
const safeUrl = z
  .string()
  .trim()
  .max(1000)
  .regex(/^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/, 'invalidFormat');

export const PromotionTextSchema = z
  .object({
    title: z.string().trim().min(1).max(200),
    /** HTML; sanitised on write. */
    content: z.string().max(100_000),
  })
  .strict();

export const BoPromotionInputSchema = z
  .object({
    categoryId: PromotionCategoryIdSchema,
    kind: z.enum(PROMOTION_KINDS),
    issuance: z.enum(ISSUANCE_MODES),
    percent: PercentSchema.default('0'),
    /** The bonus cap (deposit kinds) or the fixed amount (FREE_MONEY); more than zero. */
    maxAmount: AmountSchema,
    minDeposit: AmountSchema.default('0'),
    turnoverMultiple: MultipleSchema,
    /** Title and HTML body per language code (`EN`, `AR`…); English at least. */
    texts: z
      .record(z.string().regex(/^[A-Z]{2}(-[A-Z]{2})?$/, 'invalidFormat'), PromotionTextSchema)
      .refine((t) => Boolean(t.EN), 'required'),
    imageUrl: safeUrl.nullable().default(null),
    startDate: dateMs,
    /** null: long term (noExpiry 1). */
    endDate: dateMs.nullable(),
    sortOrder: z.number().int().min(0).max(10_000).default(0),
    closed: z.boolean().default(false),
  })
  .strict()
  .superRefine((p, ctx) => {
    if (p.kind !== 'FREE_MONEY' && Number(p.percent) <= 0)
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'tooSmall' });
    if (Number(p.maxAmount) <= 0) ctx.addIssue({ code: 'custom', path: ['maxAmount'], message: 'tooSmall' });
    if (p.endDate !== null && p.endDate <= p.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'invalid' });
  });
export type BoPromotionInput = z.infer<typeof BoPromotionInputSchema>;

export const BoPromotionSchema = z.object({
  id: z.number(),
  categoryId: z.number(),
  kind: z.enum(PROMOTION_KINDS),
  issuance: z.enum(ISSUANCE_MODES),
  percent: z.string(),
  maxAmount: z.string(),
  minDeposit: z.string(),
  turnoverMultiple: z.string(),
  texts: z.record(z.string(), z.object({ title: z.string(), content: z.string() })),
  imageUrl: z.string().nullable(),
  startDate: z.number(),
  endDate: z.number().nullable(),
  sortOrder: z.number(),
  closed: z.boolean(),
  applications: z.object({ pending: z.number(), issued: z.number(), rejected: z.number() }),
});
export type BoPromotion = z.infer<typeof BoPromotionSchema>;

export const BoPromotionIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_000_000_000) });

export const BoApplicationsQuerySchema = z
  .object({
    status: z.enum(APPLICATION_STATUSES).optional(),
    promotionId: z.coerce.number().int().min(1).max(2_000_000_000).optional(),
    pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
export type BoApplicationsQuery = z.infer<typeof BoApplicationsQuerySchema>;

export const BoApplicationSchema = z.object({
  id: z.string(),
  promotionId: z.number(),
  promotionTitle: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  userName: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  depositId: z.string().nullable(),
  depositAmount: z.string().nullable(),
  /** The credited bonus, or what the rule suggests (null when the rule needs a deposit not yet made). */
  amount: z.string().nullable(),
  /** The most an operator may pay: the cap or the fixed amount. */
  maxAmount: z.string(),
  reason: z.string().nullable(),
  decidedBy: z.string().nullable(),
  createdAt: z.number(),
  decidedAt: z.number().nullable(),
});
export type BoApplication = z.infer<typeof BoApplicationSchema>;
export const BoApplicationPageSchema = pageOf(BoApplicationSchema);
export type BoApplicationPage = z.infer<typeof BoApplicationPageSchema>;

export const BoApplicationParamsSchema = z.object({ id: z.string().min(1).max(32) });
export const BoApproveSchema = z.object({ amount: AmountSchema.optional() }).strict();
export const BoRejectSchema = z.object({ reason: z.string().trim().min(1).max(200) }).strict();
export const BoDecisionSchema = z.object({
  id: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  amount: z.string().nullable(),
  duplicate: z.boolean(),
});
export type BoDecision = z.infer<typeof BoDecisionSchema>;
