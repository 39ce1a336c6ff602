import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { getGameFilter, isFilterApplied, updateGameFilter, useGameFilter } from '../../../lib/game-filter.ts';
import { useSession } from '../../../session/session.ts';
import { MEMBER_LIST_PATHS, routeChange } from '../list-screens.ts';

/**
 * The list route whose filter the screen on show has applied. Updating the filter re-renders the
 * screen, which then reads this; the screen's unmount forgets it, so a later visit to the same
 * address applies its filter again before loading anything.
 */
let appliedRoute: string | undefined;

/**
 * Applies the filter a list route implies (type, vendor, data type) whenever the route changes.
 * Returns whether it is in effect yet: until it is, the screen still holds the previous filter and
 * must not load a list for it. Once applied, the player's own changes on the screen (another vendor
 * tab, a toggle) are the filter, though the address still names the route's.
 */
export function useListRoute(): boolean {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [query] = useSearchParams();
  const session = useSession();
  const filter = useGameFilter();
  const queryKey = query.toString();
  const route = `${pathname}?${queryKey}`;
  useEffect(() => {
    if (MEMBER_LIST_PATHS.has(pathname) && !session) {
      void navigate('/m/login', { replace: true });
      return;
    }
    appliedRoute = route;
    updateGameFilter(routeChange(pathname, new URLSearchParams(queryKey), getGameFilter().gameType));
    return () => {
      appliedRoute = undefined;
    };
  }, [route, pathname, queryKey, session, navigate]);
  // Ready at once when the filter already matches (a link that set it before navigating).
  return (
    appliedRoute === route ||
    isFilterApplied(filter, routeChange(pathname, new URLSearchParams(queryKey), filter.gameType))
  );
}
