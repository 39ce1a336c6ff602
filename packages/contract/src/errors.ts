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
  NOT_LOGGED_IN: 401,
  SESSION_EXPIRED: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_SIGNATURE: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  MAINTENANCE: 503,
  REGION_BLOCKED: 403,
  INSUFFICIENT_FUNDS: 409,
  VENDOR_NOT_CONNECTED: 409,
  INTERNAL: 500,
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
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];
