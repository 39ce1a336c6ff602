import type { Generated } from 'kysely';

/** Tables of staff accounts (migration 2026_11_28_0100_staff_accounts). */

/** An adjustment above the operator's threshold, waiting for a second member of staff. */
export interface AdjustmentRequestsTable {
  id: Generated<number>;
  operator_id: number;
  member_id: number;
  user_name: string;
  /** Signed minor units: a credit is positive. */
  amount: number;
  reason: string;
  /** The requester's key (or one made for them): the ledger entry is posted under it once approved. */
  idempotency_key: string;
  /** pending | approved | rejected */
  status: string;
  requested_by: number;
  requested_at: number;
  decided_by: number | null;
  decided_at: number | null;
  entry_id: number | null;
  note: string | null;
}
