import type { Generated } from 'kysely';

/** Tables of draw games (migration 2026_11_28_0700_draws). Money in minor units, times in epoch ms. */

/** One operator's settings of one draw game: schedule, closing, exposure cap, bet types. */
export interface DrawGamesTable {
  id: Generated<number>;
  operator_id: number;
  game_code: string;
  enabled: number;
  /** JSON: `{"kind":"interval","seconds":60}` or `{"kind":"daily","times":["12:00","20:00"]}` (UTC). */
  schedule: string;
  /** Betting closes this many seconds before the draw. */
  close_before_seconds: number;
  /** The most one draw may have to pay out (sum of tickets' possible wins); 0: no cap. */
  max_exposure: number;
  /** JSON: bet type → `{enabled, odds, minStake, maxStake}` (odds in hundredths; stakes minor units). */
  bet_types: string;
  updated_at: number;
}

/**
 * One draw. `status`: open (taking tickets until close_at) → settling (result drawn, tickets being
 * paid) → settled; or → voiding → void (every ticket refunded). The lease (`lease_owner`,
 * `lease_until`) names the instance settling it; a batch commits only while its instance holds it.
 */
export interface DrawsTable {
  id: Generated<number>;
  operator_id: number;
  game_code: string;
  numero: string;
  open_at: number;
  close_at: number;
  draw_at: number;
  status: string;
  /** Sealed with the secret box; revealed once the draw is settled or void. */
  server_seed: string;
  server_seed_hash: string;
  /** JSON DrawResult once drawn. */
  result: string | null;
  /** Sum of the possible wins of the draw's standing tickets. */
  exposure: number;
  stake_total: number;
  ticket_count: number;
  win_total: number;
  lease_owner: string | null;
  lease_until: number | null;
  void_reason: string | null;
  created_at: number;
  drawn_at: number | null;
  settled_at: number | null;
}

/** One purchase of tickets: one ledger entry (`entry_id`), idempotent per member and request id. */
export interface DrawOrdersTable {
  id: Generated<number>;
  order_id: string;
  operator_id: number;
  member_id: number;
  draw_id: number;
  request_id: string;
  stake: number;
  entry_id: number;
  created_at: number;
}

/** One ticket. `status`: open → won | lost (settled), cancelled (refunded by the member), void (refunded). */
export interface DrawTicketsTable {
  id: Generated<number>;
  ticket_id: string;
  operator_id: number;
  member_id: number;
  draw_id: number;
  order_id: string;
  game_code: string;
  bet_type: string;
  selection: string;
  stake: number;
  /** Odds in hundredths at the time of purchase. */
  odds: number;
  potential_win: number;
  status: string;
  win: number;
  created_at: number;
  settled_at: number | null;
  /** Bingo cards: the pattern prize table (JSON, hundredths) the card was bought under; null otherwise. */
  prizes: string | null;
}
