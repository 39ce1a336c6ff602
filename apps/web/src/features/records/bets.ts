import type { OrderDetail } from '@playhouse/contract/play';

/** Game types the bet record filters by: every bet, the in-house games, then the lobby's kinds. */
export const BET_GAME_TYPES = ['ALL', 'INHOUSE', 'RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'LOTT'] as const;

/**
 * The fairness page's address for a round, every field it checks prefilled: the game, stake and
 * options, the seed pair and nonce, and the server seed once revealed. The round id lets the page
 * ask again for the seed after the member rotates it there.
 */
export function fairnessLink(
  detail: Pick<OrderDetail, 'roundId' | 'gameCode' | 'stake' | 'options' | 'fairness'>,
): string {
  const params = new URLSearchParams({ roundId: detail.roundId, game: detail.gameCode, stake: detail.stake });
  if (detail.options && typeof detail.options === 'object' && Object.keys(detail.options).length)
    params.set('options', JSON.stringify(detail.options));
  if (detail.fairness) {
    params.set('clientSeed', detail.fairness.clientSeed);
    params.set('nonce', String(detail.fairness.nonce));
    params.set('serverSeedHash', detail.fairness.serverSeedHash);
    if (detail.fairness.serverSeed) params.set('serverSeed', detail.fairness.serverSeed);
  }
  return `/m/fairness?${params}`;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A round's result in a few words, as catalogue keys and values: the dice roll against its target,
 * the coin's side, the wheel's multiplier, a slot's symbols on the first screen. Undefined when the
 * result has no shape this knows (a vendor's bet).
 */
export function describeResult(
  gameCode: string,
  result: unknown,
): { key: string; values: Record<string, string | number> } | undefined {
  if (!isObject(result)) return undefined;
  // In-house rounds carry the catalogue's code, `BGS-<code>`.
  gameCode = gameCode.replace(/^BGS-/, '');
  if (gameCode === 'DICE' && typeof result.roll === 'number')
    return {
      key: result.direction === 'under' ? 'bets.result.diceUnder' : 'bets.result.diceOver',
      values: { roll: result.roll, target: Number(result.target) },
    };
  if (gameCode === 'COINFLIP' && typeof result.landed === 'string')
    return { key: `bets.result.coin_${result.landed}`, values: {} };
  if (gameCode === 'WHEEL' && typeof result.multiplier === 'number')
    return {
      key: 'bets.result.wheel',
      values: { multiplier: result.multiplier, segment: Number(result.segment) + 1 },
    };
  return undefined;
}
