import { useLocation } from 'react-router';
import { useListRoute } from '../hooks/use-list-route.ts';
import { listScreenOf } from '../list-screens.ts';
import '../lobby.css';
import { GameCentreScreen } from './GameCentreScreen.tsx';
import { SearchScreen } from './SearchScreen.tsx';
import { VendorListScreen } from './VendorListScreen.tsx';

/**
 * Every game-list route: the route picks the screen (vendor list, game centre or search, see
 * listScreenOf) and the filter it opens with. No list loads until that filter is in effect.
 */
export default function GameListPage() {
  const { pathname } = useLocation();
  const ready = useListRoute();
  const screen = listScreenOf(pathname);
  if (screen === 'search') return <SearchScreen ready={ready} />;
  if (screen === 'centre') return <GameCentreScreen ready={ready} />;
  return <VendorListScreen ready={ready} />;
}
