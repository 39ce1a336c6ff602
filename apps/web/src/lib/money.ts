/**
 * An amount with two decimals and thousands grouped: 1234567.5 → "1,234,567.50". The same in every
 * language, as the site shows its currency codes; plain arithmetic rather than Intl, whose first use
 * loads locale data and took tens of milliseconds of the home page's first render on a phone.
 */
export function formatMoney(value: number): string {
  if (!Number.isFinite(value)) return '';
  const [whole = '0', cents = '00'] = Math.abs(value).toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 && Number(whole + cents) !== 0 ? '-' : ''}${grouped}.${cents}`;
}

/** A percentage with at most two decimals and no trailing zeros: 0.5 → "0.5", 12.3456 → "12.35". */
export function formatPercent(value: number): string {
  return String(Number(value.toFixed(2)));
}
