import type { Game } from '@playhouse/contract/games';
import { apiFetch } from '../../../lib/api.ts';

/** MCSFE_addFavoriteGameV2: marks a game as a favourite. */
export function addFavourite(game: Pick<Game, 'nodeId' | 'vassalage'>) {
  return apiFetch<{ nodeId: number; isFavorite: boolean }>('/wps/relay/MCSFE_addFavoriteGameV2', {
    method: 'POST',
    body: { nodeId: game.nodeId, vendor: game.vassalage },
  });
}
