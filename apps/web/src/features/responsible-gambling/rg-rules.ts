import type { LimitPeriod } from '@playhouse/contract/responsible-gambling-rules';

/**
 * The page's and the reality check's pure rules: amounts typed into a limit field, which fields a
 * save sends, when the next reality check is due and how durations read in the page language.
 */

const AMOUNT = /^(0|[1-9]\d{0,11})(?:[.,](\d{1,2}))?$/;

/**
 * A limit field's text as the API's amount: "" is no limit (null), "100" and "100,5" become
 * "100.00" and "100.50"; undefined when it is not an amount.
 */
export function parseLimitInput(text: string): string | null | undefined {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const m = AMOUNT.exec(trimmed);
  if (!m) return undefined;
  return `${m[1]}.${(m[2] ?? '').padEnd(2, '0')}`;
}

/**
 * The windows whose field differs from the limit in force: only those are sent, because sending the
 * amount in force cancels a waiting raise of that window.
 */
export function changedLimits(
  inForce: Record<LimitPeriod, string | null>,
  typed: Record<LimitPeriod, string>,
): { changes: Partial<Record<LimitPeriod, string | null>>; invalid: LimitPeriod[] } {
  const changes: Partial<Record<LimitPeriod, string | null>> = {};
  const invalid: LimitPeriod[] = [];
  for (const period of Object.keys(inForce) as LimitPeriod[]) {
    const value = parseLimitInput(typed[period]);
    if (value === undefined) invalid.push(period);
    else if (value !== inForce[period]) changes[period] = value;
  }
  return { changes, invalid };
}

/**
 * When the next reality check is due: every `minutes` after sign-in, the first such moment after
 * `now` (both on the server's clock).
 */
export function nextCheckAt(signedInAt: number, minutes: number, now: number): number {
  const every = minutes * 60_000;
  const elapsed = Math.max(0, now - signedInAt);
  return signedInAt + (Math.floor(elapsed / every) + 1) * every;
}

/** "1 hr 5 min" in the page language (CLDR units, so no catalogue strings and correct plurals). */
export function formatDuration(ms: number, tag: string): string {
  const totalMinutes = Math.max(0, Math.floor(ms / 60_000));
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  const unit = (unit: 'hour' | 'minute', value: number) =>
    new Intl.NumberFormat(tag, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
  return hours ? `${unit('hour', hours)} ${unit('minute', minutes)}` : unit('minute', minutes);
}

/** "6 months", "1 year", "3 days" in the page language. */
export function formatUnit(
  value: number,
  unit: 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year',
  tag: string,
) {
  return new Intl.NumberFormat(tag, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** A time-out choice in days as people say it: 7 → one week, 42 → six weeks. */
export function breakLabel(days: number, tag: string): string {
  return days % 7 === 0 && days <= 42 ? formatUnit(days / 7, 'week', tag) : formatUnit(days, 'day', tag);
}

/** A self-exclusion choice in months: 12 → one year. */
export function exclusionLabel(months: number, tag: string): string {
  return months % 12 === 0 ? formatUnit(months / 12, 'year', tag) : formatUnit(months, 'month', tag);
}

/** The rolling window's length as a label: 24 hours, 7 days, 30 days. */
export function periodLabel(period: LimitPeriod, tag: string): string {
  return period === 'day' ? formatUnit(24, 'hour', tag) : formatUnit(period === 'week' ? 7 : 30, 'day', tag);
}
