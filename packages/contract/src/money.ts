import { z } from 'zod';

/**
 * Money at the API edge. Inside, every amount is an integer of minor units (cents); on the wire it is
 * a decimal string with at most two places ("12.5" and "12.50" are both 1250) and is always written
 * back with exactly two ("12.50"). Parsing is strict: no exponent, sign only where allowed, no spaces,
 * no leading zeros, nothing beyond two places (rounding money silently is how cents go missing), and
 * no value whose minor units could lose precision in a JavaScript number once summed.
 */

/** The largest amount accepted at the edge: 999,999,999,999.99 (far inside 2^53 minor units). */
export const MAX_MONEY_MINOR = 99_999_999_999_999;

const UNSIGNED = /^(0|[1-9]\d{0,11})(?:\.(\d{1,2}))?$/;
const SIGNED = /^-?(0|[1-9]\d{0,11})(?:\.(\d{1,2}))?$/;

/**
 * Integer minor units of a decimal string, or undefined when it is not a well-formed amount.
 * `signed` also accepts a leading minus (a debit adjustment); otherwise "-1" is refused.
 *
 * @example parseMoney("12.5") === 1250; parseMoney("1.234") === undefined; parseMoney("1e3") === undefined
 */
export function parseMoney(text: string, options: { signed?: boolean } = {}): number | undefined {
  if (typeof text !== 'string' || text.length > 20) return undefined;
  const negative = text.startsWith('-');
  if (negative && !options.signed) return undefined;
  const m = UNSIGNED.exec(negative ? text.slice(1) : text);
  if (!m) return undefined;
  const minor = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(minor) || minor > MAX_MONEY_MINOR) return undefined;
  return negative ? -minor || 0 : minor;
}

/** The API's decimal string of integer minor units: 1250 → "12.50", -5 → "-0.05". */
export function formatMoney(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an integer amount of minor units: ${minor}`);
  const abs = Math.abs(minor);
  return `${minor < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A non-negative amount such as "1.00" (stakes, wins, deposits). */
export const AmountSchema = z
  .string()
  .max(20)
  .regex(UNSIGNED, 'invalidFormat')
  .refine((v) => parseMoney(v) !== undefined, 'tooBig');

/** An amount that may be negative, such as "-25.00" (a debit adjustment). */
export const SignedAmountSchema = z
  .string()
  .max(21)
  .regex(SIGNED, 'invalidFormat')
  .refine((v) => parseMoney(v, { signed: true }) !== undefined, 'tooBig');

/** Display symbols of the currencies operators use; any other currency shows its ISO code. */
const SYMBOLS: Record<string, string> = {
  PHP: '₱',
  USD: '$',
  EUR: '€',
  GBP: '£',
  CNY: '¥',
  JPY: '¥',
  KRW: '₩',
  THB: '฿',
  VND: '₫',
  IDR: 'Rp',
  MYR: 'RM',
  INR: '₹',
  BDT: '৳',
  NPR: 'रु',
  PKR: '₨',
  LKR: 'Rs',
  KHR: '៛',
  LAK: '₭',
  MMK: 'K',
  TRY: '₺',
  RUB: '₽',
  KZT: '₸',
  UZS: 'soʻm',
  BRL: 'R$',
  NGN: '₦',
  KES: 'KSh',
  AED: 'د.إ',
  SAR: '﷼',
  IRR: '﷼',
  TWD: 'NT$',
  HKD: 'HK$',
  SGD: 'S$',
};

/** The symbol shown beside an amount in `currency` (ISO 4217 code). */
export function currencySymbol(currency: string): string {
  return SYMBOLS[currency.toUpperCase()] ?? currency.toUpperCase();
}
