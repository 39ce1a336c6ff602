import { describe, expect, it } from 'vitest';
import {
  checkInReward,
  checkInState,
  cycleIndex,
  missionStatus,
  periodAt,
  turnoverOf,
  type LastCheckIn,
} from './reward-rules.ts';

/** A clock the test moves: each check-in is judged at the instant it reads. */
function clock(iso: string) {
  let at = Date.parse(iso);
  return {
    now: () => at,
    advance: (ms: number) => {
      at += ms;
    },
  };
}
const HOUR = 3_600_000;

/** Checks in at the clock's instant the way the service does: judged on the operator's day. */
function checkIn(history: LastCheckIn[], at: number, timeZone: string) {
  const { day } = periodAt(at, timeZone);
  const state = checkInState(history.at(-1), day);
  if (!state.checkedInToday) history.push({ period: day, streak: state.todayStreak });
  return state;
}

describe('reward rules', () => {
  it('a day is the operator’s day: 23:30 and 00:30 in Manila are two days, the same UTC day', () => {
    const c = clock('2026-11-27T15:30:00Z'); // 23:30 in Manila (UTC+8)
    const first = periodAt(c.now(), 'Asia/Manila');
    expect(first.day).toBe('2026-11-27');
    expect(first.from).toBe(Date.parse('2026-11-26T16:00:00Z'));
    expect(first.to).toBe(Date.parse('2026-11-27T16:00:00Z'));
    c.advance(HOUR);
    expect(periodAt(c.now(), 'Asia/Manila').day).toBe('2026-11-28');
    expect(periodAt(c.now(), 'UTC').day).toBe('2026-11-27');
  });

  it('consecutive days build a streak; twice on one day counts once; a missed day resets it', () => {
    const c = clock('2026-11-27T01:00:00Z');
    const history: LastCheckIn[] = [];
    expect(checkIn(history, c.now(), 'Asia/Manila')).toMatchObject({ checkedInToday: false, todayStreak: 1 });
    c.advance(10 * HOUR); // 19:00 Manila, same day
    expect(checkIn(history, c.now(), 'Asia/Manila')).toMatchObject({ checkedInToday: true, streak: 1 });
    c.advance(6 * HOUR); // 01:00 next day in Manila
    expect(checkIn(history, c.now(), 'Asia/Manila').todayStreak).toBe(2);
    c.advance(46 * HOUR); // 23:00 the day after: still consecutive
    expect(checkIn(history, c.now(), 'Asia/Manila').todayStreak).toBe(3);
    expect(history.map((h) => h.period)).toEqual(['2026-11-27', '2026-11-28', '2026-11-29']);
    // The whole of the next day passes without a check-in.
    c.advance(26 * HOUR);
    const after = checkInState(history.at(-1), periodAt(c.now(), 'Asia/Manila').day);
    expect(after).toEqual({ streak: 0, checkedInToday: false, todayStreak: 1 });
    expect(checkIn(history, c.now(), 'Asia/Manila').todayStreak).toBe(1);
  });

  it('the same instants judged in UTC give another streak (day boundaries follow the zone)', () => {
    // 15:30Z and 16:30Z: one UTC day, two Manila days.
    const history: LastCheckIn[] = [];
    checkIn(history, Date.parse('2026-11-27T15:30:00Z'), 'UTC');
    expect(checkIn(history, Date.parse('2026-11-27T16:30:00Z'), 'UTC').checkedInToday).toBe(true);
    const manila: LastCheckIn[] = [];
    checkIn(manila, Date.parse('2026-11-27T15:30:00Z'), 'Asia/Manila');
    expect(checkIn(manila, Date.parse('2026-11-27T16:30:00Z'), 'Asia/Manila').todayStreak).toBe(2);
  });

  it('crosses month and year ends and a daylight-saving change', () => {
    expect(checkInState({ period: '2026-12-31', streak: 4 }, '2027-01-01').todayStreak).toBe(5);
    expect(checkInState({ period: '2027-02-28', streak: 1 }, '2027-03-01').todayStreak).toBe(2);
    // New York's clocks go back on 2026-11-01: that day has 25 hours.
    const day = periodAt(Date.parse('2026-11-01T12:00:00Z'), 'America/New_York');
    expect(day.to - day.from).toBe(25 * HOUR);
  });

  it('rewards follow the streak day and the cycle starts again after its last day', () => {
    const days = [100, 200, 300];
    expect([1, 2, 3, 4, 5, 7].map((s) => cycleIndex(s, 3))).toEqual([1, 2, 3, 1, 2, 1]);
    expect(checkInReward(days, 1)).toBe(100);
    expect(checkInReward(days, 3)).toBe(300);
    expect(checkInReward(days, 4)).toBe(100);
  });

  it('turnover is the reward times the multiple, rounded up; status follows progress and claims', () => {
    expect(turnoverOf(1000, 100)).toBe(1000);
    expect(turnoverOf(333, 150)).toBe(500);
    expect(turnoverOf(1000, 0)).toBe(0);
    expect(missionStatus(499, 500, false)).toBe('inProgress');
    expect(missionStatus(500, 500, false)).toBe('claimable');
    expect(missionStatus(900, 500, true)).toBe('claimed');
  });
});
