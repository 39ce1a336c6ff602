import { useEffect } from 'react';
import { updateGameFilter, useGameFilter } from '../../../lib/game-filter.ts';
import { GameListPanel } from '../components/GameListPanel.tsx';
import { HotGamesSection } from '../components/HotGamesSection.tsx';
import { ListShortcuts } from '../components/ListShortcuts.tsx';
import { TypeBanners } from '../components/TypeBanners.tsx';
import { filterHotGames } from '../game-lists.ts';
import { useHotGames } from '../hooks/use-hot-games.ts';
import { useVendorCategories } from '../hooks/use-vendors.ts';
import { vendorCategoryOf } from '../list-screens.ts';

/**
 * The vendor list screen (PVP, sports, RNG, fish and a provider's own list, spec §2): the type's
 * banners, a search box that opens the search route and a 'my collection' button that opens
 * favourites, the hot games of the type and vendor (6, then all), then the list of the vendor the
 * query names.
 */
export function VendorListScreen({ ready }: { ready: boolean }) {
  const filter = useGameFilter();
  const hot = useHotGames();
  const vendorCategories = useVendorCategories();
  const categories = vendorCategories.data?.categories;
  // A provider link names only the vendor: its list is of the vendor's own category, so the list
  // waits for the categories rather than loading every type first and then starting over.
  const typeOpen = filter.gameType === 'ALL' && filter.vassalage !== '';
  const vendorType = typeOpen ? vendorCategoryOf(categories, filter.vassalage) : undefined;
  useEffect(() => {
    if (vendorType) updateGameFilter({ gameType: vendorType });
  }, [vendorType]);
  const listReady = ready && !(typeOpen && (vendorCategories.isPending || vendorType !== undefined));
  const hotGames = filterHotGames(hot.data?.games ?? [], { ...filter, searchName: '' });
  return (
    <div className="game-list-page">
      <TypeBanners gameType={filter.gameType} />
      <ListShortcuts gameType={filter.gameType} />
      {filter.dataType === 'ALL' && <HotGamesSection games={hotGames} loading={hot.isPending} />}
      <GameListPanel ready={listReady} search={false} toggles />
    </div>
  );
}
