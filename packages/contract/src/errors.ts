/**
 * Machine codes of every expected failure and the HTTP status each maps to. Messages live in the
 * i18n catalogue under `errors.<CODE>`.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  ENCRYPTION_REQUIRED: 400,
  DECRYPTION_FAILED: 400,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  // requests the HTTP layer refuses before any route (malformed, too long, wrong method)
  BAD_REQUEST: 400,
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TIMEOUT: 408,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  NOT_LOGGED_IN: 401,
  SESSION_EXPIRED: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_SIGNATURE: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  MAINTENANCE: 503,
  /** The request's host is no active operator's domain (unknown, or the operator is suspended). */
  SITE_UNAVAILABLE: 404,
  /**
   * The server could not take the request in time (no database connection free, a statement over
   * its time limit): nothing was done, the same request may be sent again (retry-after).
   */
  SERVER_BUSY: 503,
  REGION_BLOCKED: 403,
  INSUFFICIENT_FUNDS: 409,
  VENDOR_NOT_CONNECTED: 409,
  /** A demo launch token that is unknown, expired, already used or for another vendor. */
  LAUNCH_TOKEN_INVALID: 401,
  // passwords and member centre
  PASSWORD_UNCHANGED: 400,
  OLD_PASSWORD_INCORRECT: 400,
  RESET_TOKEN_INVALID: 400,
  SMS_SEND_FAILED: 503,
  INTERNAL: 500,
  // accounts and security
  CAPTCHA_REQUIRED: 400,
  CAPTCHA_INVALID: 400,
  VERIFICATION_CODE_ERROR: 400,
  INVALID_INVITATION_CODE: 400,
  USERNAME_TAKEN: 409,
  MOBILE_TAKEN: 409,
  ACCOUNT_UNAVAILABLE: 403,
  NON_MEMBER_LOGIN: 403,
  FREE_REJECT: 403,
  REGISTRATION_CLOSED: 403,
  LOGIN_METHOD_DISABLED: 403,
  REFERRER_INVALID: 400,
  // social sign-in
  SOCIAL_LOGIN_DISABLED: 403,
  SOCIAL_NOT_CONFIGURED: 409,
  OAUTH_STATE_INVALID: 400,
  OAUTH_PROVIDER_ERROR: 502,
  LOGIN_CODE_INVALID: 400,
  TELEGRAM_AUTH_INVALID: 401,
  TELEGRAM_AUTH_EXPIRED: 401,
  // wallet and ledger
  IDEMPOTENCY_MISMATCH: 409,
  BET_NOT_FOUND: 404,
  BET_ALREADY_SETTLED: 409,
  BET_ROLLED_BACK: 409,
  WALLET_MODE_MISMATCH: 409,
  // transfer wallet: money held while the vendor confirms, the vendor down, the vendor refusing
  TRANSFER_PENDING: 202,
  VENDOR_UNAVAILABLE: 503,
  TRANSFER_FAILED: 409,
  // responsible gambling: stakes and deposits refused (withdrawals never are)
  SELF_EXCLUDED: 403,
  TIMED_OUT: 403,
  WAGER_LIMIT_REACHED: 409,
  LOSS_LIMIT_REACHED: 409,
  DEPOSIT_LIMIT_REACHED: 409,
  // staff two-factor sign-in
  TWO_FACTOR_CODE_INVALID: 400,
  TWO_FACTOR_CHALLENGE_INVALID: 401,
  TWO_FACTOR_ENROLMENT_REQUIRED: 403,
  TWO_FACTOR_ALREADY_ENABLED: 409,
  TWO_FACTOR_NOT_ENABLED: 409,
  TWO_FACTOR_NOT_STARTED: 409,
  TWO_FACTOR_REQUIRED_FOR_WITHDRAWAL: 403,
  // in-house play and bet records
  /** The operator turned bet records off (whitelabel RECORDS3): the spec's 'contact_service'. */
  CONTACT_SERVICE: 403,
  /** The stake is not one the game takes. */
  STAKE_NOT_ALLOWED: 400,
  /** The operator closed the game (or its vendor) while the player had it open. */
  GAME_CLOSED: 409,
  // draw games
  /** The draw no longer takes or cancels tickets: it closed (or is being drawn). */
  DRAW_CLOSED: 409,
  /** The draw has taken as much as it can pay out; a smaller bet or the next draw may still go. */
  DRAW_EXPOSURE_LIMIT: 409,
  /** A bet type or selection the game does not offer (or the operator switched off). */
  BET_NOT_ALLOWED: 400,
  /** The ticket was settled, cancelled or refunded already. */
  TICKET_NOT_CANCELLABLE: 409,
  // VIP and manual rebate
  /** This period's rebate was claimed already; the next period opens at midnight. */
  REBATE_ALREADY_CLAIMED: 409,
  /** No settled stakes earn a rebate since the last claim. */
  REBATE_NOTHING_TO_CLAIM: 409,
  // payments: deposits, withdrawals, fund password, uploads, identity documents, money desk
  /** The deposit channel is turned off or outside its opening hours. */
  CHANNEL_CLOSED: 409,
  /** The amount is below the channel's (or withdrawal's) minimum or above its maximum. */
  AMOUNT_OUT_OF_RANGE: 400,
  /** The payment gateway could not be reached or refused the request. */
  GATEWAY_UNAVAILABLE: 503,
  FUND_PASSWORD_NOT_SET: 409,
  FUND_PASSWORD_INCORRECT: 400,
  FUND_PASSWORD_UNCHANGED: 400,
  /** The fund password asked for is the member's login password. */
  FUND_PASSWORD_SAME_AS_LOGIN: 400,
  /** The member's daily withdrawal count or amount would be exceeded. */
  WITHDRAWAL_LIMIT_REACHED: 409,
  /** Wagering still required (from deposits and bonuses) before a withdrawal. */
  TURNOVER_NOT_MET: 409,
  /** Withdrawals and bank cards need the profile's real name (the payee). */
  REAL_NAME_REQUIRED: 409,
  BANK_CARD_LIMIT: 409,
  BANK_CARD_EXISTS: 409,
  /** A money-desk request already settled the other way, or being settled by another operator. */
  ALREADY_DECIDED: 409,
  PAYOUT_FAILED: 502,
  /** Not a png or jpeg image (judged by its content), or one that cannot be read. */
  UPLOAD_INVALID: 400,
  UPLOAD_TOO_LARGE: 413,
  TOO_MANY_FILES: 400,
  /** An identity document is already under review or verified. */
  IDENTITY_ALREADY_SUBMITTED: 409,
  /** The staff member's role may not take this money-desk action (decision 018: admin, finance, support). */
  ROLE_FORBIDDEN: 403,
  /** A staff password somebody else chose must be changed before anything else. */
  PASSWORD_CHANGE_REQUIRED: 403,
  /** A request above the operator's threshold needs another member of staff's approval. */
  SECOND_APPROVER_REQUIRED: 403,
  /** The operator has switched this feature off (a whitelabel flag). */
  FEATURE_DISABLED: 403,
  /** The e-mail address is already bound to another member of the operator. */
  EMAIL_TAKEN: 409,
  // promotions
  /** The promotion has not started, has ended or was closed. */
  PROMOTION_UNAVAILABLE: 409,
  /** The member does not meet the promotion's rule (a first-deposit bonus after a deposit). */
  PROMOTION_NOT_ELIGIBLE: 409,
  // reward centre
  /** The mission's target is not reached yet today. */
  REWARD_NOT_EARNED: 409,
  /** Today's reward was paid already (a retry, a second tap). */
  REWARD_ALREADY_CLAIMED: 409,
  // agents
  /** The agent centre is for agents only (spec §6 "Non-agents cannot log in"). */
  NOT_AGENT: 403,
  /** No member of this operator has that username. */
  MEMBER_NOT_FOUND: 404,
  /** A trial or closed account cannot be made an agent. */
  AGENT_NOT_ELIGIBLE: 409,
  /** The contract request was answered, withdrawn or replaced already. */
  CONTRACT_NOT_PENDING: 409,
  /** An agent offers its downline no more than its own contract of that kind pays. */
  CONTRACT_TERMS_TOO_HIGH: 409,
  /** Not a member of my downline, or not my upline where transfers up are allowed for my type. */
  TRANSFER_NOT_ALLOWED: 403,
  /** The commission is not waiting for approval (decided or paid already). */
  COMMISSION_NOT_PENDING: 409,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** Validation messages, keyed under `validation.<KEY>` in the catalogue. */
export const VALIDATION_KEYS = [
  'required',
  'invalid',
  'tooShort',
  'tooLong',
  'tooSmall',
  'tooBig',
  'notNumber',
  'notInteger',
  'notBoolean',
  'invalidOption',
  'unknownField',
  'invalidFormat',
  'invalidCharacters',
  // accounts and security
  'accountFormat',
  'passwordFormat',
  'passwordSameAsUsername',
  'passwordTooCommon',
  'passwordMismatch',
  'emailFormat',
  'nameFormat',
  'mobileInvalid',
  'captchaRequired',
  'captchaInvalid',
  'verificationCodeError',
  'invitationCodeInvalid',
  'referrerInvalid',
  'usernameTaken',
  'mobileTaken',
  'underAge',
  'dateRange',
  // account record and statements
  'periodTooLong',
  // agents
  'notAgentType',
  // operators
  'domainTaken',
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];
