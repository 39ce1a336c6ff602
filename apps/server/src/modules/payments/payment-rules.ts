import type { OpeningHours } from '@playhouse/contract/payments';
import { dayAt } from '../transactions/period.ts';

/**
 * The payment rules as pure functions: percents, fees and bonuses in integer minor units, opening
 * hours in the channel's time zone, masking of account numbers. Unit-tested beside this file.
 */

/** "1.5" or "1.50" → 150 basis points. */
export function percentToBp(text: string): number {
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 150 → "1.50". */
export function bpToPercent(bp: number): string {
  return `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
}

/**
 * What a deposit of `amount` brings: the fee the channel keeps and the bonus the operator adds, each
 * rounded down to the minor unit (never in the house's favour for the bonus, never against the
 * member for the fee), and what reaches the wallet.
 */
export function depositFigures(amount: number, feeBp: number, bonusBp: number) {
  const fee = Math.floor((amount * feeBp) / 10_000);
  const bonus = Math.floor((amount * bonusBp) / 10_000);
  return { fee, bonus, credited: amount - fee + bonus };
}

/** Minutes since midnight of an "HH:MM". */
const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** The wall-clock minute of the day at `ms` in `timeZone`. */
export function minuteOfDay(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(ms));
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return hour * 60 + minute;
}

/**
 * Whether a channel is open at `ms`: null hours = always; `open` == `close` = all day; `open` after
 * `close` spans midnight (22:00–06:00). The close minute itself is closed.
 */
export function isOpenAt(hours: OpeningHours | null, ms: number): boolean {
  if (!hours) return true;
  const open = minutesOf(hours.open);
  const close = minutesOf(hours.close);
  if (open === close) return true;
  const m = minuteOfDay(ms, hours.timeZone);
  return open < close ? m >= open && m < close : m >= open || m < close;
}

/** "**** 1234": all but the last four characters hidden. */
export function maskAccountNo(accountNo: string): string {
  const compact = accountNo.replace(/[\s-]/g, '');
  return `**** ${compact.slice(-4)}`;
}

/** An account number as stored and compared: spaces and dashes dropped, letters upper-cased. */
export function normaliseAccountNo(accountNo: string): string {
  return accountNo.replace(/[\s-]/g, '').toUpperCase();
}

/** The day (YYYY-MM-DD) in the operator's zone a request falls on, for daily limits and summaries. */
export const operatorDay = dayAt;

/** Remaining turnover: never below zero. */
export function turnoverRemaining(required: number, achieved: number): number {
  return Math.max(0, required - achieved);
}

/**
 * The requirement a new credit adds: `depositMultiplier` × deposit + `bonusMultiplier` × bonus,
 * rounded up to the minor unit (multipliers may be fractional, e.g. 1.5).
 */
export function turnoverFor(deposit: number, bonus: number, multipliers: { deposit: number; bonus: number }) {
  return Math.ceil(deposit * multipliers.deposit + bonus * multipliers.bonus);
}
