import type { Game } from '@playhouse/contract/games';
import { apiFetch } from '../../../lib/api.ts';

/** MCSFE_removeFavoriteGameV2: removes a game from the favourites. */
export function removeFavourite(game: Pick<Game, 'nodeId' | 'vassalage'>) {
  return apiFetch<{ nodeId: number; isFavorite: boolean }>('/wps/relay/MCSFE_removeFavoriteGameV2', {
    method: 'DELETE',
    body: { nodeId: game.nodeId, vendor: game.vassalage },
  });
}
