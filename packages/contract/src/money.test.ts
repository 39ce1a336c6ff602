import { describe, expect, it } from 'vitest';
import {
  AmountSchema,
  MAX_MONEY_MINOR,
  SignedAmountSchema,
  currencySymbol,
  formatMoney,
  parseMoney,
} from './money.ts';

describe('parseMoney', () => {
  it('reads decimal strings with up to two places as minor units', () => {
    expect(parseMoney('12.5')).toBe(1250);
    expect(parseMoney('12.50')).toBe(1250);
    expect(parseMoney('12')).toBe(1200);
    expect(parseMoney('0.01')).toBe(1);
    expect(parseMoney('0')).toBe(0);
    expect(parseMoney('999999999999.99')).toBe(MAX_MONEY_MINOR);
  });

  it.each([
    '1.234',
    '-1',
    '1e3',
    'NaN',
    'Infinity',
    '',
    ' 1.00',
    '1.00 ',
    '+1',
    '.5',
    '1.',
    '01.00',
    '0x10',
    '1,000.00',
    '١٢',
    '1000000000000.00',
    '99999999999999999999',
  ])('refuses %j', (text) => {
    expect(parseMoney(text)).toBeUndefined();
  });

  it('accepts a minus sign only when asked to', () => {
    expect(parseMoney('-25.00')).toBeUndefined();
    expect(parseMoney('-25.00', { signed: true })).toBe(-2500);
    expect(parseMoney('-0.5', { signed: true })).toBe(-50);
    expect(parseMoney('-0', { signed: true })).toBe(0);
    expect(parseMoney('--1', { signed: true })).toBeUndefined();
    expect(parseMoney('-1e3', { signed: true })).toBeUndefined();
  });

  it('refuses what is not a string', () => {
    expect(parseMoney(12 as unknown as string)).toBeUndefined();
  });
});

describe('formatMoney', () => {
  it('writes exactly two places', () => {
    expect(formatMoney(1250)).toBe('12.50');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(5)).toBe('0.05');
    expect(formatMoney(-5)).toBe('-0.05');
    expect(formatMoney(-123456)).toBe('-1234.56');
    expect(formatMoney(MAX_MONEY_MINOR)).toBe('999999999999.99');
  });

  it('round-trips with parseMoney', () => {
    for (const minor of [0, 1, 99, 100, 101, 4900, 123456789, MAX_MONEY_MINOR])
      expect(parseMoney(formatMoney(minor))).toBe(minor);
    for (const minor of [-1, -4900, -MAX_MONEY_MINOR])
      expect(parseMoney(formatMoney(minor), { signed: true })).toBe(minor);
  });

  it('refuses fractions of a minor unit and unsafe numbers', () => {
    expect(() => formatMoney(1.5)).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
    expect(() => formatMoney(2 ** 60)).toThrow(RangeError);
  });
});

describe('amount schemas', () => {
  it('take well-formed amounts and name the problem otherwise', () => {
    expect(AmountSchema.safeParse('1.00').success).toBe(true);
    expect(AmountSchema.safeParse('-1.00').success).toBe(false);
    expect(AmountSchema.safeParse('1e3').error?.issues[0]?.message).toBe('invalidFormat');
    expect(SignedAmountSchema.safeParse('-100.00').success).toBe(true);
    expect(SignedAmountSchema.safeParse('-1.001').success).toBe(false);
  });
});

describe('currencySymbol', () => {
  it('knows the usual symbols and falls back to the code', () => {
    expect(currencySymbol('PHP')).toBe('₱');
    expect(currencySymbol('usd')).toBe('$');
    expect(currencySymbol('XYZ')).toBe('XYZ');
  });
});
