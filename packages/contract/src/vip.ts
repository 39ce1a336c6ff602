import { z } from 'zod';
import { GAME_CATEGORIES } from './game-categories.ts';
import { AmountSchema } from './money.ts';
import { PercentSchema } from './payments.ts';

/**
 * VIP ranks (/m/member/benefits) and manual rebate (/m/member/manualRebate): spec §2 (header VIP
 * label), §3 (VIP: currentProgress, playerRankProgress, hasVip), §4 (progress), §6 (VIP3, MANREBATE3).
 * Amounts are decimal strings (money.ts); rebate rates are percents with two decimals ("0.80").
 */

/** Categories a rebate rate is set for: the lobby's categories (in-house rounds count as INHOUSE). */
export const REBATE_CATEGORIES = GAME_CATEGORIES;
export type RebateCategory = (typeof GAME_CATEGORIES)[number];

/** The highest rank level an operator may define. */
export const MAX_VIP_LEVEL = 20;

// ---------- rules shared by the server and the player site ----------

/** A rank's conditions in minor units (0 = no condition). */
export interface RankConditions {
  level: number;
  minDeposit: number;
  minTurnover: number;
}

/** The conditions a rank names (a zero threshold is no condition). */
export function expectedConditions(rank: RankConditions): number {
  return (rank.minDeposit > 0 ? 1 : 0) + (rank.minTurnover > 0 ? 1 : 0);
}

/** How many of the rank's conditions the member's real deposits and settled stakes meet. */
export function completedConditions(rank: RankConditions, deposits: number, turnover: number): number {
  return (
    (rank.minDeposit > 0 && deposits >= rank.minDeposit ? 1 : 0) +
    (rank.minTurnover > 0 && turnover >= rank.minTurnover ? 1 : 0)
  );
}

/** The highest level whose conditions are all met (ranks in any order), or 0. */
export function qualifyingLevel(
  ranks: readonly RankConditions[],
  deposits: number,
  turnover: number,
): number {
  let level = 0;
  for (const r of ranks)
    if (r.level > level && completedConditions(r, deposits, turnover) === expectedConditions(r))
      level = r.level;
  return level;
}

/**
 * Spec §4: progress is 1 when the player has no rank label, otherwise completed divided by total
 * expected (a rank with nothing left to meet, such as the top one, is complete: 1).
 */
export function vipProgress(hasLabel: boolean, completed: number, totalExpected: number): number {
  if (!hasLabel || totalExpected <= 0) return 1;
  return Math.min(1, Math.max(0, completed / totalExpected));
}

/** The rebate of `turnover` minor units at `bp` basis points, rounded down to the minor unit. */
export function rebateOf(turnover: number, bp: number): number {
  if (turnover <= 0 || bp <= 0) return 0;
  return Math.floor((turnover * bp) / 10_000);
}

// ---------- member: /wps/member/vip ----------

export const RebateRatesSchema = z.partialRecord(z.enum(REBATE_CATEGORIES), PercentSchema);
export type RebateRates = z.infer<typeof RebateRatesSchema>;

export const VipRankSchema = z.object({
  level: z.number(),
  name: z.string(),
  minDeposit: z.string(),
  minTurnover: z.string(),
  upgradeBonus: z.string(),
  birthdayBonus: z.string(),
  /** Null: the operator's limits apply; otherwise the higher of the rank's and the operator's. */
  withdrawDailyCount: z.number().nullable(),
  withdrawDailyAmount: z.string().nullable(),
  rebateRates: RebateRatesSchema,
});
export type VipRank = z.infer<typeof VipRankSchema>;

export const VipBonusSchema = z.object({
  kind: z.enum(['upgrade', 'birthday']),
  level: z.number(),
  amount: z.string(),
  at: z.number(),
});
export type VipBonus = z.infer<typeof VipBonusSchema>;

/** The benefits page and the header's label (spec §3 VIP fields, plus the figures behind them). */
export const VipSummarySchema = z.object({
  hasVip: z.boolean(),
  currentProgress: z.object({ completedConditions: z.number(), totalExpectedConditions: z.number() }),
  playerRankProgress: z.object({ labelId: z.number().nullable(), labelName: z.string().nullable() }),
  /** 0 to 1, spec §4. */
  progress: z.number(),
  level: z.number(),
  currency: z.string(),
  /** Real deposits credited and stakes settled, all time. */
  deposits: z.string(),
  turnover: z.string(),
  next: VipRankSchema.nullable(),
  ranks: z.array(VipRankSchema),
  bonuses: z.array(VipBonusSchema),
});
export type VipSummary = z.infer<typeof VipSummarySchema>;

// ---------- member: /wps/member/rebate ----------

export const RebateLineSchema = z.object({
  category: z.enum(REBATE_CATEGORIES),
  turnover: z.string(),
  ratePercent: z.string(),
  amount: z.string(),
});
export type RebateLine = z.infer<typeof RebateLineSchema>;

export const RebateSummarySchema = z.object({
  /** The claim period (`YYYY-MM-DD` in the operator's time zone). */
  period: z.string(),
  timeZone: z.string(),
  level: z.number(),
  rankName: z.string().nullable(),
  currency: z.string(),
  /** Stakes settled since the last claim, by category, with the member's rate and rebate. */
  lines: z.array(RebateLineSchema),
  turnover: z.string(),
  amount: z.string(),
  /** Whether this period's claim was made; the next one opens at `nextPeriodAt`. */
  claimed: z.boolean(),
  nextPeriodAt: z.number(),
});
export type RebateSummary = z.infer<typeof RebateSummarySchema>;

export const RebateClaimSchema = z.object({
  claimId: z.number(),
  period: z.string(),
  level: z.number(),
  turnover: z.string(),
  amount: z.string(),
  currency: z.string(),
  lines: z.array(RebateLineSchema),
  createdAt: z.number(),
});
export type RebateClaim = z.infer<typeof RebateClaimSchema>;

export const RebateClaimResponseSchema = RebateClaimSchema.extend({ balance: z.string() });
export type RebateClaimResponse = z.infer<typeof RebateClaimResponseSchema>;

export const RebateHistoryQuerySchema = z
  .object({
    pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(50).default(20),
  })
  .strict();

export const RebateHistorySchema = z.object({
  list: z.array(RebateClaimSchema),
  pageNo: z.number(),
  pageSize: z.number(),
  totalCount: z.number(),
  totalPages: z.number(),
});
export type RebateHistory = z.infer<typeof RebateHistorySchema>;

// ---------- back office: /bo/api/vip/ranks ----------

export const VipRankBodySchema = z
  .object({
    name: z.string().trim().min(1).max(32),
    minDeposit: AmountSchema,
    minTurnover: AmountSchema,
    upgradeBonus: AmountSchema,
    birthdayBonus: AmountSchema,
    withdrawDailyCount: z.number().int().min(1).max(1000).nullable(),
    withdrawDailyAmount: AmountSchema.nullable(),
    rebateRates: RebateRatesSchema,
  })
  .strict();
export type VipRankBody = z.infer<typeof VipRankBodySchema>;

export const VipLevelParamsSchema = z.object({ level: z.coerce.number().int().min(0).max(MAX_VIP_LEVEL) });
