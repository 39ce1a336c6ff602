import { useLocation } from 'react-router';
import { GameListPanel } from '../components/GameListPanel.tsx';

/**
 * The search screen, shared by search, favourites and hot games (spec §2): the route's query names
 * the game type, the path the data type; the name search pauses 500 ms before it asks.
 */
export function SearchScreen({ ready }: { ready: boolean }) {
  const { pathname } = useLocation();
  return (
    <div className="game-list-page">
      <GameListPanel
        ready={ready}
        search
        searchFocus={pathname === '/m/search-games'}
        toggles={false}
        vendorTabs={false}
      />
    </div>
  );
}
