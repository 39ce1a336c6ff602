import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { useSession } from '../../../session/session.ts';

export const favouriteIdsKey = (user: string | undefined) => ['lobby', 'favourite-ids', user ?? ''];

/** The member's favourite game ids (MCSFE_getFavoriteGames); empty for guests. */
export function useFavouriteIds(): Set<number> {
  const session = useSession();
  const { data } = useQuery({
    queryKey: favouriteIdsKey(session?.userName),
    queryFn: () => apiFetch<{ ids: number[] }>('/wps/relay/MCSFE_getFavoriteGames'),
    enabled: Boolean(session),
    select: toSet,
    retry: false,
  });
  return data ?? EMPTY;
}
const EMPTY = new Set<number>();
// Module-level, so the Set is rebuilt only when the data changes.
function toSet(value: { ids: number[] }): Set<number> {
  return new Set(value.ids);
}
