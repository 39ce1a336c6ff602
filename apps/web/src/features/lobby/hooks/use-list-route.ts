import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { getGameFilter, updateGameFilter } from '../../../lib/game-filter.ts';
import { useSession } from '../../../session/session.ts';
import { routeChange } from '../list-screens.ts';

/** Applies the filter a list route implies (type, vendor, data type) whenever the route changes. */
export function useListRoute(): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [query] = useSearchParams();
  const session = useSession();
  const queryKey = query.toString();
  useEffect(() => {
    if (pathname === '/m/fav-games' && !session) {
      void navigate('/m/login', { replace: true });
      return;
    }
    updateGameFilter(routeChange(pathname, new URLSearchParams(queryKey), getGameFilter().gameType));
  }, [pathname, queryKey, session, navigate]);
}
