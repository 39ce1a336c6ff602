/*
 * A promotion's arithmetic in integer minor units: no floating point touches money.
 */

/** "12.5" → 1250 basis points (the schema allows at most two decimals, 0 to 100). */
export function percentToBp(percent: string): number {
  const [whole, fraction = ''] = percent.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 1250 → "12.5", 2000 → "20". */
export function percentOf(bp: number): string {
  return trim(`${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`);
}

/** A turnover multiple in hundredths: "12.5" → 1250. */
export const multipleToX100 = percentToBp;
export const multipleOf = percentOf;

const trim = (s: string) => s.replace(/\.?0+$/, '') || '0';

/**
 * The bonus a deposit earns: its percentage, rounded down to the minor unit, never above the cap;
 * nothing below the minimum deposit.
 */
export function bonusFor(
  depositAmount: number,
  rule: { percent_bp: number; max_amount: number; min_deposit: number },
): number {
  if (depositAmount < rule.min_deposit) return 0;
  return Math.min(Math.floor((depositAmount * rule.percent_bp) / 10_000), rule.max_amount);
}

/** The wagering a bonus adds: amount × multiple, rounded up to the minor unit. */
export function turnoverOf(amount: number, multipleX100: number): number {
  return Math.ceil((amount * multipleX100) / 100);
}
