import {
  addDays,
  DEFAULT_PERIOD_DAYS,
  latestEndDay,
  MAX_PERIOD_MONTHS,
  parseDay,
} from '@playhouse/contract/account-record';
import { fieldError } from '../../lib/app-error.ts';
import { boundedMemo } from '../../lib/bounded-memo.ts';

/**
 * Days in a member's time zone and the epoch-millisecond range they cover. A record or statement
 * asks for whole days (`YYYY-MM-DD`) as the member sees them, so "today" in Manila is not "today" in
 * UTC; the server turns them into [from, to) with the zone's own offset on each day (DST included).
 */

export interface Period {
  startDate: string;
  endDate: string;
  timeZone: string;
  /** The first millisecond of startDate in timeZone. */
  from: number;
  /** The first millisecond after endDate in timeZone (exclusive). */
  to: number;
}

const formats = boundedMemo<string, Intl.DateTimeFormat | null>(500);

/** A formatter of wall-clock parts in `timeZone`, or null when the zone is unknown. */
function wallClock(timeZone: string): Intl.DateTimeFormat | null {
  let format = formats.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      format = null;
    }
    formats.set(timeZone, format);
  }
  return format;
}

export function isTimeZone(timeZone: string): boolean {
  return wallClock(timeZone) !== null;
}

/** The wall-clock time in `timeZone` at instant `ms`, as its parts. */
function partsAt(ms: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const p of wallClock(timeZone)!.formatToParts(new Date(ms)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return parts as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** How far `timeZone` is ahead of UTC at instant `ms`, in milliseconds. */
function offsetAt(ms: number, timeZone: string): number {
  const p = partsAt(ms, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

/** The first instant of a day in `timeZone`. */
export function dayStart(day: string, timeZone: string): number {
  const { y, m, d } = parseDay(day)!;
  const wall = Date.UTC(y, m - 1, d);
  // The offset at the guess, then again at the corrected instant: a DST change between them moves it.
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  return second;
}

/** The day it is at instant `ms` in `timeZone`, `YYYY-MM-DD`. */
export function dayAt(ms: number, timeZone: string): string {
  const p = partsAt(ms, timeZone);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** `YYYY-MM-DD HH:mm:ss` at instant `ms` in `timeZone` (statements). */
export function wallTime(ms: number, timeZone: string): string {
  const p = partsAt(ms, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${dayAt(ms, timeZone)} ${two(p.hour)}:${two(p.minute)}:${two(p.second)}`;
}

/**
 * The period a request names: both days, or the last 7 days up to today when none is given (one day
 * alone is that day to today, or the 7 days up to it). Refused with a field error when the zone is
 * unknown, the end comes before the start, or the period is longer than three months.
 */
export function resolvePeriod(
  query: { startDate?: string | undefined; endDate?: string | undefined; timeZone?: string | undefined },
  nowMs: number,
): Period {
  const timeZone = query.timeZone ?? 'UTC';
  if (!isTimeZone(timeZone)) throw fieldError('timeZone', 'invalidOption');
  const today = dayAt(nowMs, timeZone);
  const endDate = query.endDate ?? (query.startDate && query.startDate > today ? query.startDate : today);
  const startDate = query.startDate ?? addDays(endDate, -(DEFAULT_PERIOD_DAYS - 1));
  if (endDate < startDate)
    throw fieldError('endDate', 'dateRange', { min: startDate, max: latestEndDay(startDate) });
  if (endDate > latestEndDay(startDate))
    throw fieldError('endDate', 'periodTooLong', { months: MAX_PERIOD_MONTHS });
  return {
    startDate,
    endDate,
    timeZone,
    from: dayStart(startDate, timeZone),
    to: dayStart(addDays(endDate, 1), timeZone),
  };
}
