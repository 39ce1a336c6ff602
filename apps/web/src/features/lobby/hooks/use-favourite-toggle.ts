import type { Game } from '@playhouse/contract/games';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { useSession } from '../../../session/session.ts';
import { showToast } from '../../../shell/toast.tsx';
import { withoutGame } from '../game-lists.ts';
import { addFavourite } from './use-add-favourite.ts';
import { FAVOURITE_LIST_KEY } from './use-favourite-list.ts';
import { favouriteIdsKey, useFavouriteIds } from './use-favourite-ids.ts';
import { removeFavourite } from './use-remove-favourite.ts';

type FavouriteList = { content: Game[] };

/**
 * Adds or removes a favourite (spec §4): guests go to log in; an add is skipped when the game is
 * already a favourite; a removal updates the lists on screen first, then tells the server.
 */
export function useFavouriteToggle() {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = useFavouriteIds();
  const userName = session?.userName;
  const idsKey = useMemo(() => favouriteIdsKey(userName), [userName]);

  const setIds = useCallback(
    (update: (ids: number[]) => number[]) =>
      queryClient.setQueryData<{ ids: number[] }>(idsKey, (old) => ({ ids: update(old?.ids ?? []) })),
    [queryClient, idsKey],
  );

  const toggle = useCallback(
    async (game: Game) => {
      if (!session) {
        void navigate('/m/login');
        return;
      }
      const wasFavourite = ids.has(game.nodeId);
      try {
        if (wasFavourite) {
          setIds((list) => list.filter((id) => id !== game.nodeId));
          queryClient.setQueriesData<FavouriteList>({ queryKey: FAVOURITE_LIST_KEY }, (old) =>
            old ? { ...old, content: withoutGame(old.content, game.nodeId) } : old,
          );
          await removeFavourite(game);
        } else {
          const current = queryClient.getQueryData<{ ids: number[] }>(idsKey);
          if (current?.ids.includes(game.nodeId)) return;
          await addFavourite(game);
          setIds((list) => (list.includes(game.nodeId) ? list : [...list, game.nodeId]));
        }
      } catch (error) {
        showToast(error instanceof ApiError ? error.message : String(error), { kind: 'error' });
        await queryClient.invalidateQueries({ queryKey: idsKey });
      }
      void queryClient.invalidateQueries({ queryKey: FAVOURITE_LIST_KEY });
    },
    [session, navigate, ids, setIds, queryClient, idsKey],
  );
  return { ids, toggle };
}
