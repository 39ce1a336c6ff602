// Zod-free so the player site can use the types and day arithmetic without the schema library.
import type { EntryKind } from './wallet.ts';

/**
 * The account record's vocabulary shared by the server and the player site: the types a member
 * filters by (groups of journal entry kinds) and the periods they may ask for, as days `YYYY-MM-DD`.
 */

/** The types a member filters by: groups of journal entry kinds. */
export const RECORD_TYPES = [
  'deposit',
  'withdrawal',
  'bet',
  'win',
  'rollback',
  'bonus',
  'adjustment',
  'transfer',
] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

/** The type each entry kind is listed under (a jackpot payout is a win, a rebate a bonus). */
export const KIND_TYPE: Record<EntryKind, RecordType> = {
  bet: 'bet',
  win: 'win',
  jackpot: 'win',
  rollback: 'rollback',
  adjustment: 'adjustment',
  deposit: 'deposit',
  withdrawal: 'withdrawal',
  transfer_in: 'transfer',
  transfer_out: 'transfer',
  bonus: 'bonus',
  rebate: 'bonus',
  commission: 'bonus',
};

/** The entry kinds of a type. */
export function kindsOfType(type: RecordType): EntryKind[] {
  return (Object.keys(KIND_TYPE) as EntryKind[]).filter((kind) => KIND_TYPE[kind] === type);
}

// ---------- days ----------

/** The longest period a record or statement covers: three calendar months. */
export const MAX_PERIOD_MONTHS = 3;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The year, month (1-12) and day of a `YYYY-MM-DD` string, or undefined when it is no real day. */
export function parseDay(text: string): { y: number; m: number; d: number } | undefined {
  const match = DAY.exec(text);
  if (!match) return undefined;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1970 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return undefined;
  return { y, m, d };
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The day `n` days after (or before, for negative `n`) a valid day. */
export function addDays(day: string, n: number): string {
  const { y, m, d } = parseDay(day)!;
  return dayOf(new Date(Date.UTC(y, m - 1, d + n)));
}

/** The same day `n` months later, clamped to the month's end (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(day: string, n: number): string {
  const { y, m, d } = parseDay(day)!;
  const lastOfTarget = new Date(Date.UTC(y, m - 1 + n + 1, 0)).getUTCDate();
  return dayOf(new Date(Date.UTC(y, m - 1 + n, Math.min(d, lastOfTarget))));
}

/** The last day a period starting on `start` may end on: three months less a day (Jan 15 → Apr 14). */
export function latestEndDay(start: string): string {
  return addDays(addMonths(start, MAX_PERIOD_MONTHS), -1);
}

/** Without days, a period is the last 7 days up to today. */
export const DEFAULT_PERIOD_DAYS = 7;
