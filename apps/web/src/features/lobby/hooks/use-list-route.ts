import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { getGameFilter, isFilterApplied, updateGameFilter, useGameFilter } from '../../../lib/game-filter.ts';
import { useSession } from '../../../session/session.ts';
import { routeChange } from '../list-screens.ts';

/**
 * Applies the filter a list route implies (type, vendor, data type) whenever the route changes.
 * Returns whether it is in effect yet: until it is, the screen still holds the previous filter and
 * must not load a list for it.
 */
export function useListRoute(): boolean {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [query] = useSearchParams();
  const session = useSession();
  const filter = useGameFilter();
  const queryKey = query.toString();
  useEffect(() => {
    if (pathname === '/m/fav-games' && !session) {
      void navigate('/m/login', { replace: true });
      return;
    }
    updateGameFilter(routeChange(pathname, new URLSearchParams(queryKey), getGameFilter().gameType));
  }, [pathname, queryKey, session, navigate]);
  return isFilterApplied(filter, routeChange(pathname, new URLSearchParams(queryKey), filter.gameType));
}
