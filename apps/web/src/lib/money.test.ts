import { describe, expect, it } from 'vitest';
import { formatMoney, formatPercent } from './money.ts';

describe('formatMoney', () => {
  it('groups thousands and keeps two decimals', () => {
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(5)).toBe('5.00');
    expect(formatMoney(999.999)).toBe('1,000.00');
    expect(formatMoney(1234567.5)).toBe('1,234,567.50');
    expect(formatMoney(100000)).toBe('100,000.00');
    expect(formatMoney(-2500.25)).toBe('-2,500.25');
    expect(formatMoney(-0.001)).toBe('0.00');
  });

  it('matches Intl for English over a range of amounts', () => {
    const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (let x = 0.01; x < 1e10; x = x * 7.3 + 0.37) expect(formatMoney(x)).toBe(intl.format(x));
  });

  it('shows nothing for a value that is not a number', () => {
    expect(formatMoney(Number.NaN)).toBe('');
  });
});

describe('formatPercent', () => {
  it('drops trailing zeros', () => {
    expect(formatPercent(0.5)).toBe('0.5');
    expect(formatPercent(1)).toBe('1');
    expect(formatPercent(1.255)).toBe('1.25');
    expect(formatPercent(12.3456)).toBe('12.35');
  });
});
