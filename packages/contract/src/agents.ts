import { z } from 'zod';
import { NON_AGENT_TYPES } from './account.ts';

/*
 * Agents (spec §6, issue 22, decision 033): members an operator makes agents, each with a type, a
 * level and an affiliate code; members who register with that code (or the agent's link) join the
 * agent's downline. Amounts are decimal strings; times epoch milliseconds.
 */

/** Types 4, 40, 41 and 42 are not asked to accept contracts at sign-in (spec §6). */
export const CONTRACT_EXEMPT_TYPES: readonly number[] = [4, 40, 41, 42];
/** Type 2 never transfers to its upline (spec §6). */
export const NO_TRANSFER_UP_TYPE = 2;
/** The query parameter of an agent's registration link: `/m/register?affiliateCode=CODE`. */
export const AGENT_LINK_PARAM = 'affiliateCode';
export const AGENT_LEVEL_MAX = 20;

export const isAgentType = (type: number) => !NON_AGENT_TYPES.includes(type);

/** An agent type: any integer 1–99 the spec does not name a non-agent (0, 4, 40). */
export const AgentTypeSchema = z
  .number()
  .int()
  .max(99)
  .refine((t) => t > 0 && isAgentType(t), 'notAgentType');

export const AgentCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{4,16}$/);

// ---------- back office ----------

/** PUT /bo/api/agents: make a member an agent, or change an agent's type or level. */
export const BoAgentBodySchema = z
  .object({
    userName: z.string().trim().min(1).max(64),
    type: AgentTypeSchema,
    level: z.number().int().min(1).max(AGENT_LEVEL_MAX),
  })
  .strict();
export type BoAgentBody = z.infer<typeof BoAgentBodySchema>;

export const BoAgentUserParamsSchema = z.object({ userName: z.string().trim().min(1).max(64) }).strict();

export const BoAgentsQuerySchema = z
  .object({
    q: z.string().trim().max(64).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
export type BoAgentsQuery = z.infer<typeof BoAgentsQuerySchema>;

export const BoAgentSchema = z.object({
  memberId: z.number(),
  userName: z.string(),
  type: z.number(),
  level: z.number(),
  code: z.string(),
  /** The agent's own upline (null when it registered under nobody). */
  upline: z.string().nullable(),
  /** Members registered directly under the agent. */
  direct: z.number(),
  /** The whole downline, every depth. */
  team: z.number(),
  createdAt: z.number(),
});
export type BoAgent = z.infer<typeof BoAgentSchema>;

export const BoAgentPageSchema = z.object({
  items: z.array(BoAgentSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type BoAgentPage = z.infer<typeof BoAgentPageSchema>;

export const BoAgentRemovedSchema = z.object({ userName: z.string(), type: z.number() });

// ---------- agent centre (member token) ----------

/** GET /wps/agent/home: the signed-in agent's code, link and team size. */
export const AgentHomeSchema = z.object({
  userName: z.string(),
  type: z.number(),
  level: z.number(),
  code: z.string(),
  /** Site-relative registration path with the code. */
  path: z.string(),
  link: z.string(),
  /** The link as a QR code: an SVG data URL. */
  qr: z.string(),
  upline: z.string().nullable(),
  currency: z.string(),
  direct: z.number(),
  team: z.number(),
});
export type AgentHome = z.infer<typeof AgentHomeSchema>;

/** GET /wps/agent/teamKpi: the downline's figures over a period (spec §7 "Team KPI: GET with query"). */
export const TeamKpiSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  /** Members who joined the downline in the period. */
  registrations: z.number(),
  /** Downline members whose first deposit fell in the period, and its total. */
  firstDeposits: z.number(),
  firstDepositAmount: z.string(),
  /** Downline members who placed at least one bet in the period. */
  bettors: z.number(),
  /** Stakes less rolled-back stakes. */
  turnover: z.string(),
  /** Wins paid to the downline. */
  payout: z.string(),
  /** The downline's net result (payout − turnover); negative when the team lost. */
  profitLoss: z.string(),
  deposits: z.string(),
  withdrawals: z.string(),
});
export type TeamKpi = z.infer<typeof TeamKpiSchema>;

/** GET /wps/agent/team */
export const TeamQuerySchema = z
  .object({
    pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    userName: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(64).optional()),
    /** Only members registered directly under me. */
    direct: z.preprocess(
      (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
      z.boolean().optional(),
    ),
  })
  .strict();
export type TeamQuery = z.infer<typeof TeamQuerySchema>;

export const TeamMemberSchema = z.object({
  userName: z.string(),
  /** 1 = registered directly under me. */
  depth: z.number(),
  agent: z.boolean(),
  registeredAt: z.number(),
  lastLoginAt: z.number().nullable(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const TeamPageSchema = z.object({
  list: z.array(TeamMemberSchema),
  pageNo: z.number(),
  pageSize: z.number(),
  totalCount: z.number(),
  totalPages: z.number(),
});
export type TeamPage = z.infer<typeof TeamPageSchema>;
