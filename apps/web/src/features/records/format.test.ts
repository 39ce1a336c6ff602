import { describe, expect, it } from 'vitest';
import { direction, groupByDay, signedMoney } from './format.ts';

describe('account record formatting', () => {
  it('signs amounts for the member', () => {
    expect(signedMoney('25.5')).toBe('+25.50');
    expect(signedMoney('-1234567.00')).toBe('\u22121,234,567.00');
    expect(signedMoney('0.00')).toBe('0.00');
    expect(signedMoney('-34.5', '₱')).toBe('\u2212₱34.50');
    expect(signedMoney('8.25', '₱')).toBe('+₱8.25');
    expect([direction('1.00'), direction('-0.01'), direction('0.00')]).toEqual(['in', 'out', 'none']);
  });

  it('groups consecutive rows by day', () => {
    const rows = [{ createdAt: 30 }, { createdAt: 25 }, { createdAt: 9 }, { createdAt: 1 }];
    const groups = groupByDay(rows, (ms) => `d${Math.floor(ms / 10)}`);
    expect(groups.map((g) => [g.day, g.rows.length])).toEqual([
      ['d3', 1],
      ['d2', 1],
      ['d0', 2],
    ]);
  });
});
