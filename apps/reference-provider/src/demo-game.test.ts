import { describe, expect, it } from 'vitest';
import {
  DEMO_RTP,
  DEMO_RTP_PERCENT,
  STOPS,
  STRIP,
  landOn,
  lineMultiplier,
  spin,
  stopCounts,
} from './demo-game.ts';

describe('Lucky Reels (demo title)', () => {
  it('has the strip it declares', () => {
    expect(STRIP).toHaveLength(16);
    expect(stopCounts()).toEqual(STOPS);
  });

  it('pays its published RTP exactly, over every equally likely outcome', () => {
    let paid = 0;
    let hits = 0;
    const n = STRIP.length;
    for (let a = 0; a < n; a++)
      for (let b = 0; b < n; b++)
        for (let c = 0; c < n; c++) {
          const m = landOn([a, b, c]).multiplier;
          paid += m;
          if (m > 0) hits++;
        }
    expect(n ** 3).toBe(DEMO_RTP.denominator);
    expect(paid).toBe(DEMO_RTP.numerator);
    expect(DEMO_RTP_PERCENT).toBe('95.95');
    // About one spin in five pays something.
    expect(hits / n ** 3).toBeCloseTo(0.2178, 3);
  });

  it('reads the middle row as the line and pays it', () => {
    expect(lineMultiplier(['SEVEN', 'SEVEN', 'SEVEN'])).toBe(200);
    expect(lineMultiplier(['CHERRY', 'LEMON', 'CHERRY'])).toBe(2);
    expect(lineMultiplier(['CHERRY', 'CHERRY', 'CHERRY'])).toBe(10);
    expect(lineMultiplier(['BAR', 'BAR', 'BELL'])).toBe(0);
    const seven = STRIP.indexOf('SEVEN');
    const landed = landOn([seven, seven, seven]);
    expect(landed.line).toEqual(['SEVEN', 'SEVEN', 'SEVEN']);
    expect(landed.reels[0]).toEqual([STRIP[seven - 1], 'SEVEN', STRIP[seven + 1]]);
    // Stops wrap around the strip.
    expect(landOn([0, 0, 0]).reels[0]![0]).toBe(STRIP[15]);
  });

  it('draws stops uniformly with the CSPRNG', () => {
    const seen = new Array(16).fill(0);
    for (let i = 0; i < 16_000; i++) seen[spin().stops[0]]++;
    // Each stop expects 1000 draws; a fair draw stays well within ±200.
    for (const count of seen) expect(Math.abs(count - 1000)).toBeLessThan(200);
  });
});
