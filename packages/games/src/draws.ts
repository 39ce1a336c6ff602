import {
  BINGO_DEFAULT_PRIZES,
  BINGO_PATTERNS,
  bingoReturn,
  cardNumbers,
  cardOutcome,
  drawBalls,
  isCardCode,
} from './bingo.ts';
import { enumerateDraws, Fraction } from './exact.ts';
import type { Draw } from './game.ts';

/**
 * Draw games (vendor BGS): a numbers lottery and an e-lottery whose results are drawn once per draw
 * for every ticket, from a server seed committed before betting opens (decision 026).
 *
 * Pure: a draw's result is `game.draw(stream)` on the provably-fair stream of (server seed,
 * `${gameCode}:${numero}`, nonce 0), and a ticket's win is `ticketWin(stake, odds, hits)` where
 * `hits` is how many times its selection won on that result (0 or 1 here). Odds are in hundredths
 * of the stake (195 = pays 1.95 × the stake, the stake included), and stakes are whole multiples of
 * 1.00 (100 minor units), so every win is a whole number of minor units.
 *
 * Return to player is exact: every draw game has a small outcome space (10³ digits, 6³ dice), which
 * `outcomeDistribution` enumerates through the game's own `draw`, and a bet type's return is the
 * expectation of `hits × odds / 100` over it, for each selection; the published figure is the worst
 * selection's.
 */

export interface DrawResult {
  /** The balls drawn, in order: three digits 0–9 (LOTT3) or three dice 1–6 (K3). */
  balls: number[];
}

export interface DrawBetType {
  code: string;
  /** Every selection a ticket of this type may name. */
  selections: readonly string[];
  /** Odds per selection in hundredths of the stake; `*` stands for every selection not listed. */
  defaultOdds: Readonly<Record<string, number>>;
  /** How many times a ticket on `selection` wins on `result` (0: it lost). */
  hits: (selection: string, result: DrawResult) => number;
  /**
   * Bingo cards (decision 032): a ticket's selection is a card code rather than one of `selections`;
   * `selections` are the patterns the odds table prices, and a card wins the best pattern's prize.
   */
  card?: {
    accepts: (selection: string) => boolean;
    /** The prize in hundredths of the stake (0: none) of a card on a result under a prize table. */
    prize: (selection: string, result: DrawResult, odds: Readonly<Record<string, number>>) => number;
    /** A card's exact return to player under a prize table. */
    returnOf: (odds: Readonly<Record<string, number>>) => Fraction;
  };
}

export type DrawPlayType = 'trad' | 'ent';

export interface DrawGameMaths {
  /** The game code (vendor BGS): LOTT3 the numbers lottery, K3 the e-lottery. */
  code: DrawGameCode;
  /** Tradition (scheduled lottery, LOTT) or Entertainment (fast e-lottery, ELOTT). */
  playType: DrawPlayType;
  category: 'LOTT' | 'ELOTT' | 'BG';
  name: string;
  /** The draw of one result from the stream: the same stream always gives the same result. */
  draw: (d: Draw) => DrawResult;
  betTypes: readonly DrawBetType[];
}

export const DRAW_GAME_CODES = ['LOTT3', 'K3', 'BINGO75'] as const;
export type DrawGameCode = (typeof DRAW_GAME_CODES)[number];

/** Odds are whole hundredths within these bounds; stakes are whole multiples of this many minor units. */
export const MIN_ODDS = 101;
export const MAX_ODDS = 10_000_000;
export const STAKE_UNIT = 100;
/** No selection may return more than this to the player, whatever odds an operator sets. */
export const MAX_RTP = new Fraction(99n, 100n);

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const sumOf = (balls: readonly number[]) => balls.reduce((a, b) => a + b, 0);
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Ways three independent values in [lo, hi] sum to each total. */
function sumWays(lo: number, hi: number): Map<number, number> {
  const ways = new Map<number, number>();
  for (const a of range(lo, hi))
    for (const b of range(lo, hi))
      for (const c of range(lo, hi)) ways.set(a + b + c, (ways.get(a + b + c) ?? 0) + 1);
  return ways;
}

/** Per-sum odds that return `percent` % of the stake at most: floor(percent × outcomes / ways) hundredths. */
function sumOdds(lo: number, hi: number, percent: number): Record<string, number> {
  const outcomes = (hi - lo + 1) ** 3;
  const odds: Record<string, number> = {};
  for (const [total, ways] of sumWays(lo, hi)) odds[String(total)] = Math.floor((percent * outcomes) / ways);
  return odds;
}

const isTriple = (b: readonly number[]) => b[0] === b[1] && b[1] === b[2];

/** LOTT3 "Pick 3": three digits 0–9, each drawn on its own. Result `[d1, d2, d3]`, read as 472. */
const LOTT3: DrawGameMaths = {
  code: 'LOTT3',
  playType: 'trad',
  category: 'LOTT',
  name: 'Pick 3',
  draw: (d) => ({ balls: [d.int(10), d.int(10), d.int(10)] }),
  betTypes: [
    {
      // Sum 14–27 is big, 0–13 small: exactly half the outcomes each.
      code: 'BIG_SMALL',
      selections: ['BIG', 'SMALL'],
      defaultOdds: { '*': 195 },
      hits: (s, { balls }) => Number(sumOf(balls) >= 14 === (s === 'BIG')),
    },
    {
      code: 'ODD_EVEN',
      selections: ['ODD', 'EVEN'],
      defaultOdds: { '*': 195 },
      hits: (s, { balls }) => Number((sumOf(balls) % 2 === 1) === (s === 'ODD')),
    },
    ...(['FIRST', 'SECOND', 'THIRD'] as const).map((code, position): DrawBetType => ({
      code,
      selections: range(0, 9).map(String),
      defaultOdds: { '*': 970 },
      hits: (s, { balls }) => Number(balls[position] === Number(s)),
    })),
    {
      code: 'LAST2',
      selections: range(0, 99).map((n) => pad(n, 2)),
      defaultOdds: { '*': 9700 },
      hits: (s, { balls }) => Number(`${balls[1]}${balls[2]}` === s),
    },
    {
      code: 'STRAIGHT',
      selections: range(0, 999).map((n) => pad(n, 3)),
      defaultOdds: { '*': 97_000 },
      hits: (s, { balls }) => Number(balls.join('') === s),
    },
    {
      code: 'SUM',
      selections: range(0, 27).map(String),
      defaultOdds: sumOdds(0, 9, 96),
      hits: (s, { balls }) => Number(sumOf(balls) === Number(s)),
    },
  ],
};

/** K3 "Fast 3": three dice. A triple loses the big/small and odd/even bets (the house's edge there). */
const K3: DrawGameMaths = {
  code: 'K3',
  playType: 'ent',
  category: 'ELOTT',
  name: 'Fast 3',
  draw: (d) => ({ balls: [d.int(6) + 1, d.int(6) + 1, d.int(6) + 1] }),
  betTypes: [
    {
      // Big 11–17, small 4–10; 105 of the 216 outcomes each.
      code: 'BIG_SMALL',
      selections: ['BIG', 'SMALL'],
      defaultOdds: { '*': 197 },
      hits: (s, { balls }) => Number(!isTriple(balls) && sumOf(balls) >= 11 === (s === 'BIG')),
    },
    {
      code: 'ODD_EVEN',
      selections: ['ODD', 'EVEN'],
      defaultOdds: { '*': 197 },
      hits: (s, { balls }) => Number(!isTriple(balls) && (sumOf(balls) % 2 === 1) === (s === 'ODD')),
    },
    {
      code: 'SUM',
      selections: range(4, 17).map(String),
      defaultOdds: sumOdds(1, 6, 96),
      hits: (s, { balls }) => Number(sumOf(balls) === Number(s)),
    },
    {
      code: 'ANY_TRIPLE',
      selections: ['ANY'],
      defaultOdds: { '*': 3450 },
      hits: (_s, { balls }) => Number(isTriple(balls)),
    },
    {
      code: 'TRIPLE',
      selections: range(1, 6).map(String),
      defaultOdds: { '*': 20_700 },
      hits: (s, { balls }) => Number(isTriple(balls) && balls[0] === Number(s)),
    },
  ],
};

/** BINGO75 "Bingo 75": a round calls 40 of 75 balls; a card (bet type CARD) wins its best pattern's prize. */
const BINGO75: DrawGameMaths = {
  code: 'BINGO75',
  playType: 'ent',
  category: 'BG',
  name: 'Bingo 75',
  draw: (d) => ({ balls: drawBalls(d) }),
  betTypes: [
    {
      code: 'CARD',
      selections: BINGO_PATTERNS,
      defaultOdds: BINGO_DEFAULT_PRIZES,
      hits: () => 0,
      card: {
        accepts: isCardCode,
        prize: (code, { balls }, odds) => cardOutcome(cardNumbers(code), balls, odds).prize,
        returnOf: bingoReturn,
      },
    },
  ],
};

export const DRAW_GAMES: Readonly<Record<DrawGameCode, DrawGameMaths>> = { LOTT3, K3, BINGO75 };

export function drawGame(code: string): DrawGameMaths | undefined {
  return Object.hasOwn(DRAW_GAMES, code) ? DRAW_GAMES[code as DrawGameCode] : undefined;
}

export function betTypeOf(game: DrawGameMaths, code: string): DrawBetType | undefined {
  return game.betTypes.find((t) => t.code === code);
}

/** The odds a selection pays under an odds table (its own entry, else `*`). */
export function oddsFor(odds: Readonly<Record<string, number>>, selection: string): number | undefined {
  return Object.hasOwn(odds, selection) ? odds[selection] : odds['*'];
}

/** A ticket's win in minor units: hits × stake × odds / 100 (a whole number for stakes of whole 1.00s). */
export function ticketWin(stake: number, odds: number, hits: number): number {
  if (stake % STAKE_UNIT !== 0) throw new RangeError('stakes are whole multiples of 1.00');
  return hits * (stake / STAKE_UNIT) * odds;
}

export interface Outcome {
  result: DrawResult;
  probability: Fraction;
}

const distributions = new Map<DrawGameCode, Outcome[]>();

/** Every result the game can draw with its exact probability, by playing `draw` down every branch. */
export function outcomeDistribution(game: DrawGameMaths): Outcome[] {
  let list = distributions.get(game.code);
  if (!list) {
    // A bingo round has 75!/35! results: its return is computed from the card's patterns instead.
    if (game.betTypes.some((t) => t.card)) throw new RangeError(`${game.code} is not enumerated`);
    const found: Outcome[] = [];
    enumerateDraws(game.draw, (result, { maxes }) => {
      const den = maxes.reduce((p, m) => p * BigInt(m), 1n);
      found.push({ result, probability: new Fraction(1n, den) });
    });
    list = found;
    distributions.set(game.code, list);
  }
  return list;
}

export interface BetTypeReturn {
  /** The worst selection's return to player (the published figure). */
  worst: Fraction;
  best: Fraction;
  /** Each selection's exact return. */
  bySelection: Map<string, Fraction>;
}

/** The exact return to player of a bet type under an odds table, selection by selection. */
export function betTypeReturn(
  game: DrawGameMaths,
  type: DrawBetType,
  odds: Readonly<Record<string, number>> = type.defaultOdds,
): BetTypeReturn {
  if (type.card) {
    const rtp = type.card.returnOf(odds);
    return { worst: rtp, best: rtp, bySelection: new Map() };
  }
  const outcomes = outcomeDistribution(game);
  const bySelection = new Map<string, Fraction>();
  let worst: Fraction | undefined;
  let best: Fraction | undefined;
  for (const selection of type.selections) {
    const o = oddsFor(odds, selection);
    if (o === undefined) throw new RangeError(`no odds for ${type.code} ${selection}`);
    // E[hits] exactly, then × odds / 100.
    let expectedHits = Fraction.ZERO;
    for (const { result, probability } of outcomes) {
      const h = type.hits(selection, result);
      if (h) expectedHits = expectedHits.add(probability.mul(h));
    }
    const rtp = expectedHits.mul(new Fraction(o, 100));
    bySelection.set(selection, rtp);
    if (!worst || rtp.compare(worst) < 0) worst = rtp;
    if (!best || rtp.compare(best) > 0) best = rtp;
  }
  return { worst: worst!, best: best!, bySelection };
}

/**
 * Checks an operator's odds table for a bet type: whole hundredths within bounds, every selection
 * priced, no selection returning more than MAX_RTP. Returns the reason it is refused, or undefined.
 */
export function oddsProblem(
  game: DrawGameMaths,
  type: DrawBetType,
  odds: Readonly<Record<string, number>>,
): 'oddsOutOfRange' | 'unknownSelection' | 'oddsMissing' | 'returnTooHigh' | undefined {
  for (const [selection, o] of Object.entries(odds)) {
    if (selection !== '*' && !type.selections.includes(selection)) return 'unknownSelection';
    if (!Number.isInteger(o) || o < MIN_ODDS || o > MAX_ODDS) return 'oddsOutOfRange';
  }
  if (type.selections.some((s) => oddsFor(odds, s) === undefined)) return 'oddsMissing';
  // A card's prize table names every pattern (a `*` would price patterns nobody sees).
  if (type.card && (Object.hasOwn(odds, '*') || type.selections.some((s) => !Object.hasOwn(odds, s))))
    return 'oddsMissing';
  if (betTypeReturn(game, type, odds).best.compare(MAX_RTP) > 0) return 'returnTooHigh';
  return undefined;
}

/** The client seed of a draw: every ticket of the draw shares one result. */
export const drawClientSeed = (gameCode: string, numero: string) => `${gameCode}:${numero}`;

/** How a result reads on a ticket or a results list: "4 7 2". */
export const resultText = (result: DrawResult) => result.balls.join(' ');
