import { describe, expect, it } from 'vitest';
import { periodDays } from './periods.ts';

describe('agent centre periods', () => {
  const now = new Date(2026, 2, 3, 10, 0); // 3 March 2026, local time
  it('gives whole local days ending today or yesterday', () => {
    expect(periodDays('today', now)).toEqual({ startDate: '2026-03-03', endDate: '2026-03-03' });
    expect(periodDays('yesterday', now)).toEqual({ startDate: '2026-03-02', endDate: '2026-03-02' });
    // Seven days back crosses the end of February.
    expect(periodDays('week', now)).toEqual({ startDate: '2026-02-25', endDate: '2026-03-03' });
    expect(periodDays('month', now)).toEqual({ startDate: '2026-03-01', endDate: '2026-03-03' });
  });
});
