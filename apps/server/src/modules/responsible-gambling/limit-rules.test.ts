import { describe, expect, it } from 'vitest';
import { LIMIT_INCREASE_DELAY_MS, PERIOD_MS } from '@playhouse/contract/responsible-gambling-rules';
import {
  NO_LIMIT,
  addMonths,
  breaches,
  fitsAgainAt,
  floorHour,
  formatUtc,
  inForce,
  planChange,
  settle,
  splitWindow,
  usageOf,
  walkToFit,
  windowStart,
  type LimitState,
} from './limit-rules.ts';

const T = Date.UTC(2026, 10, 25, 12, 0);
const H = 3_600_000;
const set = (amount: number | null): LimitState => ({ amount, pendingAmount: null, pendingAt: null });

describe('planChange', () => {
  it('sets a first limit at once', () => {
    expect(planChange(NO_LIMIT, 10_000, T)).toEqual(set(10_000));
  });

  it('lowers a limit at once', () => {
    expect(planChange(set(10_000), 5_000, T)).toEqual(set(5_000));
  });

  it('raises a limit only after 24 hours, keeping the old one until then', () => {
    const raised = planChange(set(10_000), 20_000, T);
    expect(raised).toEqual({ amount: 10_000, pendingAmount: 20_000, pendingAt: T + LIMIT_INCREASE_DELAY_MS });
    expect(inForce(raised, T + LIMIT_INCREASE_DELAY_MS - 1)).toBe(10_000);
    expect(inForce(raised, T + LIMIT_INCREASE_DELAY_MS)).toBe(20_000);
  });

  it('removes a limit only after 24 hours', () => {
    const removed = planChange(set(10_000), null, T);
    expect(removed).toEqual({ amount: 10_000, pendingAmount: null, pendingAt: T + LIMIT_INCREASE_DELAY_MS });
    expect(inForce(removed, T + 23 * H)).toBe(10_000);
    expect(inForce(removed, T + 24 * H)).toBeNull();
  });

  it('cancels a waiting raise when the member lowers or confirms the amount in force', () => {
    const raised = planChange(set(10_000), 20_000, T);
    expect(planChange(raised, 10_000, T + H)).toEqual(set(10_000));
    expect(planChange(raised, 8_000, T + H)).toEqual(set(8_000));
  });

  it('keeps the waiting time when the same raise is asked again or narrowed, restarts it when widened', () => {
    const raised = planChange(set(10_000), 20_000, T);
    expect(planChange(raised, 20_000, T + H).pendingAt).toBe(T + 24 * H);
    expect(planChange(raised, 15_000, T + H)).toEqual({
      amount: 10_000,
      pendingAmount: 15_000,
      pendingAt: T + 24 * H,
    });
    expect(planChange(raised, 30_000, T + H).pendingAt).toBe(T + H + 24 * H);
    expect(planChange(raised, null, T + H).pendingAt).toBe(T + H + 24 * H);
  });

  it('treats a matured raise as the limit in force before planning the next change', () => {
    const raised = planChange(set(10_000), 20_000, T);
    expect(settle(raised, T + 25 * H)).toEqual(set(20_000));
    // 15 000 is now a decrease from 20 000: at once.
    expect(planChange(raised, 15_000, T + 25 * H)).toEqual(set(15_000));
  });

  it('leaves no limit alone when none is asked for', () => {
    expect(planChange(NO_LIMIT, null, T)).toEqual(NO_LIMIT);
  });
});

describe('windows and use', () => {
  it('starts each rolling window its length before now', () => {
    expect(windowStart(T, 'day')).toBe(T - 24 * H);
    expect(windowStart(T, 'week')).toBe(T - 7 * 24 * H);
    expect(windowStart(T, 'month')).toBe(T - 30 * 24 * H);
  });

  it('counts stakes less refunds as wagered, and stakes less wins as net loss', () => {
    const totals = {
      bet: { day: -5_000, week: -9_000, month: -9_000 },
      win: { day: 2_000, week: 2_000, month: 12_000 },
      rollback: { day: 1_000, week: 1_000, month: 1_000 },
      deposit: { day: 10_000, week: 10_000, month: 30_000 },
    };
    expect(usageOf('wager', totals)).toEqual({ day: 4_000, week: 8_000, month: 8_000 });
    expect(usageOf('loss', totals)).toEqual({ day: 2_000, week: 6_000, month: -4_000 });
    expect(usageOf('deposit', totals)).toEqual({ day: 10_000, week: 10_000, month: 30_000 });
    expect(usageOf('wager', {})).toEqual({ day: 0, week: 0, month: 0 });
  });

  it('counts money sent to a transfer-mode vendor as wagered, and as lost until it comes back', () => {
    const totals = {
      bet: { day: -1_000, week: -1_000, month: -1_000 },
      transfer_in: { day: -3_000, week: -3_000, month: -3_000 },
      transfer_out: { day: 500, week: 2_500, month: 2_500 },
    };
    expect(usageOf('wager', totals)).toEqual({ day: 4_000, week: 4_000, month: 4_000 });
    expect(usageOf('loss', totals)).toEqual({ day: 3_500, week: 1_500, month: 1_500 });
  });
});

describe('breaches', () => {
  const used = { day: 9_000, week: 9_000, month: 9_000 };

  it('allows reaching a limit exactly and refuses going past it', () => {
    expect(breaches({ day: 10_000 }, used, 1_000)).toEqual([]);
    expect(breaches({ day: 10_000 }, used, 1_001)).toEqual([{ period: 'day', limit: 10_000, used: 9_000 }]);
  });

  it('checks every window, so the lowest limit binds', () => {
    // A week of 9 500 caps a day of 20 000.
    expect(breaches({ day: 20_000, week: 9_500, month: null }, used, 1_000)).toEqual([
      { period: 'week', limit: 9_500, used: 9_000 },
    ]);
    expect(breaches({ day: 9_500, week: 9_500 }, used, 1_000).map((b) => b.period)).toEqual(['day', 'week']);
  });

  it('lets a member who is ahead stake more against a loss limit', () => {
    expect(breaches({ day: 1_000 }, { day: -5_000, week: 0, month: 0 }, 6_000)).toEqual([]);
    expect(breaches({ day: 1_000 }, { day: -5_000, week: 0, month: 0 }, 6_001)).toHaveLength(1);
  });
});

describe('fitsAgainAt', () => {
  it('is when enough of the oldest use has left the window', () => {
    const entries = [
      { at: T - 20 * H, amount: 3_000 },
      { at: T - 10 * H, amount: 4_000 },
      { at: T - 1 * H, amount: 3_000 },
    ];
    const breach = { period: 'day' as const, limit: 10_000, used: 10_000 };
    // 2 000 fits once the first 3 000 leaves, 20 hours ago + 24 h.
    expect(fitsAgainAt(breach, 2_000, entries)).toBe(T + 4 * H);
    // 5 000 needs the second entry gone too.
    expect(fitsAgainAt(breach, 5_000, entries)).toBe(T - 10 * H + PERIOD_MS.day);
    // More than the limit itself never fits.
    expect(fitsAgainAt(breach, 10_001, entries)).toBeNull();
  });

  it('knows a win leaving the loss window makes room later, not sooner', () => {
    const entries = [
      { at: T - 20 * H, amount: -2_000 },
      { at: T - 10 * H, amount: 5_000 },
    ];
    expect(fitsAgainAt({ period: 'day', limit: 3_000, used: 3_000 }, 1_000, entries)).toBe(T + 14 * H);
  });
});

describe('kept hours', () => {
  it('reads a window as whole kept hours plus the journal at its ends', () => {
    expect(floorHour(T + 59 * 60_000 + 59_999)).toBe(T);
    expect(floorHour(T)).toBe(T);
    // A window starting 12:00:00 (exclusive) takes kept hours from 13:00; 12:00–13:00 comes from the journal.
    expect(splitWindow(T, T + 5 * H)).toEqual({ hoursFrom: T + H });
    expect(splitWindow(T + 1, T + 5 * H)).toEqual({ hoursFrom: T + H });
    // No whole kept hour inside: the journal alone.
    expect(splitWindow(T + 30 * 60_000, T + H)).toBeNull();
  });

  it('walks kept hours to the one that makes room, and exact entries to their time', () => {
    const breach = { period: 'day' as const, limit: 10_000, used: 10_000 };
    const items = [
      { at: T - 23 * H - 60_000, amount: 1_000 },
      { at: T - 22 * H, amount: 4_000, hour: true },
      { at: T - 21 * H, amount: 5_000, hour: true },
    ];
    expect(walkToFit(breach, 1_000, items)).toEqual({ at: T - 23 * H - 60_000 + PERIOD_MS.day });
    // 3 000 needs part of the first kept hour: that hour, with 9 000 used before it.
    expect(walkToFit(breach, 3_000, items)).toEqual({ hour: T - 22 * H, used: 9_000 });
    expect(walkToFit(breach, 20_000, items)).toEqual({ at: null });
  });
});

describe('calendar', () => {
  it('adds months in UTC and writes times for messages', () => {
    expect(new Date(addMonths(Date.UTC(2026, 0, 15), 6)).toISOString()).toBe('2026-07-15T00:00:00.000Z');
    expect(new Date(addMonths(Date.UTC(2026, 10, 25, 9, 30), 60)).toISOString()).toBe(
      '2031-11-25T09:30:00.000Z',
    );
    expect(formatUtc(Date.UTC(2026, 10, 26, 14, 5, 59))).toBe('2026-11-26 14:05 UTC');
  });
});
