import { z } from 'zod';
import { AmountSchema } from './money.ts';
import { pageOf } from './payments.ts';

/**
 * The reward centre (spec §2 Mine page and footer badges, §3 "Rewards", §6 REWCEN3): a daily
 * check-in with a streak, daily missions whose progress is read from the member's own activity
 * (stakes in the ledger, games played or launched, deposits credited) and a daily login reward.
 * A day is a day in the operator's time zone (payment settings). Amounts are decimal strings.
 */

export const MISSION_TYPES = ['wager', 'games', 'deposit', 'login'] as const;
/**
 * wager: stakes today reach `target` (an amount). games: `target` different games played or launched
 * today (a count). deposit: deposits credited today reach `target` (an amount). login: signed in today.
 */
export type MissionType = (typeof MISSION_TYPES)[number];
/** Mission types whose target and progress are amounts (the others are counts). */
export const MONEY_MISSIONS: readonly MissionType[] = ['wager', 'deposit'];

export const MISSION_STATUSES = ['inProgress', 'claimable', 'claimed'] as const;
export type MissionStatus = (typeof MISSION_STATUSES)[number];

/** A wagering multiple of the credited reward, 0 to 100 with at most two decimals. */
const TurnoverMultipleSchema = z.number().min(0).max(100);

export const MissionSchema = z.object({
  id: z.number(),
  type: z.enum(MISSION_TYPES),
  /** An amount ("500.00") for wager and deposit, a count ("3") for games and login. */
  target: z.string(),
  progress: z.string(),
  reward: z.string(),
  turnoverMultiple: z.number(),
  status: z.enum(MISSION_STATUSES),
});
export type Mission = z.infer<typeof MissionSchema>;

export const CheckInSchema = z.object({
  enabled: z.boolean(),
  /** Days checked in in a row, today included when checked in today (0 after a missed day). */
  streak: z.number(),
  checkedInToday: z.boolean(),
  /** The day of the cycle (1-based) that today's check-in pays (or paid). */
  todayIndex: z.number(),
  /** The reward of each day of the cycle; after the last the cycle starts again. */
  days: z.array(z.string()),
  turnoverMultiple: z.number(),
});
export type CheckIn = z.infer<typeof CheckInSchema>;

/** GET /wps/rewards: the reward centre. */
export const RewardCentreSchema = z.object({
  /** Today in the operator's time zone, YYYY-MM-DD. */
  day: z.string(),
  timeZone: z.string(),
  checkIn: CheckInSchema,
  missions: z.array(MissionSchema),
});
export type RewardCentre = z.infer<typeof RewardCentreSchema>;

const PromoCount = z.object({ enabled: z.boolean(), count: z.number() });
/** GET /wps/rewards/summary (spec §3 "Rewards"): rewards claimable now, in total and by key. */
export const RewardSummarySchema = z.object({
  unclaimed: z.number(),
  promos: z.object({ MISSION: PromoCount, LOGIN: PromoCount, CHECKIN: PromoCount }),
});
export type RewardSummary = z.infer<typeof RewardSummarySchema>;

export const ClaimResultSchema = z.object({
  amount: z.string(),
  balance: z.string(),
  /** Wagering this reward added to the member's turnover requirement. */
  turnover: z.string(),
  /** The check-in streak after this claim (check-ins only). */
  streak: z.number().optional(),
});
export type ClaimResult = z.infer<typeof ClaimResultSchema>;

export const MissionParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31),
});

// ---------- back office ----------

export const MissionAdminSchema = z.object({
  id: z.number(),
  type: z.enum(MISSION_TYPES),
  target: z.string(),
  reward: z.string(),
  turnoverMultiple: z.number(),
  active: z.boolean(),
  sortOrder: z.number(),
  updatedAt: z.number(),
});
export type MissionAdmin = z.infer<typeof MissionAdminSchema>;

/** A count target: a whole number 1 to 1000. */
const CountSchema = z.string().regex(/^[1-9]\d{0,2}$|^1000$/, 'invalidFormat');

export const MissionCreateSchema = z
  .object({
    type: z.enum(MISSION_TYPES),
    /** An amount for wager and deposit, a count for games; login ignores it (1). */
    target: z.union([AmountSchema, CountSchema]),
    reward: AmountSchema,
    turnoverMultiple: TurnoverMultipleSchema.default(1),
    active: z.boolean().default(true),
    sortOrder: z.number().int().min(0).max(10_000).default(0),
  })
  .strict();
export type MissionCreate = z.infer<typeof MissionCreateSchema>;

export const MissionUpdateSchema = z
  .object({
    target: z.union([AmountSchema, CountSchema]).optional(),
    reward: AmountSchema.optional(),
    turnoverMultiple: TurnoverMultipleSchema.optional(),
    active: z.boolean().optional(),
    sortOrder: z.number().int().min(0).max(10_000).optional(),
  })
  .strict();
export type MissionUpdate = z.infer<typeof MissionUpdateSchema>;

export const CheckInSettingsSchema = z
  .object({
    enabled: z.boolean(),
    /** The reward of each day of the streak cycle, 1 to 31 days. */
    days: z.array(AmountSchema).min(1).max(31),
    turnoverMultiple: TurnoverMultipleSchema,
  })
  .strict();
export type CheckInSettings = z.infer<typeof CheckInSettingsSchema>;

export const ClaimKindSchema = z.enum(['checkin', 'mission']);

export const ClaimQuerySchema = z.object({
  userName: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(64).optional()),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ClaimQuery = z.infer<typeof ClaimQuerySchema>;

export const ClaimItemSchema = z.object({
  id: z.number(),
  userName: z.string(),
  kind: ClaimKindSchema,
  missionId: z.number().nullable(),
  missionType: z.enum(MISSION_TYPES).nullable(),
  period: z.string(),
  streak: z.number().nullable(),
  amount: z.string(),
  turnover: z.string(),
  entryId: z.number(),
  createdAt: z.number(),
});
export type ClaimItem = z.infer<typeof ClaimItemSchema>;
export const ClaimPageSchema = pageOf(ClaimItemSchema);
export type ClaimPage = z.infer<typeof ClaimPageSchema>;
