import { addDays, addMonths } from '@playhouse/contract/account-record';
import type { ContractKind, DividendCycle } from '@playhouse/contract/agents';
import { dayAt, dayStart } from '../transactions/period.ts';

/** One period a contract is reckoned over: [start, end) and its key, unique per member and kind. */
export interface Period {
  key: string;
  start: number;
  end: number;
}

const HOUR = 3_600_000;

/**
 * The period of a contract that contains instant `ms`: an hour (UTC hours; every time zone an
 * operator is likely to use is a whole number of hours from UTC) for the hourly salary, a day in the
 * operator's time zone for the daily salary, and the dividend's cycle (day, week from Monday, or
 * calendar month) in that zone.
 */
export function periodAt(kind: ContractKind, cycle: DividendCycle, ms: number, timeZone: string): Period {
  if (kind === 'hourly') {
    const start = Math.floor(ms / HOUR) * HOUR;
    return { key: `${new Date(start).toISOString().slice(0, 13)}Z`, start, end: start + HOUR };
  }
  const day = dayAt(ms, timeZone);
  const unit = kind === 'salary' ? 'day' : cycle;
  if (unit === 'week') {
    const dow = new Date(`${day}T00:00:00Z`).getUTCDay();
    const monday = addDays(day, -((dow + 6) % 7));
    return {
      key: `W${monday}`,
      start: dayStart(monday, timeZone),
      end: dayStart(addDays(monday, 7), timeZone),
    };
  }
  if (unit === 'month') {
    const first = `${day.slice(0, 8)}01`;
    return {
      key: `M${day.slice(0, 7)}`,
      start: dayStart(first, timeZone),
      end: dayStart(addMonths(first, 1), timeZone),
    };
  }
  return { key: day, start: dayStart(day, timeZone), end: dayStart(addDays(day, 1), timeZone) };
}

/** Most periods one pass looks back over per contract (a job down for a while catches up this far). */
export const LOOKBACK: Record<ContractKind, number> = { hourly: 48, salary: 7, dividend: 3 };

/**
 * The closed periods of a contract, newest first: ended by `until`, ending after `after` (the
 * contract's acceptance: the period it was accepted in counts whole), at most `max` of them.
 */
export function closedPeriods(
  kind: ContractKind,
  cycle: DividendCycle,
  timeZone: string,
  after: number,
  until: number,
  max: number,
): Period[] {
  const out: Period[] = [];
  let p = periodAt(kind, cycle, until - 1, timeZone);
  if (p.end > until) p = periodAt(kind, cycle, p.start - 1, timeZone);
  while (out.length < max && p.end > after) {
    out.push(p);
    p = periodAt(kind, cycle, p.start - 1, timeZone);
  }
  return out;
}
