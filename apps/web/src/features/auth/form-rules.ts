import type { TFunction } from 'i18next';
import type { FieldProblem } from '@playhouse/contract/account';

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
