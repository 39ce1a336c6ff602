import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { dayAt, dayStart, resolvePeriod, wallTime } from './period.ts';

const NOW = Date.parse('2026-11-25T06:00:00Z');

function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.options.fields;
    throw error;
  }
  throw new Error('not refused');
}

describe('days in a time zone', () => {
  it('finds the first instant of a day, with each day its own offset across DST', () => {
    expect(new Date(dayStart('2026-02-01', 'UTC')).toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(new Date(dayStart('2026-02-01', 'Asia/Manila')).toISOString()).toBe('2026-01-31T16:00:00.000Z');
    // New York: UTC-5 in winter, UTC-4 in summer; DST began on 8 March 2026.
    expect(new Date(dayStart('2026-03-08', 'America/New_York')).toISOString()).toBe(
      '2026-03-08T05:00:00.000Z',
    );
    expect(new Date(dayStart('2026-03-09', 'America/New_York')).toISOString()).toBe(
      '2026-03-09T04:00:00.000Z',
    );
    // Half-hour and quarter-hour zones.
    expect(new Date(dayStart('2026-06-01', 'Asia/Kathmandu')).toISOString()).toBe('2026-05-31T18:15:00.000Z');
    expect(new Date(dayStart('2026-06-01', 'Asia/Tehran')).toISOString()).toBe('2026-05-31T20:30:00.000Z');
  });

  it('names the day and wall-clock time of an instant', () => {
    expect(dayAt(NOW, 'UTC')).toBe('2026-11-25');
    expect(dayAt(Date.parse('2026-11-25T20:00:00Z'), 'Asia/Manila')).toBe('2026-11-26');
    expect(wallTime(Date.parse('2026-11-25T20:00:00.999Z'), 'Asia/Manila')).toBe('2026-11-26 04:00:00');
    expect(wallTime(Date.parse('2026-01-01T00:00:00Z'), 'America/New_York')).toBe('2025-12-31 19:00:00');
  });
});

describe('resolvePeriod', () => {
  it('covers whole days as [from, to)', () => {
    const p = resolvePeriod({ startDate: '2026-02-01', endDate: '2026-02-28', timeZone: 'Asia/Manila' }, NOW);
    expect(p).toMatchObject({ startDate: '2026-02-01', endDate: '2026-02-28', timeZone: 'Asia/Manila' });
    expect(new Date(p.from).toISOString()).toBe('2026-01-31T16:00:00.000Z');
    expect(new Date(p.to).toISOString()).toBe('2026-02-28T16:00:00.000Z');
  });

  it('defaults to the 7 days up to today in the zone', () => {
    expect(resolvePeriod({}, NOW)).toMatchObject({
      startDate: '2026-11-19',
      endDate: '2026-11-25',
      timeZone: 'UTC',
    });
    // 06:00 UTC is already 14:00 in Manila, but still the 24th in Honolulu.
    expect(resolvePeriod({ timeZone: 'Pacific/Honolulu' }, NOW)).toMatchObject({ endDate: '2026-11-24' });
    expect(resolvePeriod({ startDate: '2026-11-01' }, NOW)).toMatchObject({ endDate: '2026-11-25' });
    expect(resolvePeriod({ endDate: '2026-10-10' }, NOW)).toMatchObject({ startDate: '2026-10-04' });
  });

  it('takes up to three calendar months and refuses more, or an end before the start', () => {
    expect(resolvePeriod({ startDate: '2026-01-01', endDate: '2026-03-31' }, NOW).endDate).toBe('2026-03-31');
    expect(resolvePeriod({ startDate: '2025-11-30', endDate: '2026-02-27' }, NOW).endDate).toBe('2026-02-27');
    expect(refusal(() => resolvePeriod({ startDate: '2026-01-01', endDate: '2026-04-01' }, NOW))).toEqual({
      endDate: [{ key: 'periodTooLong', params: { months: 3 } }],
    });
    expect(refusal(() => resolvePeriod({ startDate: '2026-02-10', endDate: '2026-02-09' }, NOW))).toEqual({
      endDate: [{ key: 'dateRange', params: { min: '2026-02-10', max: '2026-05-09' } }],
    });
    expect(refusal(() => resolvePeriod({ startDate: '2020-01-01' }, NOW))).toEqual({
      endDate: [{ key: 'periodTooLong', params: { months: 3 } }],
    });
  });

  it('refuses a time zone the server does not know', () => {
    expect(refusal(() => resolvePeriod({ timeZone: 'Mars/Olympus' }, NOW))).toEqual({
      timeZone: [{ key: 'invalidOption' }],
    });
  });
});
