/** The agent centre's periods: whole days in the browser's time zone, as the server reads them. */
export const PERIODS = ['today', 'yesterday', 'week', 'month'] as const;
export type PeriodId = (typeof PERIODS)[number];

const day = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The first and last day of a period that ends today (or yesterday), as `YYYY-MM-DD`. */
export function periodDays(id: PeriodId, now: Date = new Date()): { startDate: string; endDate: string } {
  const at = (offset: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
  switch (id) {
    case 'today':
      return { startDate: day(now), endDate: day(now) };
    case 'yesterday':
      return { startDate: day(at(-1)), endDate: day(at(-1)) };
    case 'week':
      return { startDate: day(at(-6)), endDate: day(now) };
    case 'month':
      return { startDate: day(new Date(now.getFullYear(), now.getMonth(), 1)), endDate: day(now) };
  }
}

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
