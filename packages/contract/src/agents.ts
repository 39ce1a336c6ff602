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

// ---------- contracts and commissions (issue 22, decision 034) ----------

/**
 * The three contracts of spec §2: a daily salary and an hourly salary paid on the team's turnover,
 * and a dividend paid on the team's net loss, each over its period.
 */
export const CONTRACT_KINDS = ['salary', 'hourly', 'dividend'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];
/** How often a dividend is reckoned; salaries are daily, hourly salaries hourly. */
export const DIVIDEND_CYCLES = ['day', 'week', 'month'] as const;
export type DividendCycle = (typeof DIVIDEND_CYCLES)[number];
/** Spec §3 "Contract request response": which contract requests wait for the member. */
export const CONTRACT_REQUEST_FIELD: Record<
  ContractKind,
  'dailysalreqtype' | 'contracthoursalreq' | 'divtypecompperiodreq'
> = {
  salary: 'dailysalreqtype',
  hourly: 'contracthoursalreq',
  dividend: 'divtypecompperiodreq',
};
/** The spec's contract pages (§2). */
export const CONTRACT_PAGE: Record<ContractKind, string> = {
  salary: '/m/member/agent/getSalaryContract',
  hourly: '/m/member/agent/getHourContract',
  dividend: '/m/member/agent/getDevidendContract',
};
export const contractExempt = (type: number) => CONTRACT_EXEMPT_TYPES.includes(type);

/** A percentage with at most two decimals, 0–100 ("1.25"). */
export const RateSchema = z
  .string()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'invalidFormat')
  .refine((v) => Number(v) <= 100, 'tooBig');

/**
 * One step of a contract: reached when the period's basis (turnover for salaries, net loss for the
 * dividend) is at least `min` and at least `minActive` team members bet; pays `fixed` plus `rate`
 * per cent of the basis. The highest step reached pays.
 */
export const ContractTierSchema = z
  .object({
    min: z.string().regex(/^\d{1,13}(\.\d{1,2})?$/, 'invalidFormat'),
    minActive: z.number().int().min(0).max(100_000),
    rate: RateSchema,
    fixed: z
      .string()
      .regex(/^\d{1,13}(\.\d{1,2})?$/, 'invalidFormat')
      .default('0.00'),
  })
  .strict();
export type ContractTier = z.infer<typeof ContractTierSchema>;

export const ContractTermsSchema = z
  .object({
    tiers: z.array(ContractTierSchema).min(1).max(10),
    /** Dividend only: the period it is reckoned over. */
    cycle: z.enum(DIVIDEND_CYCLES).default('day'),
  })
  .strict();
export type ContractTerms = z.infer<typeof ContractTermsSchema>;

export const ContractKindSchema = z.enum(CONTRACT_KINDS);
export const ContractStatusSchema = z.enum(['pending', 'active', 'declined', 'withdrawn', 'ended']);

export const ContractSchema = z.object({
  id: z.number(),
  kind: ContractKindSchema,
  status: ContractStatusSchema,
  terms: ContractTermsSchema,
  /** Who offered it: the operator, or the member's upline (its username). */
  offeredBy: z.string().nullable(),
  createdAt: z.number(),
  decidedAt: z.number().nullable(),
});
export type Contract = z.infer<typeof ContractSchema>;

/** GET /wps/agent/contracts/:kind — what the contract page shows. */
export const ContractPageSchema = z.object({
  kind: ContractKindSchema,
  currency: z.string(),
  pending: ContractSchema.nullable(),
  active: ContractSchema.nullable(),
  /** My own active contract of this kind lets me offer one to my direct members. */
  canOffer: z.boolean(),
});
export type ContractPage = z.infer<typeof ContractPageSchema>;

export const ContractKindParamsSchema = z.object({ kind: ContractKindSchema }).strict();
export const ContractIdParamsSchema = z.object({ id: z.coerce.number().int().positive() }).strict();

/** GET /wps/agent/contractRequests (spec §3): true where a request waits for the member. */
export const ContractRequestsSchema = z.object({
  dailysalreqtype: z.boolean(),
  divtypecompperiodreq: z.boolean(),
  contracthoursalreq: z.boolean(),
});
export type ContractRequests = z.infer<typeof ContractRequestsSchema>;

/** POST /wps/agent/contracts/offer: an agent offers a contract to a member directly below it. */
export const ContractOfferSchema = z
  .object({
    userName: z.string().trim().min(1).max(64),
    kind: ContractKindSchema,
    terms: ContractTermsSchema,
  })
  .strict();
export type ContractOffer = z.infer<typeof ContractOfferSchema>;

/** POST /wps/agent/transfer: money to a member of my downline, or to my upline (TRANSUP3). */
export const AgentTransferSchema = z
  .object({
    userName: z.string().trim().min(1).max(64),
    direction: z.enum(['down', 'up']),
    amount: z
      .string()
      .regex(/^\d{1,13}(\.\d{1,2})?$/, 'invalidFormat')
      .refine((v) => Number(v) > 0, 'tooSmall'),
    fundPassword: z.string().min(1).max(64),
    /** The client's id for this transfer: a retry with it transfers once. */
    requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'invalidFormat'),
  })
  .strict();
export type AgentTransfer = z.infer<typeof AgentTransferSchema>;

export const AgentTransferResultSchema = z.object({
  transferId: z.number(),
  userName: z.string(),
  amount: z.string(),
  balance: z.string(),
});
export type AgentTransferResult = z.infer<typeof AgentTransferResultSchema>;

/** My commissions, newest period first (agent centre). */
export const MyCommissionSchema = z.object({
  kind: ContractKindSchema,
  periodKey: z.string(),
  periodStart: z.number(),
  periodEnd: z.number(),
  basis: z.string(),
  amount: z.string(),
  paid: z.string(),
  status: z.string(),
});
export const MyCommissionsSchema = z.object({ list: z.array(MyCommissionSchema), currency: z.string() });
export type MyCommissions = z.infer<typeof MyCommissionsSchema>;

// back office

export const BoTemplateBodySchema = z
  .object({ name: z.string().trim().min(1).max(64), kind: ContractKindSchema, terms: ContractTermsSchema })
  .strict();
export type BoTemplateBody = z.infer<typeof BoTemplateBodySchema>;
export const BoTemplateSchema = BoTemplateBodySchema.extend({ id: z.number(), updatedAt: z.number() });
export type BoTemplate = z.infer<typeof BoTemplateSchema>;

/** POST /bo/api/agents/contracts: offer a template's (or these) terms to an agent. */
export const BoOfferBodySchema = z
  .object({
    userName: z.string().trim().min(1).max(64),
    templateId: z.number().int().positive().optional(),
    kind: ContractKindSchema.optional(),
    terms: ContractTermsSchema.optional(),
  })
  .strict()
  .refine((b) => b.templateId !== undefined || (b.kind !== undefined && b.terms !== undefined), {
    message: 'required',
    path: ['templateId'],
  });
export type BoOfferBody = z.infer<typeof BoOfferBodySchema>;

export const BoContractSchema = ContractSchema.extend({ userName: z.string() });
export type BoContract = z.infer<typeof BoContractSchema>;
export const BoContractsQuerySchema = z
  .object({
    userName: z.string().trim().max(64).optional(),
    status: ContractStatusSchema.optional(),
  })
  .strict();

export const COMMISSION_STATUSES = ['nil', 'pending', 'approved', 'paid', 'rejected'] as const;
export const BoCommissionsQuerySchema = z
  .object({
    userName: z.string().trim().max(64).optional(),
    status: z.enum(COMMISSION_STATUSES).optional(),
    kind: ContractKindSchema.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
export type BoCommissionsQuery = z.infer<typeof BoCommissionsQuerySchema>;

export const BoCommissionSchema = z.object({
  id: z.number(),
  userName: z.string(),
  kind: ContractKindSchema,
  periodKey: z.string(),
  periodStart: z.number(),
  periodEnd: z.number(),
  currency: z.string(),
  turnover: z.string(),
  netLoss: z.string(),
  activeMembers: z.number(),
  amount: z.string(),
  paid: z.string(),
  /** What a recompute changed: amount − paid (positive: owed, negative: paid too much). */
  difference: z.string(),
  /** The amount before the last recompute (null when never recomputed). */
  previousAmount: z.string().nullable(),
  status: z.enum(COMMISSION_STATUSES),
  computedAt: z.number(),
  paidAt: z.number().nullable(),
});
export type BoCommission = z.infer<typeof BoCommissionSchema>;
export const BoCommissionPageSchema = z.object({
  items: z.array(BoCommissionSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Totals of the listed filter: computed and paid. */
  totalAmount: z.string(),
  totalPaid: z.string(),
});
export type BoCommissionPage = z.infer<typeof BoCommissionPageSchema>;

export const BoCommissionSettingsSchema = z
  .object({
    /** Commissions up to this amount are approved by the job and paid at once; "0.00": every one waits. */
    autoApproveLimit: z.string().regex(/^\d{1,13}(\.\d{1,2})?$/, 'invalidFormat'),
  })
  .strict();
export type BoCommissionSettings = z.infer<typeof BoCommissionSettingsSchema>;

export const BoCommissionRunSchema = z.object({
  computed: z.number(),
  paid: z.number(),
  transfersCompleted: z.number(),
  /** False when another instance held the job's lease: nothing was done. */
  ran: z.boolean(),
});
export type BoCommissionRun = z.infer<typeof BoCommissionRunSchema>;
