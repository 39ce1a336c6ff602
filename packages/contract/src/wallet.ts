import { z } from 'zod';
import { AmountSchema, SignedAmountSchema } from './money.ts';

/**
 * The wallet's outside contracts: the seamless-wallet API game providers call, the operator's
 * adjustments and ledger views, and the ledger check. Amounts are decimal strings (money.ts).
 */

/** What a journal entry records. */
export const ENTRY_KINDS = [
  'bet',
  'win',
  'rollback',
  'adjustment',
  'deposit',
  'withdrawal',
  'transfer_in',
  'transfer_out',
  'bonus',
  'rebate',
  'jackpot',
  'commission',
] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

// ---------- seamless wallet (provider → us) ----------

/** Signed with `X-Signature: hex(HMAC-SHA256(secret, raw body))` and named by `X-Vendor`. */
export const SEAMLESS_HEADERS = { vendor: 'x-vendor', signature: 'x-signature' } as const;
export const SEAMLESS_ACTIONS = ['balance', 'bet', 'win', 'rollback'] as const;
export type SeamlessAction = (typeof SEAMLESS_ACTIONS)[number];
/** Largest seamless request body; a provider call is a few hundred bytes. */
export const SEAMLESS_BODY_LIMIT = 8 * 1024;

/** Provider ids: printable ASCII without spaces. */
const providerId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[\x21-\x7e]+$/, 'invalidFormat');
const userName = z.string().trim().min(1).max(64);

/**
 * Body of `bet`, `win` and `rollback`. Fields beyond these are ignored (they are still covered by the
 * signature); `refTransactionId` names the bet a rollback cancels (required there) or a win settles.
 */
export const SeamlessRequestSchema = z.object({
  userName,
  transactionId: providerId,
  roundId: providerId,
  gameCode: z.string().min(1).max(64),
  amount: AmountSchema,
  refTransactionId: providerId.optional(),
});
export type SeamlessRequest = z.infer<typeof SeamlessRequestSchema>;

/** Body of `balance`: only the member is needed. */
export const SeamlessBalanceRequestSchema = z.object({
  userName,
  transactionId: providerId.optional(),
  roundId: providerId.optional(),
  gameCode: z.string().max(64).optional(),
});

/**
 * Every seamless answer: the member's balance after the call (for a replay, as first answered) and
 * whether this transaction id had been seen before.
 */
export const SeamlessResultSchema = z.object({
  balance: z.string(),
  transactionId: z.string(),
  duplicate: z.boolean(),
});
export type SeamlessResult = z.infer<typeof SeamlessResultSchema>;

// ---------- operator ----------

/** POST /bo/api/wallet/adjustments: credit (positive) or debit (negative) a member, audited. */
export const AdjustmentRequestSchema = z
  .object({
    userName,
    amount: SignedAmountSchema,
    reason: z.string().trim().min(1).max(500),
    /** A repeated key answers the first result and moves nothing; without one every call is new. */
    idempotencyKey: providerId.optional(),
  })
  .strict();
export type AdjustmentRequest = z.infer<typeof AdjustmentRequestSchema>;

/** The adjustment as moved; or, above the operator's threshold, the request waiting for approval. */
export const AdjustmentResultSchema = z.union([
  z.object({
    entryId: z.number(),
    userName: z.string(),
    amount: z.string(),
    balance: z.string(),
    duplicate: z.boolean(),
  }),
  z.object({ pending: z.literal(true), requestId: z.number(), userName: z.string(), amount: z.string() }),
]);

export const AdjustmentRequestStatusSchema = z.enum(['pending', 'approved', 'rejected']);
/** An adjustment above the threshold, as the approvals list shows it. */
export const AdjustmentApprovalSchema = z.object({
  id: z.number(),
  userName: z.string(),
  amount: z.string(),
  reason: z.string(),
  status: AdjustmentRequestStatusSchema,
  requestedBy: z.string(),
  requestedAt: z.number(),
  decidedBy: z.string().nullable(),
  decidedAt: z.number().nullable(),
  entryId: z.number().nullable(),
  note: z.string().nullable(),
});
export type AdjustmentApproval = z.infer<typeof AdjustmentApprovalSchema>;
export const AdjustmentApprovalsQuerySchema = z
  .object({ status: AdjustmentRequestStatusSchema.optional() })
  .strict();
export const AdjustmentRejectSchema = z.object({ note: z.string().trim().min(1).max(500) }).strict();

export const LEDGER_BREACH_KINDS = [
  'unbalanced_entry',
  'balance_mismatch',
  'negative_balance',
  'orphan_line',
  'currency_mismatch',
] as const;

/** GET /bo/api/ledger/verify and `npm run ledger:verify`. */
export const LedgerVerifySchema = z.object({
  ok: z.boolean(),
  entries: z.number(),
  breaches: z.array(
    z.object({
      kind: z.enum(LEDGER_BREACH_KINDS),
      /** The entry, account or line at fault. */
      id: z.number(),
      detail: z.string(),
    }),
  ),
});
export type LedgerVerify = z.infer<typeof LedgerVerifySchema>;

export const MemberLedgerParamsSchema = z.object({ userName });
export const MemberLedgerQuerySchema = z
  .object({
    pageNo: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();

export const LedgerLineSchema = z.object({
  /** `member:<userName>` or the house account's purpose (`vendor:JILI`, `adjustments`, …). */
  account: z.string(),
  amount: z.string(),
  /** The member's balance after this line; null on house accounts (not cached). */
  balanceAfter: z.string().nullable(),
});

export const LedgerEntrySchema = z.object({
  id: z.number(),
  kind: z.enum(ENTRY_KINDS),
  currency: z.string(),
  reference: z.string().nullable(),
  source: z.string(),
  key: z.string(),
  /** The member's net movement in this entry ("0.00" for a record that moved nothing). */
  amount: z.string(),
  balanceAfter: z.string().nullable(),
  createdAt: z.number(),
  lines: z.array(LedgerLineSchema),
});

export const MemberLedgerPageSchema = z.object({
  list: z.array(LedgerEntrySchema),
  pageNo: z.number(),
  pageSize: z.number(),
  totalCount: z.number(),
  totalPages: z.number(),
});

// ---------- transfer wallet (member ↔ a vendor keeping its own balance) ----------

export const TRANSFER_DIRECTIONS = ['in', 'out'] as const;
export const TRANSFER_STATES = ['pending', 'done', 'failed'] as const;

/**
 * POST /wps/relay/GCS_walletTransfer: "in" moves money from the member's wallet to the vendor, "out"
 * back; `amount` or `all: true` (everything on the giving side). `requestId` is the client's
 * idempotency key: a replay answers the first transfer's state and moves nothing.
 */
export const WalletTransferRequestSchema = z
  .object({
    vendorCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_]{1,16}$/, 'invalidFormat'),
    direction: z.enum(TRANSFER_DIRECTIONS),
    amount: AmountSchema.optional(),
    all: z.literal(true).optional(),
    requestId: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[\x21-\x7e]+$/, 'invalidFormat'),
  })
  .strict()
  .refine((b) => (b.amount === undefined) !== (b.all === undefined), {
    message: 'invalidFormat',
    path: ['amount'],
  });
export type WalletTransferRequest = z.infer<typeof WalletTransferRequestSchema>;

/** A transfer the vendor confirmed (a pending one answers TRANSFER_PENDING, a refused one TRANSFER_FAILED). */
export const WalletTransferResultSchema = z.object({
  reference: z.string(),
  vendorCode: z.string(),
  direction: z.enum(TRANSFER_DIRECTIONS),
  amount: z.string(),
  state: z.enum(TRANSFER_STATES),
  /** The member's wallet balance now. */
  balance: z.string(),
});
export type WalletTransferResult = z.infer<typeof WalletTransferResultSchema>;

export const WalletTransferBalanceQuerySchema = z
  .object({
    vendorCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_]{1,16}$/, 'invalidFormat'),
  })
  .strict();
/** The member's balance held at a transfer-mode vendor, as the vendor reports it. */
export const WalletTransferBalanceSchema = z.object({ vendorCode: z.string(), balance: z.string() });
