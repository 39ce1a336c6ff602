import { addDays, latestEndDay, parseDay } from '@playhouse/contract/account-record';

/** The periods the account record offers (the last 7 and 30 days include today). */
export const PRESETS = ['today', 'days7', 'days30', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];

export interface DayRange {
  startDate: string;
  endDate: string;
}

/** Today on this device, `YYYY-MM-DD` in its own time zone. */
export function localDay(date: Date = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/** The days a preset covers, up to `today`. */
export function presetRange(preset: Exclude<Preset, 'custom'>, today: string): DayRange {
  const days = preset === 'today' ? 1 : preset === 'days7' ? 7 : 30;
  return { startDate: addDays(today, -(days - 1)), endDate: today };
}

/**
 * A custom period made valid as the member edits it: neither day after today, the end not before
 * the start, and the end at most three months after it (the server refuses longer ones). Changing
 * the start moves the end along when it would otherwise break a rule, and the other way round.
 */
export function adjustCustom(range: DayRange, changed: 'startDate' | 'endDate', today: string): DayRange {
  const valid = (day: string, fallback: string) => (parseDay(day) ? (day > today ? today : day) : fallback);
  let startDate = valid(range.startDate, today);
  let endDate = valid(range.endDate, today);
  if (changed === 'startDate') {
    if (endDate < startDate) endDate = startDate;
    if (endDate > latestEndDay(startDate)) endDate = latestEndDay(startDate);
  } else {
    if (startDate > endDate) startDate = endDate;
    // The earliest start whose three months still reach the end.
    while (latestEndDay(startDate) < endDate) startDate = addDays(startDate, 1);
  }
  return { startDate, endDate };
}

/** The device's time zone (IANA), which the server reads the days in. */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
