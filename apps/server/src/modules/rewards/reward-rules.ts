import { addDays } from '@playhouse/contract/account-record';
import type { MissionStatus } from '@playhouse/contract/rewards';
import { dayAt, dayStart } from '../transactions/period.ts';

/**
 * The reward centre's pure rules: what "today" is, the check-in streak, and the turnover a reward
 * adds. Everything takes the instant it judges (`at`), so tests move the clock across day boundaries.
 */

/** The operator's day at instant `at` and the epoch-millisecond range [from, to) it covers. */
export function periodAt(at: number, timeZone: string): { day: string; from: number; to: number } {
  const day = dayAt(at, timeZone);
  return { day, from: dayStart(day, timeZone), to: dayStart(addDays(day, 1), timeZone) };
}

/** The member's latest check-in: its day and the streak it made. */
export interface LastCheckIn {
  period: string;
  streak: number;
}

export interface CheckInState {
  /** Days in a row up to today (today counted only when checked in); 0 after a missed day. */
  streak: number;
  checkedInToday: boolean;
  /** The streak today's check-in makes (or made). */
  todayStreak: number;
}

/**
 * The streak as of `today`: checking in on the day after the last check-in continues it, any later
 * day starts again at 1 (a missed day resets it).
 */
export function checkInState(last: LastCheckIn | undefined, today: string): CheckInState {
  if (last && last.period === today)
    return { streak: last.streak, checkedInToday: true, todayStreak: last.streak };
  const continues = last !== undefined && last.period === addDays(today, -1);
  return {
    streak: continues ? last.streak : 0,
    checkedInToday: false,
    todayStreak: continues ? last.streak + 1 : 1,
  };
}

/** The 1-based day of the reward cycle a streak day falls on: after the last day it starts again. */
export function cycleIndex(streak: number, cycleLength: number): number {
  return ((Math.max(1, streak) - 1) % cycleLength) + 1;
}

/** The reward (minor units) of the streak's day. */
export function checkInReward(days: readonly number[], streak: number): number {
  return days[cycleIndex(streak, days.length) - 1] ?? 0;
}

/** Wagering a reward adds: the amount times the multiple (hundredths), rounded up to a minor unit. */
export function turnoverOf(amount: number, multipleHundredths: number): number {
  return Math.ceil((amount * multipleHundredths) / 100);
}

/** A multiple such as 1.5 as hundredths (150); two decimals at most. */
export const multipleToHundredths = (multiple: number) => Math.round(multiple * 100);
export const hundredthsToMultiple = (hundredths: number) => hundredths / 100;

/** A mission's status from its progress and whether today's reward was paid. */
export function missionStatus(progress: number, target: number, claimed: boolean): MissionStatus {
  if (claimed) return 'claimed';
  return progress >= target ? 'claimable' : 'inProgress';
}
