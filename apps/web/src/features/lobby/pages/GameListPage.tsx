import type { Game } from '@playhouse/contract/games';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  getGameFilter,
  setGamePaging,
  updateGameFilter,
  useGameFilter,
  type DataType,
  type FilterChange,
} from '../../../lib/game-filter.ts';
import { useSession } from '../../../session/session.ts';
import { Icon, type IconName } from '../../../shell/Icon.tsx';
import { AnnouncementTicker } from '../components/AnnouncementTicker.tsx';
import { BannerCarousel } from '../components/BannerCarousel.tsx';
import { LobbyEmpty } from '../components/EmptyState.tsx';
import { GameGrid, GridSkeleton } from '../components/GameGrid.tsx';
import { GameSection } from '../components/GameSection.tsx';
import { HomeGameSection } from '../components/HomeGameSection.tsx';
import { ProviderPicker } from '../components/ProviderPicker.tsx';
import { SearchBox } from '../components/SearchBox.tsx';
import { VendorTabs } from '../components/VendorTabs.tsx';
import { filterHotGames, gameListParams, matchesName, visibleHotGames } from '../game-lists.ts';
import { useAnnouncements } from '../hooks/use-announcements.ts';
import { useFavouriteList } from '../hooks/use-favourite-list.ts';
import { useGameList } from '../hooks/use-game-list.ts';
import { useHotGames } from '../hooks/use-hot-games.ts';
import { useInfiniteScroll } from '../hooks/use-infinite-scroll.ts';
import { useRecentGames } from '../hooks/use-recent-games.ts';
import { useVendorCategories, vendorsOf } from '../hooks/use-vendors.ts';
import { LIST_ROUTE_TYPES, LOBBY } from '../lobby-constants.ts';
import '../lobby.css';

/** Banner group suffix of each game type (m_{type}_{language}). */
const BANNER_TYPE: Record<string, string> = {
  RNG: 'rng',
  BINGO: 'rng',
  SPORTS: 'sports',
  PVP: 'pvp',
  LIVE: 'live',
  FISH: 'fish',
  LOTT: 'lott',
  ELOTT: 'elott',
};

/** Screens that show the game-centre extras (ticker, banners); the search screen shows neither. */
const CENTRE_PATHS = new Set(['/m/gameCenter', '/m/live-games', '/m/lott', '/m/elott']);
const SEARCH_PATHS = new Set(['/m/search-games', '/m/fav-games', '/m/hot-games']);

/** The filter a list route implies when it opens (spec §2: the path and query decide). */
function routeChange(pathname: string, query: URLSearchParams): FilterChange {
  if (pathname === '/m/provider') {
    const vassalage = query.get('vassalage') ?? '';
    return vassalage ? { vassalage } : {};
  }
  if (pathname === '/m/hot-games') return { dataType: 'HOT', category: 'HOT' };
  if (pathname === '/m/fav-games') {
    const gameType = query.get('gameType');
    return { dataType: 'FAV', category: 'FAV', ...(gameType ? { gameType } : {}) };
  }
  if (pathname === '/m/search-games') {
    const gameType = query.get('gameType');
    return { category: 'SEARCH', ...(gameType ? { gameType } : {}) };
  }
  const gameType = LIST_ROUTE_TYPES[pathname];
  if (!gameType) return {};
  // Another category's vendor does not carry over; the same category keeps vendor and classification.
  return getGameFilter().gameType === gameType ? {} : { gameType, vassalage: '', classification: '' };
}

const TOGGLES: { type: Exclude<DataType, 'ALL'>; icon: IconName; label: string; member: boolean }[] = [
  { type: 'RECENT', icon: 'clock', label: 'toggles.recent', member: true },
  { type: 'FAV', icon: 'heart', label: 'toggles.favourites', member: true },
  { type: 'HOT', icon: 'star', label: 'toggles.hot', member: false },
];

const DATA_TYPE_LABEL = { FAV: 'toggles.favourites', HOT: 'toggles.hot', RECENT: 'toggles.recent' } as const;

/**
 * Every game-list screen: provider lists, categories, game centre, hot games, search and favourites.
 * Search (500 ms pause), recent/favourite/hot toggles, vendor and classification filters, and
 * infinite scroll over 36-game pages; any filter change starts over at page 1.
 */
export default function GameListPage() {
  const { t } = useTranslation('lobby');
  const { t: tw } = useTranslation('web');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [query] = useSearchParams();
  const session = useSession();
  const filter = useGameFilter();
  const [hotExpanded, setHotExpanded] = useState(false);

  // The route decides the type, vendor or data type it opens with.
  const queryKey = query.toString();
  useEffect(() => {
    if (pathname === '/m/fav-games' && !session) {
      void navigate('/m/login', { replace: true });
      return;
    }
    updateGameFilter(routeChange(pathname, new URLSearchParams(queryKey)));
  }, [pathname, queryKey, session, navigate]);

  const change = (next: FilterChange) => {
    setHotExpanded(false);
    updateGameFilter(next);
  };
  const toggle = (type: Exclude<DataType, 'ALL'>, member: boolean) => {
    if (member && !session) {
      void navigate('/m/login');
      return;
    }
    const dataType = filter.dataType === type ? 'ALL' : type;
    change({ dataType, category: dataType });
  };

  const vendors = useVendorCategories();
  const content = useAnnouncements();
  const hot = useHotGames();
  const params = useMemo(
    () => gameListParams(filter),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [filter.gameType, filter.vassalage, filter.classification, filter.searchName],
  );
  const all = useGameList(params, filter.dataType === 'ALL');
  const favourites = useFavouriteList({
    gameType: filter.gameType,
    vendor: filter.vassalage,
    pageSize: LOBBY.favouritePageSizeSearch,
  });
  const recent = useRecentGames(
    { gameType: filter.gameType, vendor: filter.vassalage },
    filter.dataType === 'RECENT',
  );

  const searching = filter.searchName.trim() !== '';
  let games: Game[] = [];
  let pending = false;
  let hasMore = false;
  let loadMore = () => undefined as unknown;
  if (filter.dataType === 'ALL') {
    games = all.data?.pages.flatMap((p) => p.games) ?? [];
    pending = all.isPending;
    hasMore = Boolean(all.hasNextPage);
    loadMore = () => !all.isFetchingNextPage && all.fetchNextPage();
  } else if (filter.dataType === 'HOT') {
    games = visibleHotGames(filterHotGames(hot.data?.games ?? [], filter), hotExpanded, searching);
    pending = hot.isPending;
  } else if (filter.dataType === 'FAV') {
    games = (favourites.data?.content ?? []).filter((g) => matchesName(g, filter.searchName));
    pending = Boolean(session) && favourites.isPending;
  } else {
    games = (recent.data?.pages.flatMap((p) => p.list) ?? []).filter((g) =>
      matchesName(g, filter.searchName),
    );
    pending = Boolean(session) && recent.isPending;
    hasMore = Boolean(recent.hasNextPage);
    loadMore = () => !recent.isFetchingNextPage && recent.fetchNextPage();
  }
  const hotTotal = filterHotGames(hot.data?.games ?? [], filter).length;

  // The store mirrors the paging of the list on screen (page, total pages, hasMore).
  const lastPage = filter.dataType === 'ALL' ? all.data?.pages.at(-1) : undefined;
  useEffect(() => {
    if (lastPage) setGamePaging(lastPage.pageNum, lastPage.totalPages);
  }, [lastPage]);

  const sentinel = useInfiniteScroll(() => void loadMore(), hasMore);

  const typeVendors = vendorsOf(
    vendors.data?.categories,
    filter.gameType === 'BINGO' ? 'RNG' : filter.gameType,
  );
  const isCentre = CENTRE_PATHS.has(pathname);
  const isSearch = SEARCH_PATHS.has(pathname);
  const bannerType = BANNER_TYPE[filter.gameType];
  const banners = (content.data?.banners ?? []).filter((b) =>
    bannerType ? b.groupName.startsWith(`m_${bannerType}`) : false,
  );
  const classifications = filter.gameType === 'RNG' ? ['', 'NEW', 'BG'] : ['', 'NEW'];
  const currentVendor = typeVendors.find((v) => v.vassalage === filter.vassalage);
  let heading: string;
  if (searching) heading = t('lists.results');
  else if (filter.dataType !== 'ALL') heading = t(DATA_TYPE_LABEL[filter.dataType]);
  else if (currentVendor) heading = currentVendor.displayName;
  else heading = filter.gameType === 'ALL' ? t('lists.allGames') : tw(`categories.${filter.gameType}`);

  return (
    <div className="game-list-page">
      {isCentre && <AnnouncementTicker notices={content.data?.player ?? []} />}
      {!isSearch && banners.length > 0 && <BannerCarousel banners={banners} />}
      {isCentre && !filter.vassalage && <ProviderPicker vendors={typeVendors} />}
      {isCentre && session && filter.dataType === 'ALL' && (
        <HomeGameSection
          id="favourites"
          title={t('sections.favourites')}
          icon="heart"
          rows={1}
          games={favourites.data?.content}
          loading={favourites.isPending}
          onMore={() => change({ dataType: 'FAV', category: 'FAV' })}
        />
      )}

      <div className="list-controls">
        <SearchBox
          value={filter.searchName}
          onSearch={(searchName) => change({ searchName, category: searchName ? 'SEARCH' : 'ALL' })}
        />
        <div className="toggle-row" role="group" aria-label={t('toggles.label')}>
          {TOGGLES.map((item) => (
            <button
              key={item.type}
              type="button"
              className={`toggle${filter.dataType === item.type ? ' is-on' : ''}`}
              aria-pressed={filter.dataType === item.type}
              onClick={() => toggle(item.type, item.member)}
            >
              <Icon name={item.icon} size={16} />
              {t(item.label)}
            </button>
          ))}
        </div>
        {typeVendors.length > 0 && (
          <VendorTabs
            vendors={typeVendors}
            value={filter.vassalage}
            onChange={(vassalage) => change({ vassalage })}
            label={t('vendors.label')}
          />
        )}
        {filter.dataType === 'ALL' && (
          <div className="chip-strip chip-strip-sm" role="tablist" aria-label={t('classify.label')}>
            {classifications.map((value) => (
              <button
                key={value || 'all'}
                type="button"
                role="tab"
                aria-selected={filter.classification === value}
                className={`chip${filter.classification === value ? ' is-active' : ''}`}
                onClick={() => change({ classification: value })}
              >
                {t(`classify.${value || 'ALL'}`)}
              </button>
            ))}
          </div>
        )}
      </div>

      <GameSection id="list" title={heading}>
        {pending ? (
          <GridSkeleton count={12} />
        ) : games.length === 0 ? (
          <LobbyEmpty
            text={
              searching
                ? t('empty.search', { name: filter.searchName.trim() })
                : t(`empty.${filter.dataType}`)
            }
            icon={filter.dataType === 'FAV' ? 'heart' : 'search'}
          />
        ) : (
          <>
            <GameGrid games={games} eagerCount={9} />
            {filter.dataType === 'HOT' && !hotExpanded && !searching && hotTotal > games.length && (
              <button
                type="button"
                className="btn btn-ghost btn-block show-all"
                onClick={() => setHotExpanded(true)}
              >
                {t('lists.showAll', { count: hotTotal })}
              </button>
            )}
          </>
        )}
        {hasMore && (
          <div ref={sentinel} className="list-sentinel" role="status">
            <GridSkeleton count={3} />
            <span className="visually-hidden">{t('lists.loadingMore')}</span>
          </div>
        )}
        {!pending && !hasMore && games.length > 0 && filter.dataType !== 'HOT' && (
          <p className="list-end">{t('lists.end', { count: games.length })}</p>
        )}
      </GameSection>
    </div>
  );
}
