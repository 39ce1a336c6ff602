import { formatMoney as toDecimal, parseMoney } from '@playhouse/contract/money';
import { formatMoney as formatGrouped } from '../../lib/money.ts';

/**
 * The rules the deposit and withdraw screens apply before a request is sent. The server decides
 * again; these only let the member see at once what it would answer. Amounts are minor units.
 */

export type AmountProblem = 'required' | 'format' | 'belowMin' | 'aboveMax' | 'overBalance';

export interface AmountBounds {
  min: number;
  max: number;
  /** What the member can spend, when the amount may not exceed it (withdrawals). */
  available?: number | undefined;
}

/** What is wrong with an amount the member typed, or undefined when it is within the bounds. */
export function amountProblem(text: string, bounds: AmountBounds): AmountProblem | undefined {
  const value = text.trim();
  if (!value) return 'required';
  const minor = parseMoney(value);
  if (minor === undefined || minor === 0) return 'format';
  if (minor < bounds.min) return 'belowMin';
  if (minor > bounds.max) return 'aboveMax';
  if (bounds.available !== undefined && minor > bounds.available) return 'overBalance';
  return undefined;
}

/** What an amount field accepts while typing: digits and one point with at most two decimals. */
export function cleanAmountInput(text: string): string {
  const digits = text.replace(/[^\d.]/g, '');
  const [whole = '', ...rest] = digits.split('.');
  return rest.length ? `${whole}.${rest.join('').slice(0, 2)}` : whole;
}

const STEPS = [1, 2, 5];

/**
 * Up to six round amounts a member can tap, all inside [min, max]: 1-2-5 steps from the first one at or
 * above the minimum. When the range is too narrow for round steps, its two ends.
 */
export function quickAmounts(min: number, max: number, count = 6): number[] {
  if (max < min || max <= 0) return [];
  const out: number[] = [];
  const floor = Math.max(min, 100);
  for (let scale = 100; out.length < count && scale <= max; scale *= 10)
    for (const step of STEPS) {
      const v = step * scale;
      if (v >= floor && v <= max && out.length < count) out.push(v);
    }
  if (out.length < 2) return [...new Set([min, max].filter((v) => v > 0))];
  return out;
}

/** Quick amounts as the whole-unit text put into the field (100 → "1", 150 → "1.50"). */
export function amountText(minor: number): string {
  const text = toDecimal(minor);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}

/**
 * A fee or bonus on a deposit, in minor units, rounded down (the house never gives or takes more than
 * its rate): `percent` of the amount, plus a fixed part.
 */
export function percentOf(amount: number, percent: number): number {
  return Math.floor((amount * Math.round(percent * 100)) / 10_000);
}

/** How far a member is through the turnover a withdrawal needs: 0–1, and what is still to play. */
export function turnoverProgress(required: number, done: number): { share: number; remaining: number } {
  if (required <= 0) return { share: 1, remaining: 0 };
  const remaining = Math.max(0, required - done);
  return { share: Math.min(1, Math.max(0, done / required)), remaining };
}

/** Minutes since midnight of "HH:MM". */
const clockMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The wall-clock minutes since midnight at `at` in `timeZone`. */
function minutesIn(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

/**
 * When a closed channel next opens: its opening time in the channel's own time zone, as an instant the
 * page shows in the member's. Counted in whole minutes from now (a change of clocks that night can
 * put it an hour off, which the "closed" state the server reports does not depend on).
 */
export function nextOpening(hours: { open: string; timeZone: string }, now: Date): Date {
  const wait = (clockMinutes(hours.open) - minutesIn(now, hours.timeZone) + 1440) % 1440 || 1440;
  const start = new Date(now.getTime() + wait * 60_000);
  start.setSeconds(0, 0);
  return start;
}

/** A decimal amount from the API for display: "1234.5" → "₱1,234.50". */
export function displayMoney(amount: string | number, symbol = ''): string {
  return `${symbol}${formatGrouped(Number(amount))}`;
}

/**
 * The label of a deposit's credited amount, by its status: "You will receive" while it waits,
 * "Credited" once approved; a rejected or failed deposit credits nothing, so the row is left out.
 */
export function creditedLabel(
  status: 'PENDING' | 'APPROVED' | 'REJECTED' | 'FAILED',
): 'summary.credited' | 'history.credited' | undefined {
  if (status === 'PENDING') return 'summary.credited';
  if (status === 'APPROVED') return 'history.credited';
  return undefined;
}
