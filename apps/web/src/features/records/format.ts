import { formatMoney } from '../../lib/money.ts';

/**
 * "+25.50", "−₱1,234.00" (a true minus sign), "0.00": an amount as the member gains or loses it,
 * with the currency symbol after the sign when given.
 */
export function signedMoney(amount: string, symbol = ''): string {
  const value = Number(amount);
  const text = `${symbol}${formatMoney(Math.abs(value))}`;
  return value > 0 ? `+${text}` : value < 0 ? `\u2212${text}` : text;
}

/** Whether an amount added to, took from, or did not change the balance. */
export function direction(amount: string): 'in' | 'out' | 'none' {
  const value = Number(amount);
  return value > 0 ? 'in' : value < 0 ? 'out' : 'none';
}

/** Rows grouped by the day they happened on this device, in their order. */
export function groupByDay<T extends { createdAt: number }>(
  rows: readonly T[],
  dayOf: (ms: number) => string,
) {
  const groups: { day: string; rows: T[] }[] = [];
  for (const row of rows) {
    const day = dayOf(row.createdAt);
    const last = groups.at(-1);
    if (last?.day === day) last.rows.push(row);
    else groups.push({ day, rows: [row] });
  }
  return groups;
}
