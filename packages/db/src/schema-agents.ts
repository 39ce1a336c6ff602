import type { Generated } from 'kysely';

/** Tables of the agent network (migration 2026_11_29_2210_agents, decision 033). */

/** A member an operator made an agent; the agent's type is `members.type`. */
export interface AgentsTable {
  id: Generated<number>;
  operator_id: number;
  member_id: number;
  level: number;
  /** The affiliate code new members register with; unique per operator, upper case. */
  code: string;
  created_at: number;
  updated_at: number;
}

/** Closure of `members.upline_id`: one row per ancestor of a member, depth 1 = the direct upline. */
export interface AgentNetworkTable {
  operator_id: number;
  ancestor_id: number;
  member_id: number;
  depth: number;
}

/** Ready-made contract terms an operator offers agents (migration agent_contracts, decision 034). */
export interface AgentContractTemplatesTable {
  id: Generated<number>;
  operator_id: number;
  kind: string;
  name: string;
  /** JSON: `{ tiers: [{ min, minActive, rateBp, fixed }], cycle }`, minor units and basis points. */
  terms: string;
  created_at: number;
  updated_at: number;
}

/** A contract offered to a member; pending, then active, declined, withdrawn or ended. */
export interface AgentContractsTable {
  id: Generated<number>;
  operator_id: number;
  member_id: number;
  kind: string;
  terms: string;
  status: string;
  offered_by_member_id: number | null;
  offered_by_staff_id: number | null;
  created_at: number;
  decided_at: number | null;
  ended_at: number | null;
}

/** What one contract earned in one period, and what the ledger paid for it. */
export interface AgentCommissionsTable {
  id: Generated<number>;
  operator_id: number;
  member_id: number;
  contract_id: number;
  kind: string;
  period_key: string;
  period_start: number;
  period_end: number;
  currency: string;
  turnover: number;
  net_loss: number;
  active_members: number;
  amount: number;
  previous_amount: number | null;
  paid_amount: Generated<number>;
  paid_count: Generated<number>;
  status: string;
  computed_at: number;
  approved_by: number | null;
  approved_at: number | null;
  paid_at: number | null;
  entry_id: number | null;
}

/** Per operator: the job's auto-approval limit and its lease. */
export interface AgentSettingsTable {
  operator_id: number;
  auto_approve_limit: Generated<number>;
  lease_owner: string | null;
  lease_until: number | null;
  last_run_at: number | null;
}

/** A transfer between an agent and its downline or upline: debited, then done. */
export interface AgentTransfersTable {
  id: Generated<number>;
  operator_id: number;
  from_member_id: number;
  to_member_id: number;
  direction: string;
  amount: number;
  currency: string;
  request_id: string;
  status: string;
  created_at: number;
  done_at: number | null;
}
