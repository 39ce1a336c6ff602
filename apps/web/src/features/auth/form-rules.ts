import type { TFunction } from 'i18next';
import type { FieldProblem } from '@playhouse/contract/account';
import type { FieldRule } from '@playhouse/contract/settings';

export type FieldErrors = Record<string, string[]>;

/** Catalogue text of field problems (keys of `common:validation`). */
export function problemText(t: TFunction, problems: FieldProblem[]): string[] {
  return problems.map((p) => t(`common:validation.${p.key}`, p.params ?? {}));
}

/** Focuses the first field, in form order, that has an error. */
export function focusFirstInvalid(order: string[], errors: FieldErrors) {
  const first = order.find((f) => errors[f]?.length);
  if (first) document.getElementById(first)?.focus();
}

/** The device the member registers from (spec §3 registerMethod). */
export function registerMethod(
  standalone: boolean,
  webClip: boolean,
  nativeApp: boolean,
): 'APP' | 'WEBCLIP' | 'PWA' | 'H5' {
  if (nativeApp) return 'APP';
  if (standalone) return webClip ? 'WEBCLIP' : 'PWA';
  return 'H5';
}

/**
 * What is wrong with a password's confirmation: missing, or not the password. Its format is the
 * password's business: a confirmation that differs says so, never "format incorrect".
 */
export function confirmationProblems(
  password: string | undefined,
  confirmation: string | undefined,
): ('required' | 'passwordMismatch')[] {
  if (!confirmation) return ['required'];
  return confirmation === (password ?? '') ? [] : ['passwordMismatch'];
}

/**
 * The operator's password rule in words, shown under the field before and while the member types:
 * the length and, for the default pattern, letters and digits.
 */
export function passwordRuleText(
  t: TFunction,
  rule: Pick<FieldRule, 'minLength' | 'maxLength' | 'patternId'>,
) {
  const range = { min: rule.minLength, max: rule.maxLength };
  return rule.patternId === 'password'
    ? t('auth:register.passwordRule', range)
    : t('auth:register.passwordLength', range);
}
