import type { Draw, GameMaths, GameOutcome } from './game.ts';
import { SLOT_STAKES, parseNoOptions } from './stakes.ts';

/**
 * Gem Cascade: a tumbling slot on a 4-reel × 3-row grid of gems that pay anywhere.
 *
 * 1. Every cell is drawn independently: one draw of 19 per cell maps to a gem by weight (RUBY 3,
 *    SAPPHIRE 3, EMERALD 4, TOPAZ 4, AMETHYST 5), reel by reel, top to bottom.
 * 2. Any gem showing 5 or more times anywhere on the grid wins its paytable amount for that count,
 *    in coins (a coin is a tenth of the stake), times the step's multiplier.
 * 3. The winning gems disappear, the gems above them fall down their reel, and new gems (drawn the
 *    same way, top to bottom, reel by reel) fill the gaps from the top. Then back to 2.
 * 4. The multiplier rises with every tumble: ×1, ×2, ×3, ×4, ×5, ×6, ×8, ×10. The round ends when a
 *    grid has no win, or after the grid at ×10 has paid (at most 7 tumbles).
 *
 * Why the RTP is exactly computable: wins depend only on how many of each gem the grid holds, never
 * on where they sit; the gems that survive a tumble all show fewer than 5 times, and refills are
 * independent draws. So the state between tumbles is the vector of survivor counts (a few hundred
 * states), the refill is a multinomial draw, and the expected win follows from a forward recursion
 * over at most 8 steps (cascade.test.ts, cross-checked against brute-force enumeration of every draw
 * on a reduced grid and against a seeded simulation). RTP ≈ 94.55 %.
 */

export interface CascadeGem {
  symbol: string;
  /** Relative frequency of the gem in a fresh cell. */
  weight: number;
  /** Count on the grid → coins (tenths of the stake). Counts not listed (below the minimum) pay 0. */
  pays: Readonly<Record<number, number>>;
}

/** Everything that defines a cascade game; tests build smaller ones to enumerate by brute force. */
export interface CascadeConfig {
  reels: number;
  rows: number;
  gems: readonly CascadeGem[];
  /** The fewest of one gem that wins. */
  minCount: number;
  /** Multiplier of each step: the first grid, then after each tumble; its length caps the steps. */
  multipliers: readonly number[];
  /** How many coins the stake is divided into; stakes must be multiples of it. */
  coinsPerStake: number;
}

export const GEM_CASCADE_CONFIG: CascadeConfig = {
  reels: 4,
  rows: 3,
  minCount: 5,
  multipliers: [1, 2, 3, 4, 5, 6, 8, 10],
  coinsPerStake: 10,
  gems: [
    { symbol: 'RUBY', weight: 3, pays: payRow(15, 30, 60, 120, 250, 500, 800, 1500) },
    { symbol: 'SAPPHIRE', weight: 3, pays: payRow(8, 15, 30, 60, 120, 250, 500, 800) },
    { symbol: 'EMERALD', weight: 4, pays: payRow(5, 10, 20, 40, 80, 150, 300, 600) },
    { symbol: 'TOPAZ', weight: 4, pays: payRow(3, 6, 12, 25, 50, 100, 200, 400) },
    { symbol: 'AMETHYST', weight: 5, pays: payRow(2, 3, 8, 15, 30, 60, 120, 250) },
  ],
};

/** Pays for 5, 6, … 12 of a gem. */
function payRow(...coins: number[]): Record<number, number> {
  return Object.fromEntries(coins.map((c, i) => [i + 5, c]));
}

export interface CascadeWin {
  symbol: string;
  /** How many of the gem are on the grid. */
  count: number;
  /** Where they are, as [reel, row] (row 0 = top); they all disappear. */
  positions: [number, number][];
  /** Paytable coins before the multiplier. */
  coins: number;
  /** Win in minor units: coins × coin value × the step's multiplier. */
  amount: number;
}

export interface CascadeStep {
  /** The grid this step pays on: grid[reel][row], row 0 = top. */
  grid: string[][];
  multiplier: number;
  /** Winning gems; empty on the step that ends the round. */
  wins: CascadeWin[];
  /** This step's win in minor units. */
  win: number;
  /**
   * The gems that fall in from the top after the winners disappear: refill[reel] lists the new
   * gems of that reel top to bottom (empty when nothing on the reel was removed). Survivors keep
   * their order and settle at the bottom. Null when the round ends on this step.
   */
  refill: string[][] | null;
}

export interface CascadeResult {
  /** A coin (tenth of the stake) in minor units. */
  coinValue: number;
  /** The first grid, then one step per tumble. */
  steps: CascadeStep[];
  /** True when the round stopped at the last multiplier with a win still on the grid. */
  capped: boolean;
}

/** Builds a cascade game from its definition (GEM_CASCADE_CONFIG for the real one). */
export function createCascadeMaths(
  code: string,
  config: CascadeConfig,
  declared: Pick<GameMaths, 'rtpExact' | 'rtp' | 'hitRate' | 'maxMultiplier' | 'stakes'>,
): GameMaths<CascadeResult, Record<string, never>> {
  const { reels, rows, gems, minCount, multipliers, coinsPerStake } = config;
  const cells = reels * rows;
  const symbols = gems.map((g) => g.symbol);
  const totalWeight = gems.reduce((s, g) => s + g.weight, 0);
  /** Draw value → gem index: a table of totalWeight entries. */
  const byDraw = Uint8Array.from(gems.flatMap((g, i) => new Array<number>(g.weight).fill(i)));
  /** PAYS[gem·(cells+1) + count]: coins. */
  const PAYS = new Int32Array(gems.length * (cells + 1));
  gems.forEach((g, i) => {
    for (const [count, coins] of Object.entries(g.pays)) {
      if (Number(count) < minCount) throw new Error('a pay below the minimum count');
      if (Number(count) <= cells) PAYS[i * (cells + 1) + Number(count)] = coins;
    }
  });

  // Working grid (grid[reel·rows + row] = gem index) and gem counts, reused by every round of this
  // game: `play` is synchronous and never re-entered, and a round starts by overwriting both.
  const grid = new Uint8Array(cells);
  const counts = new Int32Array(gems.length);

  function play(draw: Draw, stake: number): GameOutcome<CascadeResult> {
    const coinValue = stake / coinsPerStake;
    counts.fill(0);
    for (let i = 0; i < cells; i++) {
      const gem = byDraw[draw.int(totalWeight)]!;
      grid[i] = gem;
      counts[gem]!++;
    }
    const steps: CascadeStep[] = [];
    let total = 0;
    let capped = false;
    for (let step = 0; ; step++) {
      const multiplier = multipliers[step]!;
      const snapshot = toSymbols();
      let winners = 0; // bit mask of winning gems
      let win = 0;
      const wins: CascadeWin[] = [];
      for (let g = 0; g < gems.length; g++) {
        const count = counts[g]!;
        if (count < minCount) continue;
        winners |= 1 << g;
        const coins = PAYS[g * (cells + 1) + count]!;
        const amount = coins * coinValue * multiplier;
        win += amount;
        const positions: [number, number][] = [];
        for (let i = 0; i < cells; i++) if (grid[i] === g) positions.push([(i / rows) | 0, i % rows]);
        wins.push({ symbol: symbols[g]!, count, positions, coins, amount });
      }
      total += win;
      const current: CascadeStep = { grid: snapshot, multiplier, wins, win, refill: null };
      steps.push(current);
      if (!winners) break;
      if (step + 1 === multipliers.length) {
        capped = true;
        break;
      }
      // Tumble: per reel, survivors settle at the bottom in order, new gems fill the top.
      const refill: string[][] = [];
      for (let reel = 0; reel < reels; reel++) {
        const base = reel * rows;
        let write = base + rows - 1;
        for (let read = write; read >= base; read--) {
          const gem = grid[read]!;
          if ((winners >> gem) & 1) counts[gem]!--;
          else grid[write--] = gem;
        }
        const fresh: string[] = [];
        // write is now the lowest empty cell of the reel; fill the top of the reel, top to bottom.
        for (let i = base; i <= write; i++) {
          const gem = byDraw[draw.int(totalWeight)]!;
          grid[i] = gem;
          counts[gem]!++;
          fresh.push(symbols[gem]!);
        }
        refill.push(fresh);
      }
      current.refill = refill;
    }
    return { win: total, result: { coinValue, steps, capped } };
  }

  function toSymbols(): string[][] {
    const out: string[][] = [];
    for (let reel = 0; reel < reels; reel++) {
      const col: string[] = [];
      for (let row = 0; row < rows; row++) col.push(symbols[grid[reel * rows + row]!]!);
      out.push(col);
    }
    return out;
  }

  return {
    code,
    kind: 'slot',
    ...declared,
    paytable: gems.map((g) => ({
      symbol: g.symbol,
      kind: 'cluster',
      pays: g.pays,
      note: 'coins, anywhere on the grid',
    })),
    parseOptions: parseNoOptions,
    play,
  };
}

/** Gem Cascade's exact RTP as computed by cascadeExact (cascade-exact.ts) and checked in its tests. */
const CASCADE_RTP = {
  num: '2722542526732157503008138673157494756053160836189850962322652362355814587772099180108661384582778907823074313617684053016793',
  den: '2879490803410501164181405523785955123849722586341017096182997135308257337519588419090166426089855615985567048130172117910405',
};

export const CASCADE = createCascadeMaths('CASCADE', GEM_CASCADE_CONFIG, {
  rtpExact: CASCADE_RTP,
  rtp: 0.9454944337754256,
  hitRate: 47613719216269 / 116490258898219,
  // Twelve rubies on every one of the eight grids: 1500 coins × (1+2+3+4+5+6+8+10) = 58,500 coins.
  maxMultiplier: 5850,
  stakes: SLOT_STAKES,
});
