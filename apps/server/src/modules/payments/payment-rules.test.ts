import { describe, expect, it } from 'vitest';
import {
  bpToPercent,
  depositFigures,
  isOpenAt,
  maskAccountNo,
  normaliseAccountNo,
  percentToBp,
  turnoverFor,
  turnoverRemaining,
} from './payment-rules.ts';

describe('payment rules', () => {
  it('converts percents and basis points both ways', () => {
    expect(percentToBp('1.5')).toBe(150);
    expect(percentToBp('1.50')).toBe(150);
    expect(percentToBp('0')).toBe(0);
    expect(percentToBp('100')).toBe(10_000);
    expect(percentToBp('0.05')).toBe(5);
    expect(bpToPercent(150)).toBe('1.50');
    expect(bpToPercent(5)).toBe('0.05');
  });

  it('rounds fees and bonuses down to the minor unit', () => {
    expect(depositFigures(10_000, 150, 0)).toEqual({ fee: 150, bonus: 0, credited: 9850 });
    expect(depositFigures(999, 150, 1000)).toEqual({ fee: 14, bonus: 99, credited: 1084 });
    expect(depositFigures(1, 9999, 9999)).toEqual({ fee: 0, bonus: 0, credited: 1 });
  });

  it('judges opening hours in the channel zone, spanning midnight too', () => {
    // 2026-11-25 03:30 UTC is 11:30 in Manila.
    const at = Date.UTC(2026, 10, 25, 3, 30);
    expect(isOpenAt(null, at)).toBe(true);
    expect(isOpenAt({ open: '09:00', close: '21:00', timeZone: 'Asia/Manila' }, at)).toBe(true);
    expect(isOpenAt({ open: '12:00', close: '21:00', timeZone: 'Asia/Manila' }, at)).toBe(false);
    expect(isOpenAt({ open: '09:00', close: '11:30', timeZone: 'Asia/Manila' }, at)).toBe(false);
    expect(isOpenAt({ open: '22:00', close: '12:00', timeZone: 'Asia/Manila' }, at)).toBe(true);
    expect(isOpenAt({ open: '22:00', close: '06:00', timeZone: 'Asia/Manila' }, at)).toBe(false);
    expect(isOpenAt({ open: '00:00', close: '00:00', timeZone: 'UTC' }, at)).toBe(true);
  });

  it('masks and normalises account numbers', () => {
    expect(maskAccountNo('1234 5678 9012')).toBe('**** 9012');
    expect(normaliseAccountNo('ab-12 34')).toBe('AB1234');
  });

  it('computes turnover', () => {
    expect(turnoverFor(10_000, 1000, { deposit: 1, bonus: 3 })).toBe(13_000);
    expect(turnoverFor(333, 0, { deposit: 1.5, bonus: 0 })).toBe(500);
    expect(turnoverRemaining(100, 250)).toBe(0);
    expect(turnoverRemaining(300, 250)).toBe(50);
  });
});
