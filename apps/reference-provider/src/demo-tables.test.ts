import { describe, expect, it } from 'vitest';
import {
  DT_PAYS,
  DT_RTP,
  FISH,
  FISH_RTP,
  MATCHES,
  OUTCOMES,
  dragonTiger,
  fishShot,
  oddsX100,
  settleSelection,
  winOf,
} from './demo-tables.ts';

/** A draw that answers the given values in turn. */
const scripted = (values: number[]) => {
  let i = 0;
  return (max: number) => {
    const v = values[i++]!;
    expect(v).toBeLessThan(max);
    return v;
  };
};

describe('demo table games', () => {
  it('Dragon Tiger pays its published RTP over every equally likely pair of ranks', () => {
    for (const pick of ['DRAGON', 'TIGER', 'TIE'] as const) {
      let paid = 0;
      for (let d = 0; d < 13; d++)
        for (let t = 0; t < 13; t++) paid += dragonTiger(pick, scripted([d, 0, t, 1])).x100;
      expect(((paid / (169 * 100)) * 100).toFixed(2)).toBe(DT_RTP[pick]);
    }
    expect(dragonTiger('DRAGON', scripted([12, 0, 0, 0]))).toMatchObject({
      winner: 'DRAGON',
      x100: DT_PAYS.DRAGON,
    });
  });

  it('every fish returns exactly 95 % of stakes', () => {
    for (const fish of FISH) {
      let paid = 0;
      for (let r = 0; r < 10_000; r++) paid += fishShot(fish.id, scripted([r])).x100;
      expect(((paid / (10_000 * 100)) * 100).toFixed(2)).toBe(FISH_RTP);
    }
  });

  it('sports odds return at most 95 % for every selection, settled by the chances', () => {
    for (const match of MATCHES)
      for (const pick of OUTCOMES) {
        let paid = 0;
        for (let r = 0; r < 1000; r++) paid += settleSelection(match.id, pick, scripted([r, 0, 0]))!.x100;
        expect(paid / (1000 * 100)).toBeLessThanOrEqual(0.95);
        expect(paid / (1000 * 100)).toBeGreaterThan(0.94);
        expect(paid / match.chances[pick] / 100).toBe(oddsX100(match.chances[pick]) / 100);
      }
    expect(settleSelection('nope', 'HOME')).toBeUndefined();
    expect(winOf(333, 211)).toBe(702);
  });
});
