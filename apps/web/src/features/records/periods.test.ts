import { describe, expect, it } from 'vitest';
import { adjustCustom, localDay, presetRange } from './periods.ts';

describe('account record periods', () => {
  it('names today on the device', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('counts presets back from today, today included', () => {
    expect(presetRange('today', '2026-03-01')).toEqual({ startDate: '2026-03-01', endDate: '2026-03-01' });
    expect(presetRange('days7', '2026-03-01')).toEqual({ startDate: '2026-02-23', endDate: '2026-03-01' });
    expect(presetRange('days30', '2026-03-01')).toEqual({ startDate: '2026-01-31', endDate: '2026-03-01' });
  });

  it('keeps a custom period valid as either end changes', () => {
    const today = '2026-06-15';
    // A start after the end moves the end along.
    expect(adjustCustom({ startDate: '2026-05-10', endDate: '2026-05-01' }, 'startDate', today)).toEqual({
      startDate: '2026-05-10',
      endDate: '2026-05-10',
    });
    // A start more than three months back pulls the end in.
    expect(adjustCustom({ startDate: '2026-01-01', endDate: '2026-06-15' }, 'startDate', today)).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-03-31',
    });
    // An end far from the start pushes the start up to three months before it.
    expect(adjustCustom({ startDate: '2026-01-01', endDate: '2026-06-15' }, 'endDate', today)).toEqual({
      startDate: '2026-03-16',
      endDate: '2026-06-15',
    });
    // Nothing after today, and a cleared field falls back to today.
    expect(adjustCustom({ startDate: '2026-07-01', endDate: '' }, 'startDate', today)).toEqual({
      startDate: today,
      endDate: today,
    });
  });
});
