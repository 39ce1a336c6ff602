import type { Generated } from 'kysely';

/** Tables of VIP ranks and manual rebate (migration 2026_11_27_0600_vip_rebate). */

export interface VipRanksTable {
  id: Generated<number>;
  operator_id: number;
  level: number;
  name: string;
  min_deposit: number;
  min_turnover: number;
  upgrade_bonus: number;
  birthday_bonus: number;
  /** Null: the operator's limits apply. */
  withdraw_daily_count: number | null;
  withdraw_daily_amount: number | null;
  /** JSON: game category → basis points of the settled stake. */
  rebate_rates: string;
  created_at: number;
  updated_at: number;
}

export interface RebateClaimsTable {
  id: Generated<number>;
  operator_id: number;
  member_id: number;
  /** `YYYY-MM-DD` in the operator's time zone. */
  period: string;
  vip_level: number;
  turnover: number;
  amount: number;
  currency: string;
  /** JSON: [{ category, turnover, rateBp, amount }]. */
  detail: string;
  from_entry_id: number;
  until_entry_id: number;
  entry_id: number;
  created_at: number;
}

/**
 * A member's running wagering total for VIP ranks (migration 2026_11_30_0100_ledger_functions):
 * `staked` is what their entries up to `through_entry` staked (ledger stakesBySource's rule), so a
 * rank check sums only the entries after it.
 */
export interface VipTurnoverTable {
  member_id: number;
  operator_id: number;
  through_entry: number;
  staked: number;
  updated_at: number;
}
