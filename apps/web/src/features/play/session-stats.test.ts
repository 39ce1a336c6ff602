import { describe, expect, it } from 'vitest';
import {
  addRound,
  formatElapsed,
  fromMinor,
  netOf,
  nextRealityCheck,
  revealDelay,
  startSession,
  toMinor,
} from './session-stats.ts';

describe('the game screen figures', () => {
  it('keeps the net position of the visit exact in minor units', () => {
    let stats = startSession(1000);
    stats = addRound(stats, 100, 0);
    stats = addRound(stats, 100, 250);
    stats = addRound(stats, 50, 0);
    expect(stats.rounds).toBe(3);
    expect(netOf(stats)).toBe(0);
    expect(netOf(addRound(stats, 10, 0))).toBe(-10);
  });

  it('reads elapsed time as a clock', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(245_900)).toBe('4:05');
    expect(formatElapsed(3_729_000)).toBe('1:02:09');
    expect(formatElapsed(-5)).toBe('0:00');
  });

  it('schedules reality checks every interval after the visit began', () => {
    expect(nextRealityCheck(0, 30, 0)).toBe(30 * 60_000);
    expect(nextRealityCheck(0, 30, 30 * 60_000)).toBe(60 * 60_000);
    expect(nextRealityCheck(1000, 15, 1000 + 16 * 60_000)).toBe(1000 + 30 * 60_000);
  });

  it('converts API amounts to minor units and back', () => {
    expect(toMinor('12.50')).toBe(1250);
    expect(toMinor('0.05')).toBe(5);
    expect(toMinor('-3.10')).toBe(-310);
    expect(toMinor('1234567.99')).toBe(123456799);
    expect(fromMinor(1250)).toBe('12.50');
    expect(fromMinor(5)).toBe('0.05');
    expect(fromMinor(-310)).toBe('-3.10');
  });

  it('keeps the reels spinning for the minimum spin time, counted from the tap', () => {
    expect(revealDelay(1000, 1200, 2500)).toBe(2300);
    expect(revealDelay(1000, 4000, 2500)).toBe(0);
    expect(revealDelay(1000, 1000, 0)).toBe(0);
  });
});
