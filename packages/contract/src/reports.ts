import { z } from 'zod';

/**
 * The back office's dashboard and reports (decision 040): figures read from the daily totals the
 * report job keeps off the journal. Money is a decimal string in the operator's currency.
 */

const blank = (v: unknown) => (v === '' ? undefined : v);
const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'invalidFormat');

export const REPORT_PERIODS = ['day', 'week', 'month'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const REPORT_DIMENSIONS = ['all', 'vendor', 'game', 'channel', 'agent'] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];
/** The longest period one report covers. */
export const REPORT_MAX_DAYS = 366;

export const ReportQuerySchema = z
  .object({
    startDate: z.preprocess(blank, DaySchema.optional()),
    endDate: z.preprocess(blank, DaySchema.optional()),
    period: z.preprocess(blank, z.enum(REPORT_PERIODS).default('day')),
    by: z.preprocess(blank, z.enum(REPORT_DIMENSIONS).default('all')),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
export type ReportQuery = z.input<typeof ReportQuerySchema>;

const FiguresSchema = z.object({
  stakes: z.string(),
  wins: z.string(),
  /** stakes − wins */
  ggr: z.string(),
  bonuses: z.string(),
  commissions: z.string(),
  /** GGR − bonuses − commissions */
  ngr: z.string(),
  bets: z.number(),
  deposits: z.string(),
  depositCount: z.number(),
  withdrawals: z.string(),
  withdrawalCount: z.number(),
  /** Members who staked (distinct over the row's period). */
  players: z.number(),
  /** Members who registered (null where the dimension says nothing about members: vendor, game). */
  newPlayers: z.number().nullable(),
  firstDeposits: z.number().nullable(),
});
export type ReportFigures = z.infer<typeof FiguresSchema>;

export const ReportRowSchema = FiguresSchema.extend({
  /** The row's day, the Monday of its week, or its month (`YYYY-MM`). */
  period: z.string(),
  /** The vendor, `VENDOR/GAME`, the registration channel or the agent's username; '' for all. */
  key: z.string(),
});
export type ReportRow = z.infer<typeof ReportRowSchema>;

export const ReportSchema = z.object({
  currency: z.string(),
  timeZone: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  period: z.enum(REPORT_PERIODS),
  by: z.enum(REPORT_DIMENSIONS),
  rows: z.array(ReportRowSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** When the totals were last moved on (epoch ms). */
  asOf: z.number().nullable(),
});
export type Report = z.infer<typeof ReportSchema>;

export const DashboardDaySchema = FiguresSchema.extend({ day: z.string() });
export type DashboardDay = z.infer<typeof DashboardDaySchema>;

export const DashboardQueuesSchema = z.object({
  pendingDeposits: z.number(),
  pendingWithdrawals: z.number(),
  identityReviews: z.number(),
  waitingChats: z.number(),
  promotionApplications: z.number(),
  adjustmentApprovals: z.number(),
  feedback: z.number(),
  agentCommissions: z.number(),
});
export type DashboardQueues = z.infer<typeof DashboardQueuesSchema>;

export const DashboardSchema = z.object({
  currency: z.string(),
  timeZone: z.string(),
  today: DashboardDaySchema,
  yesterday: DashboardDaySchema,
  /** The last 30 days, oldest first, today last. */
  days: z.array(DashboardDaySchema),
  /** The 30 days together (players distinct over them). */
  month: FiguresSchema,
  queues: DashboardQueuesSchema,
  asOf: z.number().nullable(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
