import { readFileSync } from 'node:fs';
import { PATTERNS, type FieldRule } from '@playhouse/contract/settings';
import type { ValidationKey } from '@playhouse/contract/errors';
import { AppError, type FieldError } from './app-error.ts';
import { STAFF_PASSWORD_MAX, STAFF_PASSWORD_MIN } from '@playhouse/contract/staff-permissions';

/**
 * The 10,000 most common passwords, lower-cased, most common first. Taken from the ranked list that
 * @zxcvbn-ts/language-common ships (MIT, © Dropbox and the zxcvbn-ts authors), itself built from
 * public breach corpora.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
);

/** The length and pattern part of a password rule: the operator's `register.password` settings. */
export type PasswordRule = Pick<FieldRule, 'minLength' | 'maxLength' | 'patternId'>;

/** Used when a caller has no operator rule at hand; matches the default register settings. */
export const DEFAULT_PASSWORD_RULE: PasswordRule = { minLength: 8, maxLength: 32, patternId: 'password' };

export interface PasswordPolicyInput {
  /** The account's username; a password equal to it (ignoring case) is refused. */
  username?: string | undefined;
  /** Length and pattern rule, normally `request.settings.register.password`. */
  rule?: PasswordRule | undefined;
}

/** Whether a password is on the common/breached list (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}

/**
 * Every reason a proposed password is refused, as field errors with keys from the `validation`
 * catalogue (empty when the password is acceptable): length, the configured pattern, equal to the
 * username, or a common/breached password.
 */
export function passwordProblems(password: string, input: PasswordPolicyInput = {}): FieldError[] {
  const rule = input.rule ?? DEFAULT_PASSWORD_RULE;
  const problems: FieldError[] = [];
  const problem = (key: ValidationKey, params?: Record<string, string | number>) =>
    problems.push(params ? { key, params } : { key });
  if (!password) return [{ key: 'required' }];
  if (password.length < rule.minLength) problem('tooShort', { min: rule.minLength });
  if (password.length > rule.maxLength) problem('tooLong', { max: rule.maxLength });
  if (!new RegExp(PATTERNS[rule.patternId], 'u').test(password)) problem('passwordFormat');
  if (input.username && password.toLowerCase() === input.username.toLowerCase())
    problem('passwordSameAsUsername');
  if (isCommonPassword(password)) problem('passwordTooCommon');
  return problems;
}

/**
 * Throws a 400 `VALIDATION_FAILED` naming `field` (default `password`) when the password breaks the
 * policy; returns quietly otherwise. Use it for registration, change and reset of passwords.
 */
export function assertPasswordAllowed(
  password: string,
  input: PasswordPolicyInput & { field?: string } = {},
): void {
  const problems = passwordProblems(password, input);
  if (problems.length)
    throw new AppError('VALIDATION_FAILED', { fields: { [input.field ?? 'password']: problems } });
}

/** Staff passwords (back office): 12–128 characters of any kind, not common, not the username. */
export const STAFF_PASSWORD_RULE: PasswordRule = {
  minLength: STAFF_PASSWORD_MIN,
  maxLength: STAFF_PASSWORD_MAX,
  patternId: 'any',
};

export function assertStaffPasswordAllowed(password: string, username: string, field = 'password'): void {
  assertPasswordAllowed(password, { username, rule: STAFF_PASSWORD_RULE, field });
}
