import { randomInt } from 'node:crypto';

/**
 * The reference provider's demo titles for categories other than slots, each a simple, honest game
 * whose every round is one real seamless bet and win (or play money in free play). Results are
 * drawn with the platform CSPRNG; pays are in hundredths of the stake (`x100`), so a round's win is
 * floor(stake × x100 / 100) minor units. The return to player of each is exact and published.
 */
export type Draw = (max: number) => number;

// ---------- live: Dragon Tiger ----------

export const DT_PICKS = ['DRAGON', 'TIGER', 'TIE'] as const;
export type DtPick = (typeof DT_PICKS)[number];
/** Dragon or Tiger pays 2× when its card is higher; Tie pays 11× (10 to 1). */
export const DT_PAYS: Record<DtPick, number> = { DRAGON: 200, TIGER: 200, TIE: 1100 };
/** Ranks A (1) to K (13), each equally likely on every draw (a continuously shuffled shoe). */
export const DT_RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
export const DT_SUITS = ['S', 'H', 'D', 'C'] as const;
/**
 * RTP: Dragon (or Tiger) wins 78 of 169 rank pairs and pays 2× → 156/169 = 92.31 %; Tie comes 13 of
 * 169 and pays 11× → 143/169 = 84.62 %. A tie loses Dragon and Tiger bets.
 */
export const DT_RTP = { DRAGON: '92.31', TIGER: '92.31', TIE: '84.62' } as const;

export interface DtRound {
  dragon: { rank: number; suit: (typeof DT_SUITS)[number] };
  tiger: { rank: number; suit: (typeof DT_SUITS)[number] };
  winner: DtPick;
  x100: number;
}

export function dragonTiger(pick: DtPick, draw: Draw = randomInt): DtRound {
  const card = () => ({ rank: draw(13) + 1, suit: DT_SUITS[draw(4)]! });
  const dragon = card();
  const tiger = card();
  const winner: DtPick = dragon.rank === tiger.rank ? 'TIE' : dragon.rank > tiger.rank ? 'DRAGON' : 'TIGER';
  return { dragon, tiger, winner, x100: winner === pick ? DT_PAYS[pick] : 0 };
}

// ---------- fish: Fish Hunt ----------

/**
 * Each shot aims at one fish and costs the stake. A fish worth m× is caught with probability
 * 95 / (100·m) (drawn as a number below 10 000), so every fish returns exactly 95 % of stakes.
 */
export const FISH = [
  { id: 'CLOWN', x100: 200, colour: '#ff7a18' },
  { id: 'PUFFER', x100: 500, colour: '#ffe14d' },
  { id: 'TURTLE', x100: 1000, colour: '#2bd47d' },
  { id: 'SHARK', x100: 2500, colour: '#7aa2ff' },
  { id: 'WHALE', x100: 10000, colour: '#c77dff' },
] as const;
export type FishId = (typeof FISH)[number]['id'];
export const FISH_RTP = '95.00';

export function fishShot(target: FishId, draw: Draw = randomInt): { caught: boolean; x100: number } {
  const fish = FISH.find((f) => f.id === target)!;
  // P(caught) = 0.95 / m = 9500 / x100 out of 10 000 … scaled: threshold = 950 000 / x100.
  const threshold = Math.round(950_000 / fish.x100);
  const caught = draw(10_000) < threshold;
  return { caught, x100: caught ? fish.x100 : 0 };
}

// ---------- sports: a bet slip on simulated matches ----------

/**
 * Three demo matches with fixed win / draw / loss chances (in 1/1000). Odds are 0.95 / chance,
 * rounded down to hundredths, so every selection returns at most 95 % of stakes. A placed bet is
 * settled at once by simulating the match with those chances.
 */
export const MATCHES = [
  { id: 'M1', home: 'Harbour FC', away: 'Northgate United', chances: { HOME: 450, DRAW: 270, AWAY: 280 } },
  { id: 'M2', home: 'Riverside Rovers', away: 'Atlas City', chances: { HOME: 380, DRAW: 300, AWAY: 320 } },
  { id: 'M3', home: 'Summit Athletic', away: 'Coastline SC', chances: { HOME: 550, DRAW: 250, AWAY: 200 } },
] as const;
export const OUTCOMES = ['HOME', 'DRAW', 'AWAY'] as const;
export type MatchOutcome = (typeof OUTCOMES)[number];

/** Decimal odds in hundredths: floor(95 000 / chance‰). */
export const oddsX100 = (chance: number) => Math.floor(95_000 / chance);

export function settleSelection(
  matchId: string,
  pick: MatchOutcome,
  draw: Draw = randomInt,
): { result: MatchOutcome; score: [number, number]; x100: number } | undefined {
  const match = MATCHES.find((m) => m.id === matchId);
  if (!match) return undefined;
  const roll = draw(1000);
  const result: MatchOutcome =
    roll < match.chances.HOME ? 'HOME' : roll < match.chances.HOME + match.chances.DRAW ? 'DRAW' : 'AWAY';
  // A score that fits the result (for the screen): goals 0–3.
  const low = draw(3);
  const gap = 1 + draw(2);
  const score: [number, number] =
    result === 'DRAW' ? [low, low] : result === 'HOME' ? [low + gap, low] : [low, low + gap];
  return { result, score, x100: result === pick ? oddsX100(match.chances[pick]) : 0 };
}

/** A round's win in minor units. */
export const winOf = (stake: number, x100: number) => Math.floor((stake * x100) / 100);
