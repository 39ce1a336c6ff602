import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useGameFilter } from '../../../lib/game-filter.ts';
import { useSession } from '../../../session/session.ts';
import { AnnouncementTicker } from '../components/AnnouncementTicker.tsx';
import { GameListPanel } from '../components/GameListPanel.tsx';
import { HomeGameSection } from '../components/HomeGameSection.tsx';
import { TypeBanners } from '../components/TypeBanners.tsx';
import { VendorList } from '../components/VendorList.tsx';
import { useAnnouncements } from '../hooks/use-announcements.ts';
import { useFavouriteList } from '../hooks/use-favourite-list.ts';
import { useVendorCategories, vendorsOf } from '../hooks/use-vendors.ts';
import { favouritesRouteOf } from '../list-screens.ts';
import { LOBBY } from '../lobby-constants.ts';

/**
 * The game-centre screen (live, lottery and e-lottery, spec §2): the announcement ticker, the type's
 * banners, its vendors (each opens its own list) and, for members, their favourites of the type;
 * then the type's games.
 */
export function GameCentreScreen({ ready }: { ready: boolean }) {
  const { t } = useTranslation('lobby');
  const navigate = useNavigate();
  const session = useSession();
  const filter = useGameFilter();
  const content = useAnnouncements();
  const vendors = useVendorCategories();
  const favourites = useFavouriteList({
    gameType: filter.gameType,
    pageSize: LOBBY.favouritePageSizeSearch,
    enabled: ready,
  });
  return (
    <div className="game-list-page">
      <AnnouncementTicker notices={content.data?.player ?? []} />
      <TypeBanners gameType={filter.gameType} />
      <VendorList vendors={vendorsOf(vendors.data?.categories, filter.gameType)} />
      {session && (
        <HomeGameSection
          id="favourites"
          title={t('sections.favourites')}
          icon="heart"
          rows={1}
          games={favourites.data?.content}
          loading={favourites.isPending}
          onMore={() => void navigate(favouritesRouteOf(filter.gameType))}
        />
      )}
      <GameListPanel ready={ready} search={false} toggles />
    </div>
  );
}
