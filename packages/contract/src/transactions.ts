import { z } from 'zod';
import { parseDay, RECORD_TYPES } from './account-record.ts';
import { ENTRY_KINDS } from './wallet.ts';

/**
 * The member's account record and statements (architecture: "Account record"): every movement of
 * their wallet from the ledger's journal, filtered by type and period, and a statement of a period
 * with its opening and closing balance. Amounts are decimal strings signed for the member (a stake
 * is "-1.00"), dates are days `YYYY-MM-DD` in the member's time zone, times epoch milliseconds.
 */

// ---------- requests ----------

/** A blank query value means the parameter is absent. */
const blank = (v: unknown) => (v === '' ? undefined : v);

const DaySchema = z
  .string()
  .max(10)
  .refine((v) => parseDay(v) !== undefined, 'invalidFormat')
  .describe('A day, YYYY-MM-DD, in timeZone');

/** An IANA time zone name (`Asia/Manila`); checked against the server's time-zone data. */
const TimeZoneSchema = z
  .string()
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, 'invalidFormat')
  .describe('IANA time zone the days are in (default UTC)');

const PeriodFields = {
  startDate: z.preprocess(blank, DaySchema.optional()),
  endDate: z.preprocess(blank, DaySchema.optional()),
  timeZone: z.preprocess(blank, TimeZoneSchema.optional()),
};

/** GET /wps/transaction/record */
export const RecordQuerySchema = z
  .object({
    pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    type: z.preprocess(blank, z.enum(['all', ...RECORD_TYPES]).optional()),
    ...PeriodFields,
  })
  .strict();
export type RecordQuery = z.infer<typeof RecordQuerySchema>;

/** GET /wps/transaction/statement and statement.csv */
export const StatementQuerySchema = z.object(PeriodFields).strict();
export type StatementQuery = z.infer<typeof StatementQuerySchema>;

// ---------- answers ----------

export const RecordItemSchema = z.object({
  /** The journal entry's id. */
  id: z.number(),
  type: z.enum(RECORD_TYPES),
  /** The exact entry kind (`rebate` within `bonus`, `transfer_out` within `transfer`). */
  kind: z.enum(ENTRY_KINDS),
  /** Signed for the member: "-1.00" left the wallet, "2.50" came in. */
  amount: z.string(),
  balanceAfter: z.string(),
  /** Epoch ms. */
  createdAt: z.number(),
  /** What the movement belongs to: a round id, a deposit id; null for an adjustment. */
  reference: z.string().nullable(),
});
export type RecordItem = z.infer<typeof RecordItemSchema>;

export const PeriodSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  timeZone: z.string(),
});

export const RecordPageSchema = PeriodSchema.extend({
  list: z.array(RecordItemSchema),
  pageNo: z.number(),
  pageSize: z.number(),
  totalCount: z.number(),
  totalPages: z.number(),
  /** Over every movement the filter matches, not only this page. */
  totals: z.object({
    count: z.number(),
    /** What came in, "0.00" or more. */
    totalIn: z.string(),
    /** What went out, "0.00" or less. */
    totalOut: z.string(),
    net: z.string(),
  }),
});
export type RecordPage = z.infer<typeof RecordPageSchema>;

/**
 * A period's statement, from the journal. `closingBalance` = `openingBalance` + `netDeposits` −
 * `netWithdrawals` + `netWinLoss` + `bonuses` + `adjustments` + `netTransfers`.
 */
export const StatementSchema = PeriodSchema.extend({
  currency: z.string(),
  /** The balance after the last movement before the period (0.00 before the first). */
  openingBalance: z.string(),
  closingBalance: z.string(),
  netDeposits: z.string(),
  /** What left through withdrawals, net of returned ones ("0.00" or more when money left). */
  netWithdrawals: z.string(),
  /** Wins and refunds less stakes: negative when the member lost. */
  netWinLoss: z.string(),
  bonuses: z.string(),
  adjustments: z.string(),
  /** Transfers to and from transfer-wallet vendors. */
  netTransfers: z.string(),
  /** Stakes less refunded ones. */
  totalStaked: z.string(),
  movements: z.number(),
});
export type Statement = z.infer<typeof StatementSchema>;
