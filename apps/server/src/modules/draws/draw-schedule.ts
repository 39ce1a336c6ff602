import type { DrawSchedule } from '@playhouse/contract/draws';

/**
 * When draws happen, as pure functions of the schedule and a time (UTC, epoch ms). A draw's numero is
 * its draw time as `YYYYMMDDHHMM`, so it names one draw whatever the schedule becomes later.
 */

const DAY = 86_400_000;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export function numeroOf(drawAt: number): string {
  const d = new Date(drawAt);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}`;
}

/** The draw times of a daily schedule on the UTC day starting at `dayStart`, in order. */
function dailyTimes(times: readonly string[], dayStart: number): number[] {
  return [...new Set(times)]
    .map((t) => dayStart + (Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5))) * 60_000)
    .sort((a, b) => a - b);
}

export interface Slot {
  drawAt: number;
  closeAt: number;
  /** When the previous draw closed: this one's betting opens then. */
  openAt: number;
}

/**
 * The draw that takes tickets at `at`: the first whose betting closes after `at`, and the one after
 * it (made ahead, so its seed is committed well before it opens).
 */
export function slotsAt(schedule: DrawSchedule, closeBeforeSeconds: number, at: number): [Slot, Slot] {
  const closeBefore = closeBeforeSeconds * 1000;
  const times: number[] = [];
  if (schedule.kind === 'interval') {
    const period = schedule.seconds * 1000;
    const k = Math.floor((at + closeBefore) / period) + 1;
    for (let i = -1; i <= 1; i++) times.push((k + i) * period);
  } else {
    const today = Math.floor(at / DAY) * DAY;
    const all = [-1, 0, 1, 2].flatMap((d) => dailyTimes(schedule.times, today + d * DAY));
    const next = all.findIndex((t) => t - closeBefore > at);
    times.push(...all.slice(next - 1, next + 2));
  }
  const slot = (i: number): Slot => ({
    drawAt: times[i]!,
    closeAt: times[i]! - closeBefore,
    openAt: times[i - 1]! - closeBefore,
  });
  return [slot(1), slot(2)];
}
