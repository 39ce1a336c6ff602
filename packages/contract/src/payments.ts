import { z } from 'zod';
import { AmountSchema } from './money.ts';
import { PATTERNS } from './patterns.ts';
import { ASSIGNABLE_ROLES, staffCan } from './staff-permissions.ts';

/**
 * Payments (architecture: "Deposits", "Withdrawals", "Operator money desk"): deposit channels,
 * manual bank-transfer and gateway deposits, bank cards and e-wallet accounts, the fund password,
 * withdrawals with their daily limits and turnover, uploads and identity documents, and the money
 * desk of the back office. Amounts are decimal strings (money.ts), times epoch milliseconds, percents
 * decimal strings with at most two places ("1.50" = 1.5 %).
 */

// ---------- shared pieces ----------

/** A blank query value means the parameter is absent. */
const blank = (v: unknown) => (v === '' ? undefined : v);

export const CHANNEL_KINDS = ['BANK_TRANSFER', 'GATEWAY'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** How the payer pays on a gateway channel (what the deposit page shows). */
export const CHANNEL_METHODS = ['BANK', 'QR', 'EWALLET', 'CARD'] as const;
export type ChannelMethod = (typeof CHANNEL_METHODS)[number];

export const DEPOSIT_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'FAILED'] as const;
/**
 * PENDING: waiting for the payer (gateway) or an operator (bank transfer). APPROVED: credited (once).
 * REJECTED: an operator refused it. FAILED: the gateway reported it failed, cancelled or expired.
 */
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export const WITHDRAWAL_STATUSES = ['PENDING', 'PROCESSING', 'APPROVED', 'REJECTED'] as const;
/**
 * PENDING: the amount is held (member → `pending`). PROCESSING: an operator approved it and the
 * payout is under way. APPROVED: paid out (`pending` → `payments`). REJECTED: returned to the member.
 */
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** A percent with at most two decimals, 0 to 100 ("2", "1.50"). */
export const PercentSchema = z
  .string()
  .max(6)
  .regex(/^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/, 'invalidFormat');

/** "HH:MM", 24-hour clock. */
export const ClockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'invalidFormat');

/** An IANA time zone name. */
export const TimeZoneSchema = z
  .string()
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, 'invalidFormat');

/** A client's idempotency key for a money request: a retry with the same key moves nothing twice. */
export const RequestIdSchema = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'invalidFormat');

/** Ids of earlier uploads (`POST /wps/uploads`), at most three per submission. */
export const UploadIdsSchema = z.array(z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'invalidFormat')).max(3);

const Paging = {
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

/** A list page: `totalPages` as the spec's lists, with the total count for the back office. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    pageNo: z.number(),
    pageSize: z.number(),
    totalCount: z.number(),
    totalPages: z.number(),
  });

// ---------- deposit channels ----------

/** Bank details a manual bank transfer is paid to. */
export const BankDetailsSchema = z
  .object({
    bankName: z.string().trim().min(1).max(64),
    accountName: z.string().trim().min(1).max(64),
    accountNo: z.string().trim().min(1).max(64),
    branch: z.string().trim().max(64).optional(),
  })
  .strict();
export type BankDetails = z.infer<typeof BankDetailsSchema>;

/** Opening hours in the channel's time zone; `open` > `close` spans midnight; null = always open. */
export const OpeningHoursSchema = z
  .object({ open: ClockTimeSchema, close: ClockTimeSchema, timeZone: TimeZoneSchema })
  .strict();
export type OpeningHours = z.infer<typeof OpeningHoursSchema>;

/** GET /wps/relay/MCS2_depositChannels → DepositChannel[] (enabled channels only). */
export const DepositChannelSchema = z.object({
  channelId: z.number(),
  name: z.string(),
  kind: z.enum(CHANNEL_KINDS),
  method: z.enum(CHANNEL_METHODS),
  min: z.string(),
  max: z.string(),
  feePercent: z.string(),
  bonusPercent: z.string(),
  hours: OpeningHoursSchema.nullable(),
  /** Whether the channel takes deposits right now (inside its opening hours). */
  openNow: z.boolean(),
  /** Where to pay (bank transfer only). */
  bank: BankDetailsSchema.nullable(),
});
export type DepositChannel = z.infer<typeof DepositChannelSchema>;
export const DepositChannelsResponseSchema = z.array(DepositChannelSchema);

/** Back office: one channel as configured (`/bo/api/payment-channels`). */
export const PaymentChannelSchema = z.object({
  id: z.number(),
  kind: z.enum(CHANNEL_KINDS),
  /** The gateway adapter code (`REFPAY` for the reference gateway); null for bank transfers. */
  gatewayCode: z.string().nullable(),
  method: z.enum(CHANNEL_METHODS),
  name: z.string(),
  min: z.string(),
  max: z.string(),
  feePercent: z.string(),
  bonusPercent: z.string(),
  hours: OpeningHoursSchema.nullable(),
  bank: BankDetailsSchema.nullable(),
  enabled: z.boolean(),
  sortOrder: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type PaymentChannel = z.infer<typeof PaymentChannelSchema>;

/** POST /bo/api/payment-channels. A bank transfer needs `bank`; a gateway needs `gatewayCode`. */
export const PaymentChannelCreateSchema = z
  .object({
    kind: z.enum(CHANNEL_KINDS),
    gatewayCode: z
      .string()
      .regex(/^[A-Z0-9_]{2,32}$/, 'invalidFormat')
      .nullable()
      .optional(),
    method: z.enum(CHANNEL_METHODS),
    name: z.string().trim().min(1).max(64),
    min: AmountSchema,
    max: AmountSchema,
    feePercent: PercentSchema.default('0'),
    bonusPercent: PercentSchema.default('0'),
    hours: OpeningHoursSchema.nullable().default(null),
    bank: BankDetailsSchema.nullable().default(null),
    enabled: z.boolean().default(true),
    sortOrder: z.number().int().min(0).max(10_000).default(0),
  })
  .strict();
export type PaymentChannelCreate = z.infer<typeof PaymentChannelCreateSchema>;

/** PUT /bo/api/payment-channels/{id}: any subset of the fields (kind cannot change). */
export const PaymentChannelUpdateSchema = PaymentChannelCreateSchema.omit({ kind: true }).partial().strict();
export type PaymentChannelUpdate = z.infer<typeof PaymentChannelUpdateSchema>;

// ---------- deposits (member) ----------

/** POST /wps/relay/MCS2_deposit */
export const DepositRequestSchema = z
  .object({
    channelId: z.number().int().positive(),
    amount: AmountSchema,
    /** The payer's transfer reference (bank transfer: required). */
    reference: z.string().trim().min(1).max(64).optional(),
    /** Receipt images (bank transfer: one to three). */
    receiptIds: UploadIdsSchema.optional(),
    /** Idempotency key: a retried submission answers the first deposit. */
    requestId: RequestIdSchema.optional(),
  })
  .strict();
export type DepositRequest = z.infer<typeof DepositRequestSchema>;

export const DepositResponseSchema = z.object({
  depositId: z.string(),
  status: z.enum(DEPOSIT_STATUSES),
  /** The gateway's hosted payment page to send the payer to (gateway channels). */
  payUrl: z.string().optional(),
});
export type DepositResponse = z.infer<typeof DepositResponseSchema>;

/** One deposit as its member sees it. */
export const DepositItemSchema = z.object({
  depositId: z.string(),
  channelId: z.number(),
  channelName: z.string(),
  kind: z.enum(CHANNEL_KINDS),
  method: z.enum(CHANNEL_METHODS),
  amount: z.string(),
  fee: z.string(),
  bonus: z.string(),
  /** What reached (or will reach) the wallet: amount − fee + bonus. */
  credited: z.string(),
  status: z.enum(DEPOSIT_STATUSES),
  reference: z.string().nullable(),
  /** The operator's reason of a rejection, the gateway's of a failure. */
  reason: z.string().nullable(),
  receiptIds: z.array(z.string()),
  payUrl: z.string().nullable(),
  createdAt: z.number(),
  decidedAt: z.number().nullable(),
});
export type DepositItem = z.infer<typeof DepositItemSchema>;

/** GET /wps/relay/MCS2_depositRecords (own deposits, newest first). */
export const DepositHistoryQuerySchema = z
  .object({
    ...Paging,
    status: z.preprocess(blank, z.enum(DEPOSIT_STATUSES).optional()),
  })
  .strict();
export type DepositHistoryQuery = z.infer<typeof DepositHistoryQuerySchema>;
export const DepositHistorySchema = pageOf(DepositItemSchema);
export type DepositHistory = z.infer<typeof DepositHistorySchema>;

/** GET /wps/relay/MCS2_deposit?depositId= (own deposit only). */
export const DepositDetailQuerySchema = z.object({ depositId: z.string().min(1).max(64) }).strict();

// ---------- gateway callbacks (gateway → us) ----------

/**
 * POST /wps/payments/{gateway}/callback. Headers `X-Gateway-Timestamp` (epoch seconds) and
 * `X-Gateway-Signature: hex(HMAC-SHA256(secret, timestamp + "." + raw body))`; a timestamp more than
 * five minutes off is refused like a bad signature. Answer 200 `{received:true}` to stop the retries.
 */
export const GATEWAY_HEADERS = {
  timestamp: 'x-gateway-timestamp',
  signature: 'x-gateway-signature',
} as const;
export const GATEWAY_EVENT_STATUSES = ['PAID', 'FAILED', 'CANCELLED', 'EXPIRED'] as const;
export const GatewayCallbackSchema = z
  .object({
    /** The gateway's payment id. */
    paymentId: z.string().min(1).max(64),
    /** Our deposit id, given when the payment was created. */
    merchantReference: z.string().min(1).max(64),
    status: z.enum(GATEWAY_EVENT_STATUSES),
    amount: AmountSchema,
    currency: z.string().min(3).max(3),
    /** The gateway's event id (each delivery of one event repeats it). */
    eventId: z.string().min(1).max(64),
  })
  .passthrough();
export type GatewayCallback = z.infer<typeof GatewayCallbackSchema>;

// ---------- bank cards and e-wallet accounts ----------

export const ACCOUNT_KINDS = ['BANK', 'EWALLET'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** POST /wps/relay/MCS2_bankCards. The payee name is the member's real name from the profile. */
export const BankCardCreateSchema = z
  .object({
    kind: z.enum(ACCOUNT_KINDS).default('BANK'),
    bankName: z.string().trim().min(1).max(64),
    accountNo: z
      .string()
      .trim()
      .min(4)
      .max(34)
      .regex(/^[A-Za-z0-9 -]+$/, 'invalidFormat'),
  })
  .strict();
export type BankCardCreate = z.infer<typeof BankCardCreateSchema>;

/** DELETE /wps/relay/MCS2_bankCards?bankCardId= */
export const BankCardDeleteQuerySchema = z
  .object({ bankCardId: z.coerce.number().int().positive() })
  .strict();

export const BankCardSchema = z.object({
  bankCardId: z.number(),
  kind: z.enum(ACCOUNT_KINDS),
  bankName: z.string(),
  /** The account number with all but the last four characters masked: "**** 1234". */
  accountNoMasked: z.string(),
  payeeName: z.string(),
  createdAt: z.number(),
});
export type BankCard = z.infer<typeof BankCardSchema>;
/** GET /wps/relay/MCS2_bankCards → BankCard[] */
export const BankCardsResponseSchema = z.array(BankCardSchema);

/** The most accounts a member may keep. */
export const MAX_BANK_CARDS = 5;

// ---------- real name (payee) ----------

/**
 * PUT /wps/member/realName: the payee name of every bank card and withdrawal. Set once by the member
 * (then only an operator can change it); answers `{realName}`. GET /wps/member/realName → `{realName|null}`.
 */
export const RealNameBodySchema = z
  .object({
    realName: z
      .string()
      .trim()
      .min(2)
      .max(64)
      .regex(/^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u, 'nameFormat'),
  })
  .strict();
export type RealNameBody = z.infer<typeof RealNameBodySchema>;
export const RealNameSchema = z.object({ realName: z.string().nullable() });

// ---------- fund password ----------

/** Six to twenty characters; digits-only PINs are allowed (six at least). */
export const FundPasswordSchema = z.string().min(6, 'tooShort').max(20, 'tooLong');

/**
 * PUT /wps/member/fundPassword: set the first one with `loginPassword`, change it with
 * `oldFundPassword`.
 */
export const FundPasswordBodySchema = z
  .object({
    newFundPassword: FundPasswordSchema,
    loginPassword: z.string().min(1).max(128).optional(),
    oldFundPassword: z.string().min(1).max(128).optional(),
  })
  .strict();
export type FundPasswordBody = z.infer<typeof FundPasswordBodySchema>;

/** GET /wps/member/fundPassword */
export const FundPasswordStatusSchema = z.object({ set: z.boolean(), updatedAt: z.number().nullable() });

/**
 * Forgot: POST /wps/member/fundPassword/code sends an SMS code to the member's bound phone (no body;
 * answers `{sent:true}`); POST /wps/member/fundPassword/reset sets a new one with that code.
 */
export const FundPasswordResetSchema = z
  .object({
    verificationCode: z.string().regex(/^\d{4,8}$/, 'verificationCodeError'),
    newFundPassword: FundPasswordSchema,
  })
  .strict();
export type FundPasswordReset = z.infer<typeof FundPasswordResetSchema>;

// ---------- withdrawals (member) ----------

/** POST /wps/transaction/withdraw → WithdrawResponse; the amount is held at once. */
export const WithdrawRequestSchema = z
  .object({
    amount: AmountSchema,
    bankCardId: z.number().int().positive(),
    fundPassword: z.string().min(1).max(128),
    requestId: RequestIdSchema.optional(),
  })
  .strict();
export type WithdrawRequest = z.infer<typeof WithdrawRequestSchema>;

export const WithdrawResponseSchema = z.object({
  withdrawalId: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  /** The wallet balance after the hold. */
  balance: z.string(),
});
export type WithdrawResponse = z.infer<typeof WithdrawResponseSchema>;

/** Turnover still to wager before a withdrawal (from deposits and bonuses). */
export const TurnoverSchema = z.object({
  required: z.string(),
  achieved: z.string(),
  /** max(0, required − achieved): a withdrawal waits until this is 0.00. */
  remaining: z.string(),
});
export type Turnover = z.infer<typeof TurnoverSchema>;

/** GET /wps/transaction/withdraw/info: what the withdraw page needs in one call. */
export const WithdrawInfoSchema = z.object({
  balance: z.string(),
  currency: z.string(),
  min: z.string(),
  max: z.string(),
  dailyCount: z.object({ limit: z.number(), used: z.number() }),
  dailyAmount: z.object({ limit: z.string(), used: z.string() }),
  turnover: TurnoverSchema,
  fundPasswordSet: z.boolean(),
  /** The profile's real name, used as payee; null means the member must set it first. */
  payeeName: z.string().nullable(),
  cards: z.array(BankCardSchema),
});
export type WithdrawInfo = z.infer<typeof WithdrawInfoSchema>;

/** GET /wps/member/turnover → Turnover */

export const WithdrawalItemSchema = z.object({
  withdrawalId: z.string(),
  amount: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  bankName: z.string(),
  accountNoMasked: z.string(),
  payeeName: z.string(),
  reason: z.string().nullable(),
  createdAt: z.number(),
  decidedAt: z.number().nullable(),
});
export type WithdrawalItem = z.infer<typeof WithdrawalItemSchema>;

/** GET /wps/transaction/withdrawals (own withdrawals, newest first). */
export const WithdrawalHistoryQuerySchema = z
  .object({
    ...Paging,
    status: z.preprocess(blank, z.enum(WITHDRAWAL_STATUSES).optional()),
  })
  .strict();
export type WithdrawalHistoryQuery = z.infer<typeof WithdrawalHistoryQuerySchema>;
export const WithdrawalHistorySchema = pageOf(WithdrawalItemSchema);
export type WithdrawalHistory = z.infer<typeof WithdrawalHistorySchema>;

// ---------- payment settings (back office) ----------

/** GET|PUT /bo/api/payment-settings (PUT takes any subset; audited). */
export const PaymentSettingsSchema = z
  .object({
    withdrawal: z
      .object({
        min: AmountSchema,
        max: AmountSchema,
        /** Requests per member per day (operator's time zone); 0 = none allowed. */
        dailyCount: z.number().int().min(0).max(1000),
        /** Total requested per member per day. */
        dailyAmount: AmountSchema,
      })
      .strict(),
    turnover: z
      .object({
        /** Wagering required per unit deposited ("1" = the deposit once). */
        depositMultiplier: z.number().min(0).max(100),
        /** Wagering required per unit of deposit bonus. */
        bonusMultiplier: z.number().min(0).max(100),
      })
      .strict(),
    /** The operator's time zone for "a day" (limits, summaries, opening hours by default). */
    timeZone: TimeZoneSchema,
    adjustments: z
      .object({
        /**
         * A manual adjustment larger than this (either way) waits for a second member of staff's
         * approval; "0.00" lets every adjustment through at once.
         */
        approvalAbove: AmountSchema,
      })
      .strict(),
  })
  .strict();
export type PaymentSettings = z.infer<typeof PaymentSettingsSchema>;
export const PaymentSettingsPatchSchema = z
  .object({
    withdrawal: PaymentSettingsSchema.shape.withdrawal.partial().optional(),
    turnover: PaymentSettingsSchema.shape.turnover.partial().optional(),
    timeZone: TimeZoneSchema.optional(),
    adjustments: PaymentSettingsSchema.shape.adjustments.partial().optional(),
  })
  .strict();
export type PaymentSettingsPatch = z.infer<typeof PaymentSettingsPatchSchema>;

// ---------- uploads ----------

/** png or jpg, checked by content, 5 MB each, at most three per submission. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_FILES = 3;
export const UPLOAD_TYPES = ['image/png', 'image/jpeg'] as const;
export const UPLOAD_PURPOSES = ['receipt', 'identity', 'feedback', 'chat'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/**
 * POST /wps/uploads?purpose=receipt|identity|feedback: the body is the image itself (`Content-Type: image/png`
 * or `image/jpeg`, as `fetch(url, {method:'POST', body: file})` sends it), one image per request →
 * UploadResponse with one item. The type is judged by the content, not the header; the stored image
 * is re-encoded (metadata such as GPS positions dropped). A submission (deposit receipts, identity
 * document) names one to three uploads. GET /wps/uploads/{uploadId} serves the image to its owner
 * (staff: GET /bo/api/uploads/{uploadId}), `Cache-Control: no-store`, `X-Content-Type-Options: nosniff`.
 */
export const UploadQuerySchema = z.object({ purpose: z.enum(UPLOAD_PURPOSES) }).strict();
export const UploadItemSchema = z.object({
  uploadId: z.string(),
  contentType: z.enum(UPLOAD_TYPES),
  size: z.number(),
  width: z.number(),
  height: z.number(),
  purpose: z.enum(UPLOAD_PURPOSES),
  createdAt: z.number(),
});
export type UploadItem = z.infer<typeof UploadItemSchema>;
export const UploadResponseSchema = z.object({ uploads: z.array(UploadItemSchema) });
export type UploadResponse = z.infer<typeof UploadResponseSchema>;

// ---------- identity documents ----------

export const DOCUMENT_KINDS = ['ID_CARD', 'PASSPORT', 'DRIVING_LICENCE'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_STATUSES = ['UNDER_REVIEW', 'VERIFIED', 'REJECTED'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** POST /wps/member/identity: images uploaded with purpose `identity`. */
export const IdentitySubmitSchema = z
  .object({
    kind: z.enum(DOCUMENT_KINDS),
    uploadIds: UploadIdsSchema.min(1),
  })
  .strict();
export type IdentitySubmit = z.infer<typeof IdentitySubmitSchema>;

export const IdentityDocumentSchema = z.object({
  documentId: z.number(),
  kind: z.enum(DOCUMENT_KINDS),
  status: z.enum(DOCUMENT_STATUSES),
  reason: z.string().nullable(),
  uploadIds: z.array(z.string()),
  createdAt: z.number(),
  decidedAt: z.number().nullable(),
});
export type IdentityDocument = z.infer<typeof IdentityDocumentSchema>;

/** GET /wps/member/identity: the member's verification state (NONE before any submission). */
export const IdentityStatusSchema = z.object({
  status: z.enum(['NONE', ...DOCUMENT_STATUSES]),
  documents: z.array(IdentityDocumentSchema),
});
export type IdentityStatus = z.infer<typeof IdentityStatusSchema>;

// ---------- money desk (back office) ----------

/** GET /bo/api/deposits and /bo/api/withdrawals; days are YYYY-MM-DD in the payment settings' zone. */
export const DeskQuerySchema = z
  .object({
    ...Paging,
    status: z.preprocess(blank, z.string().max(16).optional()),
    userName: z.preprocess(blank, z.string().trim().max(64).optional()),
    channelId: z.preprocess(blank, z.coerce.number().int().positive().optional()),
    startDate: z.preprocess(
      blank,
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalidFormat')
        .optional(),
    ),
    endDate: z.preprocess(
      blank,
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalidFormat')
        .optional(),
    ),
  })
  .strict();
export type DeskQuery = z.infer<typeof DeskQuerySchema>;

export const DeskDepositSchema = DepositItemSchema.extend({
  userName: z.string(),
  memberId: z.number(),
  gatewayCode: z.string().nullable(),
  gatewayPaymentId: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export type DeskDeposit = z.infer<typeof DeskDepositSchema>;
export const DeskDepositPageSchema = pageOf(DeskDepositSchema);

export const DeskWithdrawalSchema = WithdrawalItemSchema.extend({
  userName: z.string(),
  memberId: z.number(),
  accountNo: z.string(),
  accountKind: z.enum(ACCOUNT_KINDS),
  payoutReference: z.string().nullable(),
  decidedBy: z.string().nullable(),
  /** The member's turnover at the time of the request. */
  turnoverRemaining: z.string(),
});
export type DeskWithdrawal = z.infer<typeof DeskWithdrawalSchema>;
export const DeskWithdrawalPageSchema = pageOf(DeskWithdrawalSchema);

/** POST /bo/api/{deposits|withdrawals}/{id}/approve (reason optional) and /reject (reason required). */
export const DeskApproveSchema = z.object({ reason: z.string().trim().max(200).optional() }).strict();
export const DeskRejectSchema = z.object({ reason: z.string().trim().min(1).max(200) }).strict();

/**
 * The answer to a decision: the request as it now stands. `duplicate` is true when the same decision
 * had already been taken (nothing moved again); the opposite decision on a settled request is
 * 409 ALREADY_DECIDED with the current `status`.
 */
export const DeskDecisionSchema = z.object({
  id: z.string(),
  status: z.string(),
  duplicate: z.boolean(),
});
export type DeskDecision = z.infer<typeof DeskDecisionSchema>;

/** GET /bo/api/identity-documents?status= */
export const DeskDocumentSchema = IdentityDocumentSchema.extend({
  userName: z.string(),
  memberId: z.number(),
  decidedBy: z.string().nullable(),
});
export const DeskDocumentPageSchema = pageOf(DeskDocumentSchema);

/** GET /bo/api/money-summary?startDate&endDate (at most 92 days; default the last 7). */
export const MoneySummaryQuerySchema = z
  .object({
    startDate: z.preprocess(
      blank,
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalidFormat')
        .optional(),
    ),
    endDate: z.preprocess(
      blank,
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalidFormat')
        .optional(),
    ),
  })
  .strict();
const SummaryRow = z.object({
  depositCount: z.number(),
  depositAmount: z.string(),
  withdrawalCount: z.number(),
  withdrawalAmount: z.string(),
  /** Deposits credited less withdrawals paid. */
  net: z.string(),
  pendingDeposits: z.number(),
  pendingWithdrawals: z.number(),
});
export const MoneySummarySchema = z.object({
  timeZone: z.string(),
  days: z.array(SummaryRow.extend({ day: z.string() })),
  totals: SummaryRow,
});
export type MoneySummary = z.infer<typeof MoneySummarySchema>;

// ---------- money-desk staff roles (decision 018) ----------

export { ASSIGNABLE_ROLES, STAFF_ROLES, type StaffRole } from './staff-permissions.ts';

/**
 * What a role may do at the money desk: `read` the deposit and withdrawal queues, `decide` deposits
 * and withdrawals (and identity documents), read the `summary`, and `configure` channels, payment
 * settings and gateways: the `money.*` rows of the permission matrix (staff-permissions.ts).
 */
export type MoneyPermission = 'read' | 'decide' | 'summary' | 'configure';
export function moneyDeskCan(role: string | undefined, permission: MoneyPermission): boolean {
  return staffCan(role, `money.${permission}`);
}

export const StaffMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.string(),
  disabled: z.boolean(),
  createdAt: z.number(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;
export const StaffRoleUpdateSchema = z.object({ role: z.enum(ASSIGNABLE_ROLES) }).strict();

// ---------- security centre: binding a phone or an e-mail address (decision 018) ----------

const bindTarget = {
  kind: z.enum(['phone', 'email']),
  countryDialingCode: z
    .string()
    .trim()
    .regex(/^\+?\d{1,4}$/)
    .optional(),
  mobileNum: z.string().trim().min(4).max(20).optional(),
  email: z.string().trim().max(254).regex(new RegExp(PATTERNS.email)).optional(),
};
const needsAddress = (b: {
  kind: 'phone' | 'email';
  mobileNum?: string | undefined;
  email?: string | undefined;
  countryDialingCode?: string | undefined;
}) => (b.kind === 'phone' ? Boolean(b.mobileNum && b.countryDialingCode) : Boolean(b.email));

/** POST /wps/member/contact/code: a code to the new phone (SMS) or e-mail address. */
export const ContactCodeRequestSchema = z
  .object(bindTarget)
  .strict()
  .refine(needsAddress, { message: 'required', path: ['mobileNum'] });
export type ContactCodeRequest = z.infer<typeof ContactCodeRequestSchema>;

/** POST /wps/member/contact/bind: the code back; the login password too when one is already bound. */
export const ContactBindRequestSchema = z
  .object({
    ...bindTarget,
    verificationCode: z
      .string()
      .trim()
      .regex(/^\d{4,8}$/),
    loginPassword: z.string().min(1).max(128).optional(),
  })
  .strict()
  .refine(needsAddress, { message: 'required', path: ['mobileNum'] });
export type ContactBindRequest = z.infer<typeof ContactBindRequestSchema>;

/** The bound phone and e-mail, masked. */
export const ContactStatusSchema = z.object({
  mobileNum: z.string().nullable(),
  countryDialingCode: z.string().nullable(),
  email: z.string().nullable(),
});
export type ContactStatus = z.infer<typeof ContactStatusSchema>;
