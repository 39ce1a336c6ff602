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
