/**
 * Responsible gambling's rules as plain constants (no zod), so the player site can use them without
 * the schemas: the kinds and rolling windows of limits, the raise delay and the break lengths.
 */

export const LIMIT_KINDS = ['deposit', 'loss', 'wager'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

/** Rolling windows: `day` is the last 24 h, `week` the last 7 days, `month` the last 30 days. */
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

const HOUR = 3_600_000;
export const PERIOD_MS: Record<LimitPeriod, number> = {
  day: 24 * HOUR,
  week: 7 * 24 * HOUR,
  month: 30 * 24 * HOUR,
};

/** Raising or removing a limit waits this long; lowering or setting one applies at once. */
export const LIMIT_INCREASE_DELAY_MS = 24 * HOUR;

/** A time-out lasts 1 day to 6 weeks. */
export const TIMEOUT_DAYS = { min: 1, max: 42 } as const;
/** The time-outs the player site offers, in days. */
export const TIMEOUT_CHOICES = [1, 3, 7, 14, 30, 42] as const;

/** Self-exclusion lasts 6 months or more (at most 10 years). */
export const SELF_EXCLUSION_MONTHS = { min: 6, max: 120 } as const;
/** The self-exclusions the player site offers, in months. */
export const SELF_EXCLUSION_CHOICES = [6, 12, 24, 60] as const;

/** Reality-check interval in minutes; null turns the reminder off. */
export const REALITY_CHECK_MINUTES = { min: 5, max: 480 } as const;
/** The intervals the player site offers. */
export const REALITY_CHECK_CHOICES = [15, 30, 45, 60, 90, 120] as const;
