import { ERROR_STATUS, type ErrorCode } from '@playhouse/contract/errors';

export interface FieldError {
  key: string;
  params?: Record<string, string | number>;
}

/** An expected failure: a code from the contract, optional field errors and extra envelope flags. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly options: {
      fields?: Record<string, FieldError[]>;
      extra?: Record<string, unknown>;
      /** Message placeholders; a value written `i18n:<key>` is replaced by that catalogue string. */
      params?: Record<string, string | number>;
      /** The underlying failure, logged by the server and never shown to the client. */
      cause?: unknown;
    } = {},
  ) {
    super(code, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

export function fieldError(field: string, key: string, params?: Record<string, string | number>): AppError {
  return new AppError('VALIDATION_FAILED', { fields: { [field]: [{ key, ...(params ? { params } : {}) }] } });
}
