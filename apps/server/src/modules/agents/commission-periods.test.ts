import { describe, expect, it } from 'vitest';
import { closedPeriods, periodAt } from './commission-periods.ts';

const at = (iso: string) => Date.parse(iso);

describe('commission periods', () => {
  it('cuts hours, days, weeks and months in the operator time zone', () => {
    expect(periodAt('hourly', 'day', at('2026-11-28T13:20:00Z'), 'Asia/Manila')).toEqual({
      key: '2026-11-28T13Z',
      start: at('2026-11-28T13:00:00Z'),
      end: at('2026-11-28T14:00:00Z'),
    });
    // 23:30 UTC on the 27th is already the 28th in Manila (UTC+8).
    expect(periodAt('salary', 'day', at('2026-11-27T23:30:00Z'), 'Asia/Manila')).toEqual({
      key: '2026-11-28',
      start: at('2026-11-27T16:00:00Z'),
      end: at('2026-11-28T16:00:00Z'),
    });
    // Saturday 28 November 2026: its week began on Monday the 23rd.
    expect(periodAt('dividend', 'week', at('2026-11-28T10:00:00Z'), 'UTC')).toEqual({
      key: 'W2026-11-23',
      start: at('2026-11-23T00:00:00Z'),
      end: at('2026-11-30T00:00:00Z'),
    });
    expect(periodAt('dividend', 'month', at('2026-12-31T23:59:59Z'), 'UTC')).toEqual({
      key: 'M2026-12',
      start: at('2026-12-01T00:00:00Z'),
      end: at('2027-01-01T00:00:00Z'),
    });
  });

  it('lists closed periods since the contract was accepted, newest first', () => {
    const accepted = at('2026-11-26T09:00:00Z');
    expect(
      closedPeriods('salary', 'day', 'UTC', accepted, at('2026-11-28T10:00:00Z'), 7).map((p) => p.key),
    ).toEqual(['2026-11-27', '2026-11-26']);
    // The running day is never closed; the lookback caps a long outage.
    expect(closedPeriods('hourly', 'day', 'UTC', 0, at('2026-11-28T10:00:00Z'), 3).map((p) => p.key)).toEqual(
      ['2026-11-28T09Z', '2026-11-28T08Z', '2026-11-28T07Z'],
    );
    // A period ending exactly at `until` is closed.
    expect(closedPeriods('salary', 'day', 'UTC', 0, at('2026-11-28T00:00:00Z'), 1)[0]!.key).toBe(
      '2026-11-27',
    );
  });
});
