import { currencySymbol } from '@playhouse/contract/money';
import { formatMoney } from '../../lib/money.ts';

/** An API amount ("200.00") as shown: symbol and grouped digits, "₱200.00". */
export function displayMoneyOf(amount: string, currency: string): string {
  return `${currencySymbol(currency)}${formatMoney(Number(amount))}`;
}
