import { z } from 'zod';
import { AmountSchema } from './money.ts';

/*
 * Invite friends (spec §2 side menu and drop-down "invite/referral", §6 referral entry): a member's
 * referral code and link, the friends who registered with it, and the reward paid once per friend
 * whose first deposit reaches the operator's threshold.
 */

export const REFERRAL_STATUSES = ['registered', 'deposited', 'qualified'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** The query parameter of a referral link: `/m/register?ref=CODE`. */
export const REFERRAL_LINK_PARAM = 'ref';
export const ReferralCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{6,16}$/);

export const ReferralFriendSchema = z.object({
  /** Masked username (first and last characters). */
  name: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  registeredAt: z.number(),
  qualifiedAt: z.number().nullable(),
  /** The reward paid for this friend ("0.00" until qualified). */
  reward: z.string(),
});
export type ReferralFriend = z.infer<typeof ReferralFriendSchema>;

/** GET /wps/referral/summary: the signed-in member's own code, link and friends. */
export const ReferralSummarySchema = z.object({
  code: z.string(),
  /** Site-relative registration path with the code, e.g. `/m/register?ref=AB12CD34`. */
  path: z.string(),
  /** The whole link to share (the site's public address plus `path`). */
  link: z.string(),
  /** The link as a QR code: an SVG data URL. */
  qr: z.string(),
  /** Whether rewards are paid now (the operator's REFERRAL promotion). */
  enabled: z.boolean(),
  rewardAmount: z.string(),
  minDeposit: z.string(),
  currency: z.string(),
  invited: z.number(),
  qualified: z.number(),
  earned: z.string(),
  friends: z.array(ReferralFriendSchema),
});
export type ReferralSummary = z.infer<typeof ReferralSummarySchema>;

// ---------- back office ----------

export const ReferralSettingsSchema = z
  .object({
    /** Paid to the referrer once per qualified friend, from the house bonus account. */
    rewardAmount: AmountSchema,
    /** A friend qualifies with a first deposit of at least this amount. */
    minDeposit: AmountSchema,
    /** Wagering required per unit of reward before it can be withdrawn. */
    turnoverMultiplier: z.number().min(0).max(100),
  })
  .strict();
export type ReferralSettings = z.infer<typeof ReferralSettingsSchema>;
export const ReferralSettingsPatchSchema = ReferralSettingsSchema.partial().strict();

export const BoReferralsQuerySchema = z
  .object({
    status: z.enum(REFERRAL_STATUSES).optional(),
    referrer: z.string().trim().max(64).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();

export const BoReferralSchema = z.object({
  id: z.number(),
  referrer: z.string(),
  friend: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  firstDeposit: z.string().nullable(),
  reward: z.string().nullable(),
  createdAt: z.number(),
  qualifiedAt: z.number().nullable(),
});
export const BoReferralPageSchema = z.object({
  items: z.array(BoReferralSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
