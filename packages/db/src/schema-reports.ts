/** Tables of the back office's reports (migration 2026_12_01_0400_report_totals, decision 040). */

/** What one day's journal says, per dimension key; money in minor units. */
export interface ReportDailyTotalsTable {
  operator_id: number;
  currency: string;
  /** all | vendor | game | channel | agent */
  dimension: string;
  /** YYYY-MM-DD in the operator's time zone. */
  day: string;
  /** '' for `all`; the vendor code; `VENDOR/GAME`; the registration channel; the agent's member id. */
  dim_key: string;
  stakes: number;
  wins: number;
  bets: number;
  bonuses: number;
  commissions: number;
  adjustments: number;
  deposits: number;
  deposit_count: number;
  withdrawals: number;
  withdrawal_count: number;
  /** Members who staked that day under the key (distinct within the day). */
  players: number;
}

/** A member who staked on a day, per dimension key (distinct players over any period). */
export interface ReportMemberDaysTable {
  operator_id: number;
  currency: string;
  dimension: string;
  day: string;
  dim_key: string;
  member_id: number;
}

/** A member's first credited deposit. */
export interface ReportFirstDepositsTable {
  member_id: number;
  operator_id: number;
  currency: string;
  day: string;
  entry_id: number;
  amount: number;
}

/** The report job's place in the journal. */
export interface ReportWatermarkTable {
  name: string;
  through_id: number;
  seen_id: number;
  /** JSON [[entryId, firstMissedAtMs], …]: ids after `through_id` not visible when last read. */
  gaps: string;
  version: number;
  updated_at: number;
}
