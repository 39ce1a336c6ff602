import { z } from 'zod';
import { AmountSchema } from './money.ts';
import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  REALITY_CHECK_MINUTES,
  SELF_EXCLUSION_MONTHS,
  TIMEOUT_DAYS,
} from './responsible-gambling-rules.ts';

/**
 * Responsible gambling (architecture: "Responsible gambling (member)", money.md "Player protection"):
 * deposit, loss and wager limits over rolling windows, reality checks, time-outs and self-exclusion.
 * Amounts are decimal strings (money.ts), times epoch milliseconds.
 */

const LimitValueSchema = AmountSchema.nullable();

/** One kind's limits by window; in a PUT an omitted window stays as it is and null removes it. */
const PeriodLimitsUpdateSchema = z
  .object({
    day: LimitValueSchema.optional(),
    week: LimitValueSchema.optional(),
    month: LimitValueSchema.optional(),
  })
  .strict();

/** PUT /wps/member/limits: a partial document; omitted kinds, windows and fields stay as they are. */
export const LimitsUpdateSchema = z
  .object({
    deposit: PeriodLimitsUpdateSchema.optional(),
    loss: PeriodLimitsUpdateSchema.optional(),
    wager: PeriodLimitsUpdateSchema.optional(),
    realityCheckMinutes: z
      .number()
      .int()
      .min(REALITY_CHECK_MINUTES.min)
      .max(REALITY_CHECK_MINUTES.max)
      .nullable()
      .optional(),
  })
  .strict();
export type LimitsUpdate = z.infer<typeof LimitsUpdateSchema>;

const money = z.string();
const PeriodLimitsSchema = z.object({
  day: money.nullable(),
  week: money.nullable(),
  month: money.nullable(),
});
const PeriodUsageSchema = z.object({ day: money, week: money, month: money });

/** A raise or removal waiting for its 24 hours; `amount` null means the limit will be removed. */
export const PendingLimitSchema = z.object({
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS),
  amount: money.nullable(),
  effectiveAt: z.number(),
});
export type PendingLimit = z.infer<typeof PendingLimitSchema>;

/** GET|PUT /wps/member/limits: the limits in force, what is waiting, and the member's use of each window. */
export const LimitsSchema = z.object({
  deposit: PeriodLimitsSchema,
  loss: PeriodLimitsSchema,
  wager: PeriodLimitsSchema,
  realityCheckMinutes: z.number().nullable(),
  pending: z.array(PendingLimitSchema),
  /** Deposited, net lost (stakes minus wins and refunds; negative when ahead) and staked per window. */
  used: z.object({ deposit: PeriodUsageSchema, loss: PeriodUsageSchema, wager: PeriodUsageSchema }),
  timeoutUntil: z.number().nullable(),
  selfExcludedUntil: z.number().nullable(),
  currency: z.string(),
});
export type Limits = z.infer<typeof LimitsSchema>;

/** POST /wps/member/timeout */
export const TimeoutRequestSchema = z
  .object({ days: z.number().int().min(TIMEOUT_DAYS.min).max(TIMEOUT_DAYS.max) })
  .strict();
/** POST /wps/member/selfExclusion */
export const SelfExclusionRequestSchema = z
  .object({ months: z.number().int().min(SELF_EXCLUSION_MONTHS.min).max(SELF_EXCLUSION_MONTHS.max) })
  .strict();
/** The answer to both: when the break ends (a longer one already running is kept). */
export const BreakSchema = z.object({ until: z.number() });

/** GET /wps/member/session-summary: what a reality check shows, since this session signed in. */
export const SessionSummarySchema = z.object({
  signedInAt: z.number(),
  now: z.number(),
  staked: money,
  won: money,
  /** Wins and refunds minus stakes: negative when the member is down. */
  net: money,
  currency: z.string(),
  realityCheckMinutes: z.number().nullable(),
  /** A break the member is taking now (time-out or self-exclusion), shown on every page until it ends. */
  breakUntil: z.object({ kind: z.enum(['timeout', 'excluded']), until: z.number() }).nullable(),
});
export type SessionSummary = z.infer<typeof SessionSummarySchema>;
