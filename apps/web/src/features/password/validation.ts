import { EMAIL_MAX, FORGOT_EMAIL, LOGIN_USERNAME } from '@playhouse/contract/password-rules';
import { PATTERNS, type PatternId } from '@playhouse/contract/patterns';

/** A field problem as a `member:validation.*` key with its parameters. */
export interface Problem {
  key: string;
  params?: Record<string, string | number>;
}

export interface PasswordRule {
  minLength: number;
  maxLength: number;
  patternId: PatternId;
}

/** The default `register.password` rule, for a first visit before the site status has loaded. */
export const DEFAULT_RULE: PasswordRule = { minLength: 8, maxLength: 32, patternId: 'password' };

/** Forgot by e-mail (spec §5): username by the login rule, e-mail required and matching the spec's pattern. */
export function checkUsername(value: string): Problem | undefined {
  const v = value.trim();
  if (!v) return { key: 'required' };
  return LOGIN_USERNAME.test(v) ? undefined : { key: 'in_account_incorrect' };
}

export function checkEmail(value: string): Problem | undefined {
  const v = value.trim();
  if (!v) return { key: 'required' };
  return v.length <= EMAIL_MAX && FORGOT_EMAIL.test(v) ? undefined : { key: 'in_email_incorrect' };
}

/** A new password by the operator's password rule. */
export function checkNewPassword(value: string, rule: PasswordRule = DEFAULT_RULE): Problem | undefined {
  if (!value) return { key: 'in_enter_password' };
  if (value.length < rule.minLength) return { key: 'tooShort', params: { min: rule.minLength } };
  if (value.length > rule.maxLength) return { key: 'tooLong', params: { max: rule.maxLength } };
  return new RegExp(PATTERNS[rule.patternId], 'u').test(value) ? undefined : { key: 'passwordFormat' };
}

/** Confirmation: required ('in_enter_password') and equal to the new one ('in_confirmation_correct'). */
export function checkConfirmation(confirm: string, password: string): Problem | undefined {
  if (!confirm) return { key: 'in_enter_password' };
  return confirm === password ? undefined : { key: 'in_confirmation_correct' };
}

/** The old password is only checked for presence and length; the server knows whether it is right. */
export function checkOldPassword(value: string): Problem | undefined {
  if (!value) return { key: 'in_enter_password' };
  return value.length > 128 ? { key: 'tooLong', params: { max: 128 } } : undefined;
}

/** Mobile number: digits, at most 20 (spec §5). */
export function checkMobile(value: string): Problem | undefined {
  const v = value.trim();
  if (!v) return { key: 'required' };
  return /^\d{4,20}$/.test(v) ? undefined : { key: 'in_mobile_incorrect' };
}

/** SMS code: digits, at most 10 (spec §5). */
export function checkSmsCode(value: string): Problem | undefined {
  const v = value.trim();
  if (!v) return { key: 'required' };
  return /^\d{1,10}$/.test(v) ? undefined : { key: 'in_code_incorrect' };
}
