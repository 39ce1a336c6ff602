import type { ColumnType, Generated } from 'kysely';
import type {
  HelpTopicsTable,
  LegalDocumentsTable,
  ReferralCodesTable,
  ReferralSettingsTable,
  ReferralsTable,
} from './schema-help-referral.ts';
import type { RebateClaimsTable, VipRanksTable, VipTurnoverTable } from './schema-vip-rebate.ts';
import type { AdjustmentRequestsTable } from './schema-staff.ts';
import type { ChatCannedRepliesTable, ChatConversationsTable, ChatMessagesTable } from './schema-chat.ts';
import type {
  AgentCommissionsTable,
  AgentContractsTable,
  AgentContractTemplatesTable,
  AgentNetworkTable,
  AgentSettingsTable,
  AgentsTable,
  AgentTransfersTable,
} from './schema-agents.ts';
import type {
  ReportDailyTotalsTable,
  ReportFirstDepositsTable,
  ReportMemberDaysTable,
  ReportWatermarkTable,
} from './schema-reports.ts';
import type { DrawGamesTable, DrawOrdersTable, DrawsTable, DrawTicketsTable } from './schema-draws.ts';

/** Timestamps are epoch milliseconds; flags are 0/1 integers so both dialects read them alike. */
export interface OperatorsTable {
  id: Generated<number>;
  code: string;
  name: string;
  created_at: number;
  /** `active`, or `suspended` by the platform console (its domains answer SITE_UNAVAILABLE). */
  status: Generated<string>;
}

/** Platform owners (the platform console, above operators); two-factor always on. */
export interface PlatformOwnersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  /** The authenticator secret, sealed (purpose `platform-totp`); null until enrolled. */
  totp_secret: string | null;
  totp_pending: string | null;
  totp_last_step: number | null;
  disabled: Generated<number>;
  created_at: number;
}

export interface OperatorSettingsTable {
  operator_id: number;
  document: string;
  version: number;
  updated_at: number;
}

export interface StaffUsersTable {
  id: Generated<number>;
  operator_id: number;
  username: string;
  password_hash: string;
  role: string;
  disabled: number;
  created_at: number;
  /** The authenticator (TOTP) secret, sealed with the secret box (purpose `staff-totp`); null when off. */
  totp_secret: string | null;
  /** A secret being enrolled, sealed likewise, until a code from it confirms it. */
  totp_pending: string | null;
  totp_enabled_at: number | null;
  /** The last 30-second step whose code was accepted; only a later step's code is accepted next. */
  totp_last_step: number | null;
  /** 1 while the password is one somebody else chose (generated, or reset by an admin). */
  must_change_password: Generated<number>;
  password_changed_at: number | null;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  /** `staff-enrol`: a staff member who must enrol a second factor and may do nothing else. */
  subject_type: 'staff' | 'staff-enrol' | 'member' | 'platform' | 'platform-enrol';
  subject_id: number;
  operator_id: number;
  created_at: number;
  last_seen_at: number;
  idle_expires_at: number;
  expires_at: number;
  revoked_at: number | null;
  ip: string | null;
  user_agent: string | null;
  device: string | null;
  /** Idle window of this session when it differs from the subject's default (remember me). */
  idle_ms: number | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  operator_id: number;
  actor_type: string;
  actor_id: string | null;
  action: string;
  target: string | null;
  detail: string | null;
  ip: string | null;
  created_at: number;
}

export interface OutboxMessagesTable {
  id: Generated<number>;
  operator_id: number;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  provider: string;
  created_at: number;
}

export interface ServerKeysTable {
  id: Generated<number>;
  kind: string;
  public_pem: string;
  private_pem: string;
  created_at: number;
}

/** Member types (spec §6): 0 member, 4 trial, 40 non-agent; any other type is an agent. */
export interface MembersTable {
  id: Generated<number>;
  operator_id: number;
  username: string;
  password_hash: string | null;
  type: number;
  status: 'active' | 'disabled';
  nickname: string | null;
  head_icon: string | null;
  mobile_num: string | null;
  country_dialing_code: string | null;
  email: string | null;
  birthday: string | null;
  currency: string;
  register_method: string | null;
  affiliate_code: string | null;
  recommender_id: string | null;
  /** JSON of the optional registration fields (qqNum, wechat, line, …). */
  profile: string | null;
  first_time_login: number;
  created_at: number;
  last_login_at: number | null;
  /** The member's VIP rank (`vip_ranks.level`); only rises (migration vip_rebate). */
  vip_level: Generated<number>;
  /** The agent the member registered under (migration agents); null for none. */
  upline_id: number | null;
  /** The member's real name (payee), copied from the profile when set (migration member_desk). */
  real_name: string | null;
}

/** Staff notes on a member (migration member_desk): written by staff, never shown to the member. */
export interface MemberNotesTable {
  id: Generated<number>;
  operator_id: number;
  member_id: number;
  staff_id: number;
  body: string;
  created_at: number;
}

/** Staff tags on a member (migration member_desk), one row per member and tag. */
export interface MemberTagsTable {
  id: Generated<number>;
  operator_id: number;
  member_id: number;
  tag: string;
  staff_id: number;
  created_at: number;
}

/** E-mailed password reset links, stored as the SHA-256 of the token; single use. */
export interface PasswordResetTokensTable {
  id: Generated<number>;
  operator_id: number;
  member_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  requested_ip: string | null;
}

export interface CaptchaChallengesTable {
  id: Generated<number>;
  operator_id: number;
  challenge_key: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface SmsCodesTable {
  id: Generated<number>;
  operator_id: number;
  purpose: string;
  recipient: string;
  code_hash: string;
  salt: string;
  attempts: Generated<number>;
  ip: string | null;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

export interface LoginThrottlesTable {
  id: Generated<number>;
  operator_id: number;
  /** What is counted: sign-in attempts per address or account (members, staff), or an SMS sender's lock. */
  scope:
    | 'ip'
    | 'account'
    | 'staff-ip'
    | 'staff-account'
    | 'staff-2fa'
    | 'member-2fa'
    | 'member-2fa-ip'
    | 'sms-ip'
    | 'sms-number'
    | 'fund-ip'
    | 'fund-account';
  subject: string;
  failures: number;
  first_failure_at: number;
  last_failure_at: number;
  blocked_until: number | null;
  /** Attempts being checked right now (not failures); `inflight_at` when the last one began. */
  inflight: Generated<number>;
  inflight_at: number | null;
}

/** Game vendors of an operator; `secret` is the seamless-wallet HMAC secret (never returned). */
export interface VendorsTable {
  id: Generated<number>;
  operator_id: number;
  code: string;
  display_name: string;
  category: string;
  sort: number;
  enabled: number;
  wallet_mode: 'seamless' | 'transfer';
  /** Plain secret of an earlier version: sealed into `secret_sealed` and cleared at start-up. */
  secret: string | null;
  /** The seamless-wallet HMAC secret, sealed with the server's secret box (purpose `vendor-secret`). */
  secret_sealed: string | null;
  launch_url: string | null;
  /** Base address of a transfer-mode vendor's API (`launch_url` when null). */
  api_url: string | null;
  updated_at: number;
}

/** The game catalogue; bingo is game_type RNG with classify BG; min_bet in minor units. */
export interface GamesTable {
  id: Generated<number>;
  operator_id: number;
  vendor_code: string;
  code: string;
  name: string;
  game_type: string;
  category: string;
  classify: string;
  is_new: number;
  hot_rank: number;
  min_bet: number;
  lines: number;
  sort: number;
  enabled: number;
  freeplay: number;
  lotto_mode: string | null;
  room_id: string | null;
  created_at: number;
}

export interface FavouriteGamesTable {
  id: Generated<number>;
  member_id: number;
  game_id: number;
  created_at: number;
}

export interface RecentGamesTable {
  id: Generated<number>;
  member_id: number;
  game_id: number;
  played_at: number;
}

export interface BannersTable {
  id: Generated<number>;
  operator_id: number;
  group_name: string;
  title: string;
  image_url: string;
  sequence: number;
  width: number;
  height: number;
  action_type: string;
  action_target: string;
  start_at: number;
  end_at: number | null;
  enabled: number;
  updated_at: number;
}

/** Announcements of types PL, PU, PR, H, A; content is sanitised HTML; language null = all. */
export interface AnnouncementsTable {
  id: Generated<number>;
  operator_id: number;
  type: string;
  title: string;
  content: string;
  preview: string;
  language: string | null;
  start_at: number;
  end_at: number | null;
  image_url: string | null;
  width: number;
  height: number;
  sequence: number;
  /** JSON array of promotion category ids. */
  category_ids: string;
  enabled: number;
  updated_at: number;
}

export interface AnnouncementReadsTable {
  id: Generated<number>;
  member_id: number;
  announcement_id: number;
  read_at: number;
}

/** Progressive jackpot pools; amounts in minor units. */
export interface JackpotPoolsTable {
  id: Generated<number>;
  operator_id: number;
  code: string;
  amount: number;
  seed: number;
  ceiling: number;
  contribution_bps: number;
  updated_at: number;
}

/** Settled wins shown on the winner board; `reference` makes recording idempotent. */
export interface SettledWinsTable {
  id: Generated<number>;
  operator_id: number;
  member_id: number;
  game_id: number;
  reference: string;
  win_amount: number;
  settled_at: number;
}

/** Social sign-in credentials per operator and provider; client_secret and bot_token are write-only. */
export interface SocialProvidersTable {
  id: Generated<number>;
  operator_id: number;
  provider: string;
  enabled: number;
  display_name: string | null;
  client_id: string | null;
  client_secret: string | null;
  issuer: string | null;
  authorize_url: string | null;
  token_url: string | null;
  userinfo_url: string | null;
  bot_token: string | null;
  updated_at: number;
}

export interface SocialLinksTable {
  id: Generated<number>;
  operator_id: number;
  member_id: number;
  provider: string;
  subject: string;
  created_at: number;
}

/** OAuth sign-ins in flight, keyed by the SHA-256 of the state; single use. */
export interface SocialStatesTable {
  id: Generated<number>;
  operator_id: number;
  provider: string;
  state_hash: string;
  binding_hash: string;
  code_verifier: string;
  nonce: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /** The agent code the sign-up started with (migration agents). */
  affiliate_code: string | null;
}

/** One-time codes exchanged for a session after a social sign-in, stored hashed; single use. */
export interface SocialLoginCodesTable {
  id: Generated<number>;
  operator_id: number;
  member_id: number;
  provider: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/**
 * Ledger accounts (decision 012): a member's wallet (`member_id`, cached `balance` never below zero)
 * or a house account (`purpose` such as `vendor:JILI`, `adjustments`; `balance` null, derived from lines).
 */
export interface LedgerAccountsTable {
  id: Generated<number>;
  operator_id: number;
  member_id: number | null;
  purpose: string | null;
  currency: string;
  balance: number | null;
  created_at: number;
}

/** Append-only journal entries; (operator_id, source, idem_key) is unique and `response` the first answer. */
export interface LedgerEntriesTable {
  id: Generated<number>;
  operator_id: number;
  kind: string;
  member_id: number | null;
  currency: string;
  reference: string | null;
  source: string;
  idem_key: string;
  request_hash: string;
  response: string;
  created_at: number;
}

/** The lines of an entry, in minor units, summing to zero; `balance_after` on member lines only. */
export interface LedgerLinesTable {
  id: Generated<number>;
  entry_id: number;
  account_id: number;
  amount: number;
  balance_after: number | null;
}

/** Provider bets by transaction id; a `tombstone` is a rollback that arrived before its bet. */
export interface SeamlessBetsTable {
  id: Generated<number>;
  operator_id: number;
  vendor_code: string;
  transaction_id: string;
  round_id: string;
  member_id: number;
  game_code: string;
  amount: number;
  state: 'placed' | 'settled' | 'rolled_back' | 'tombstone';
  entry_id: number | null;
  created_at: number;
  updated_at: number;
}

/** A transfer-wallet move between a member's wallet and a vendor keeping its own balance. */
export interface VendorTransfersTable {
  id: Generated<number>;
  operator_id: number;
  member_id: number;
  vendor_code: string;
  request_id: string;
  request_hash: string;
  reference: string;
  direction: 'in' | 'out';
  amount: number;
  currency: string;
  state: 'pending' | 'done' | 'failed';
  created_at: number;
  updated_at: number;
}

/** A member's protection profile (decision 013): reality-check interval, time-out and self-exclusion ends. */
export interface RgProfilesTable {
  member_id: number;
  operator_id: number;
  reality_check_minutes: number | null;
  timeout_until: number | null;
  self_excluded_until: number | null;
  /** `rg_hourly` is complete for every hour before this hour boundary (null: nothing rolled up). */
  rollup_until: number | null;
  updated_at: number;
}

/** A member's journal lines of one entry kind summed over one closed hour (decision 013). */
export interface RgHourlyTable {
  member_id: number;
  hour: number;
  kind: string;
  amount: number;
}

/**
 * A deposit/loss/wager limit over a rolling window in minor units: `amount` in force (null: none);
 * `pending_amount` (null: removal) takes over at `pending_at` when a raise waits its 24 hours.
 */
export interface RgLimitsTable {
  member_id: number;
  kind: 'deposit' | 'loss' | 'wager';
  period: 'day' | 'week' | 'month';
  amount: number | null;
  pending_amount: number | null;
  pending_at: number | null;
  updated_at: number;
}

/** One-time recovery codes of a staff member's second factor, stored as SHA-256; `used_at` set once. */
export interface StaffRecoveryCodesTable {
  id: Generated<number>;
  staff_id: number;
  code_hash: string;
  created_at: number;
  used_at: number | null;
}

/** A right password waiting for its second factor: a hashed single-use token with a few tries. */
export interface StaffChallengesTable {
  id: Generated<number>;
  operator_id: number;
  staff_id: number;
  token_hash: string;
  attempts: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A member's second sign-in step: authenticator secret (sealed) and whether SMS codes are one. */
export interface MemberTwoFactorTable {
  member_id: number;
  operator_id: number;
  totp_secret: string | null;
  totp_pending: string | null;
  totp_enabled_at: number | null;
  totp_last_step: number | null;
  sms_enabled: ColumnType<number, number | undefined, number>;
  updated_at: number;
}

/** A member's one-time recovery code (SHA-256 bound to the member). */
export interface MemberRecoveryCodesTable {
  id: Generated<number>;
  operator_id: number;
  member_id: number;
  code_hash: string;
  created_at: number;
  used_at: number | null;
}

/** A member's right password waiting for its second step: hashed single-use token, five tries. */
export interface MemberLoginChallengesTable {
  id: Generated<number>;
  operator_id: number;
  member_id: number;
  token_hash: string;
  attempts: number;
  remember: number;
  sms_code_hash: string | null;
  sms_sent_at: number | null;
  sms_sends: ColumnType<number, number | undefined, number>;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A browser a member signed in from (hash of its own id, or of its user agent). */
export interface MemberDevicesTable {
  id: Generated<number>;
  operator_id: number;
  member_id: number;
  device_hash: string;
  user_agent: string | null;
  first_seen_at: number;
  last_seen_at: number;
}

/** One sign-in of a member, and whether its device or country was new. */
export interface MemberSignInsTable {
  id: Generated<number>;
  operator_id: number;
  member_id: number;
  device_hash: string;
  ip: string | null;
  country: string | null;
  user_agent: string | null;
  new_device: number;
  new_country: number;
  created_at: number;
}

/** An operator's demo credentials: the secret the reference provider signs with in demo mode. */
export interface DemoProvidersTable {
  operator_id: number;
  secret_sealed: string;
  created_at: number;
}

/** A demo launch: a hashed single-use token the provider exchanges for the member's session. */
export interface LaunchTokensTable {
  id: Generated<number>;
  operator_id: number;
  token_hash: string;
  member_id: number;
  vendor_code: string;
  game_code: string;
  language: string;
  freeplay: number;
  return_url: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /** The member's currency when issued (null on tokens from before issue 25). */
  currency: string | null;
}

/** A member's provably-fair server seed (sealed until revealed) with its client seed and next nonce. */
export interface PlaySeedsTable {
  id: Generated<number>;
  operator_id: number;
  member_id: number;
  generation: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  jackpot_accrued: Generated<number>;
  created_at: number;
  revealed_at: number | null;
}

/** A jackpot pool's contributions since its last hit, one row per shard (the pool = seed + their sum). */
export interface JackpotPoolSharesTable {
  operator_id: number;
  code: string;
  shard: number;
  amount: number;
}

/** One in-house round, written with its ledger entry; amounts in minor units, result JSON. */
export interface PlayRoundsTable {
  id: Generated<number>;
  round_id: string;
  operator_id: number;
  member_id: number;
  game_code: string;
  request_id: string;
  currency: string;
  stake: number;
  win: number;
  jackpot_win: number;
  balance_after: number;
  result: string;
  options: string | null;
  seed_id: number;
  client_seed: string;
  nonce: number;
  shown: number;
  entry_id: number;
  created_at: number;
}

// ---------- payments (migration 2026_11_25_1215_payments) ----------

/** Deposit channels an operator configures; amounts in minor units, percents in basis points. */
export interface PaymentChannelsTable {
  id: Generated<number>;
  operator_id: number;
  kind: 'BANK_TRANSFER' | 'GATEWAY';
  gateway_code: string | null;
  method: string;
  name: string;
  min_amount: number;
  max_amount: number;
  fee_bp: number;
  bonus_bp: number;
  /** JSON `{open, close, timeZone}` or null (always open). */
  hours: string | null;
  /** JSON bank details of a bank transfer channel. */
  bank: string | null;
  enabled: number;
  sort_order: number;
  created_at: number;
  updated_at: number;
}

/** Where a payment gateway's API answers and the shared secret both sides sign with (sealed). */
export interface PaymentGatewaysTable {
  id: Generated<number>;
  operator_id: number;
  code: string;
  base_url: string;
  secret_sealed: string;
  updated_at: number;
}

export interface PaymentSettingsTable {
  operator_id: number;
  document: string;
  updated_at: number;
}

export interface DepositsTable {
  id: string;
  operator_id: number;
  member_id: number;
  channel_id: number;
  channel_name: string;
  kind: 'BANK_TRANSFER' | 'GATEWAY';
  method: string;
  gateway_code: string | null;
  amount: number;
  fee: number;
  bonus: number;
  currency: string;
  status: 'PENDING' | 'APPROVED' | 'REJECTED' | 'FAILED';
  reference: string | null;
  reason: string | null;
  /** JSON array of upload ids. */
  receipts: string;
  request_id: string | null;
  pay_url: string | null;
  gateway_payment_id: string | null;
  entry_id: number | null;
  decided_by: string | null;
  created_at: number;
  updated_at: number;
  decided_at: number | null;
  /** The reconciler's lease: not asked about again before this (migration payments_completion). */
  reconcile_after: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface BankCardsTable {
  id: Generated<number>;
  operator_id: number;
  member_id: number;
  kind: 'BANK' | 'EWALLET';
  bank_name: string;
  account_no: string;
  payee_name: string;
  created_at: number;
}

export interface FundPasswordsTable {
  member_id: number;
  operator_id: number;
  password_hash: string;
  updated_at: number;
}

export interface WithdrawalsTable {
  id: string;
  operator_id: number;
  member_id: number;
  card_id: number;
  account_kind: 'BANK' | 'EWALLET';
  bank_name: string;
  account_no: string;
  payee_name: string;
  amount: number;
  currency: string;
  status: 'PENDING' | 'PROCESSING' | 'APPROVED' | 'REJECTED';
  reason: string | null;
  request_id: string | null;
  turnover_remaining: number;
  gateway_code: string | null;
  payout_reference: string | null;
  decided_by: string | null;
  created_at: number;
  updated_at: number;
  decided_at: number | null;
}

/** The wagering a member still owes before a withdrawal: stakes count after `since_entry_id`. */
export interface MemberTurnoverTable {
  member_id: number;
  operator_id: number;
  required: number;
  since_entry_id: number;
  updated_at: number;
}

export interface UploadsTable {
  id: string;
  operator_id: number;
  member_id: number;
  purpose: 'receipt' | 'identity' | 'feedback' | 'chat';
  content_type: 'image/png' | 'image/jpeg';
  size: number;
  width: number;
  height: number;
  sha256: string;
  data: Buffer;
  created_at: number;
}

export interface IdentityDocumentsTable {
  id: Generated<number>;
  operator_id: number;
  member_id: number;
  kind: string;
  status: 'UNDER_REVIEW' | 'VERIFIED' | 'REJECTED';
  reason: string | null;
  /** JSON array of upload ids. */
  uploads: string;
  decided_by: string | null;
  created_at: number;
  decided_at: number | null;
}

/** Inbox broadcasts as the operator sent them; each member's copy is an `inbox_messages` row. */
export interface InboxBroadcastsTable {
  id: Generated<number>;
  operator_id: number;
  vip_level: number | null;
  /** JSON: { "<language>" | "*": { title, content } }. */
  contents: string;
  recipients: number;
  created_by: string;
  created_at: number;
}

/** One member's message: a template `kind` with JSON `params`, or their copy of a broadcast. */
export interface InboxMessagesTable {
  id: Generated<number>;
  operator_id: number;
  member_id: number;
  kind: string;
  params: string;
  dedupe_key: string;
  broadcast_id: number | null;
  read_at: number | null;
  deleted_at: number | null;
  created_at: number;
}

export interface FeedbackTable {
  id: Generated<number>;
  operator_id: number;
  member_id: number;
  category: string;
  comment: string;
  /** JSON array of upload ids. */
  uploads: string;
  status: 'PENDING' | 'ANSWERED';
  answer: string | null;
  answered_by: string | null;
  created_at: number;
  answered_at: number | null;
}

/** Promotions (/m/activity) with their bonus rule; texts is JSON `{EN: {title, content}}`. */
export interface PromotionsTable {
  id: Generated<number>;
  operator_id: number;
  category_id: number;
  kind: 'DEPOSIT' | 'FIRST_DEPOSIT' | 'FREE_MONEY';
  issuance: 'AUTO' | 'MANUAL';
  percent_bp: number;
  max_amount: number;
  min_deposit: number;
  turnover_x100: number;
  texts: string;
  image_url: string | null;
  start_at: number;
  end_at: number | null;
  closed: number;
  sort_order: number;
  created_at: number;
  updated_at: number;
}

/** A member's application for a promotion's bonus: one per member and promotion, paid at most once. */
export interface PromotionApplicationsTable {
  id: string;
  operator_id: number;
  promotion_id: number;
  member_id: number;
  status: 'PENDING' | 'ISSUED' | 'REJECTED';
  deposit_id: string | null;
  deposit_amount: number | null;
  amount: number | null;
  turnover: number | null;
  entry_id: number | null;
  reason: string | null;
  decided_by: string | null;
  created_at: number;
  decided_at: number | null;
}

// ---------- reward centre (migration 2026_11_27_0500_rewards) ----------

/** A daily mission; `target` in minor units (wager, deposit) or a count (games, login). */
export interface RewardMissionsTable {
  id: Generated<number>;
  operator_id: number;
  type: 'wager' | 'games' | 'deposit' | 'login';
  target: number;
  reward: number;
  /** Hundredths of the reward to wager (100 = once). */
  turnover_multiple: number;
  active: number;
  sort_order: number;
  created_at: number;
  updated_at: number;
}

/** The operator's check-in settings as JSON (`CheckInSettings`). */
export interface RewardSettingsTable {
  operator_id: number;
  document: string;
  updated_at: number;
}

/** One paid reward, unique per (member, reward_key, period), written with its ledger entry. */
export interface RewardClaimsTable {
  id: Generated<number>;
  operator_id: number;
  member_id: number;
  kind: 'checkin' | 'mission';
  mission_id: number | null;
  mission_type: string | null;
  reward_key: string;
  period: string;
  streak: number | null;
  amount: number;
  turnover: number;
  entry_id: number;
  created_at: number;
}

export interface Database {
  members: MembersTable;
  operators: OperatorsTable;
  operator_settings: OperatorSettingsTable;
  platform_owners: PlatformOwnersTable;
  staff_users: StaffUsersTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  outbox_messages: OutboxMessagesTable;
  server_keys: ServerKeysTable;
  captcha_challenges: CaptchaChallengesTable;
  sms_codes: SmsCodesTable;
  login_throttles: LoginThrottlesTable;
  password_reset_tokens: PasswordResetTokensTable;
  vendors: VendorsTable;
  games: GamesTable;
  favourite_games: FavouriteGamesTable;
  recent_games: RecentGamesTable;
  banners: BannersTable;
  announcements: AnnouncementsTable;
  announcement_reads: AnnouncementReadsTable;
  jackpot_pools: JackpotPoolsTable;
  settled_wins: SettledWinsTable;
  social_providers: SocialProvidersTable;
  social_links: SocialLinksTable;
  social_states: SocialStatesTable;
  social_login_codes: SocialLoginCodesTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_entries: LedgerEntriesTable;
  ledger_lines: LedgerLinesTable;
  seamless_bets: SeamlessBetsTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_challenges: StaffChallengesTable;
  member_two_factor: MemberTwoFactorTable;
  member_recovery_codes: MemberRecoveryCodesTable;
  member_login_challenges: MemberLoginChallengesTable;
  member_devices: MemberDevicesTable;
  member_sign_ins: MemberSignInsTable;
  rg_profiles: RgProfilesTable;
  rg_limits: RgLimitsTable;
  rg_hourly: RgHourlyTable;
  vendor_transfers: VendorTransfersTable;
  play_seeds: PlaySeedsTable;
  play_rounds: PlayRoundsTable;
  jackpot_pool_shares: JackpotPoolSharesTable;
  demo_providers: DemoProvidersTable;
  launch_tokens: LaunchTokensTable;
  payment_channels: PaymentChannelsTable;
  payment_gateways: PaymentGatewaysTable;
  payment_settings: PaymentSettingsTable;
  deposits: DepositsTable;
  bank_cards: BankCardsTable;
  fund_passwords: FundPasswordsTable;
  withdrawals: WithdrawalsTable;
  member_turnover: MemberTurnoverTable;
  promotions: PromotionsTable;
  promotion_applications: PromotionApplicationsTable;
  uploads: UploadsTable;
  identity_documents: IdentityDocumentsTable;
  inbox_broadcasts: InboxBroadcastsTable;
  inbox_messages: InboxMessagesTable;
  feedback: FeedbackTable;
  help_topics: HelpTopicsTable;
  legal_documents: LegalDocumentsTable;
  member_notes: MemberNotesTable;
  member_tags: MemberTagsTable;
  referral_codes: ReferralCodesTable;
  referrals: ReferralsTable;
  referral_settings: ReferralSettingsTable;
  vip_ranks: VipRanksTable;
  vip_turnover: VipTurnoverTable;
  rebate_claims: RebateClaimsTable;
  reward_missions: RewardMissionsTable;
  reward_settings: RewardSettingsTable;
  reward_claims: RewardClaimsTable;
  adjustment_requests: AdjustmentRequestsTable;
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  chat_canned_replies: ChatCannedRepliesTable;
  draw_games: DrawGamesTable;
  draws: DrawsTable;
  draw_orders: DrawOrdersTable;
  draw_tickets: DrawTicketsTable;
  agents: AgentsTable;
  agent_contract_templates: AgentContractTemplatesTable;
  agent_contracts: AgentContractsTable;
  agent_commissions: AgentCommissionsTable;
  agent_settings: AgentSettingsTable;
  agent_transfers: AgentTransfersTable;
  agent_network: AgentNetworkTable;
  report_daily_totals: ReportDailyTotalsTable;
  report_member_days: ReportMemberDaysTable;
  report_first_deposits: ReportFirstDepositsTable;
  report_watermark: ReportWatermarkTable;
}
