import type { Game } from '@playhouse/contract/games';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  setGamePaging,
  updateGameFilter,
  useGameFilter,
  type DataType,
  type FilterChange,
} from '../../../lib/game-filter.ts';
import { useSession } from '../../../session/session.ts';
import { Icon, type IconName } from '../../../shell/Icon.tsx';
import { filterHotGames, gameListParams, matchesName, visibleHotGames } from '../game-lists.ts';
import { useFavouriteList } from '../hooks/use-favourite-list.ts';
import { useGameList } from '../hooks/use-game-list.ts';
import { useHotGames } from '../hooks/use-hot-games.ts';
import { useInfiniteScroll } from '../hooks/use-infinite-scroll.ts';
import { useRecentGames } from '../hooks/use-recent-games.ts';
import { useVendorCategories, vendorsOf } from '../hooks/use-vendors.ts';
import { LOBBY } from '../lobby-constants.ts';
import { LobbyEmpty } from './EmptyState.tsx';
import { GameGrid, GridSkeleton } from './GameGrid.tsx';
import { GameSection } from './GameSection.tsx';
import { SearchBox } from './SearchBox.tsx';
import { VendorTabs } from './VendorTabs.tsx';

const TOGGLES: { type: Exclude<DataType, 'ALL'>; icon: IconName; label: string; member: boolean }[] = [
  { type: 'RECENT', icon: 'clock', label: 'toggles.recent', member: true },
  { type: 'FAV', icon: 'heart', label: 'toggles.favourites', member: true },
  { type: 'HOT', icon: 'star', label: 'toggles.hot', member: false },
];

const DATA_TYPE_LABEL = { FAV: 'toggles.favourites', HOT: 'toggles.hot', RECENT: 'toggles.recent' } as const;

/**
 * The game list every list screen ends with: optional name search (500 ms pause) and
 * recent/favourite/hot toggles, vendor and classification filters, and infinite scroll over 36-game
 * pages; any filter change starts over at page 1.
 */
export function GameListPanel({
  ready = true,
  search,
  searchFocus = false,
  toggles,
  vendorTabs = true,
}: {
  /** False while the screen's filter is still being settled: nothing loads for a passing filter. */
  ready?: boolean;
  /** The inline name search (the search screen); the other screens open the search route instead. */
  search: boolean;
  /** The search route opens with the keyboard up. */
  searchFocus?: boolean;
  toggles: boolean;
  vendorTabs?: boolean;
}) {
  const { t } = useTranslation('lobby');
  const { t: tw } = useTranslation('web');
  const navigate = useNavigate();
  const session = useSession();
  const filter = useGameFilter();
  const [hotExpanded, setHotExpanded] = useState(false);

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
  const hot = useHotGames();
  const params = useMemo(
    () => gameListParams(filter),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [filter.gameType, filter.vassalage, filter.classification, filter.searchName],
  );
  const all = useGameList(params, ready && filter.dataType === 'ALL');
  const favourites = useFavouriteList({
    gameType: filter.gameType,
    vendor: filter.vassalage,
    pageSize: LOBBY.favouritePageSizeSearch,
    enabled: ready,
  });
  const recent = useRecentGames(
    { gameType: filter.gameType, vendor: filter.vassalage },
    ready && filter.dataType === 'RECENT',
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
  if (!ready) {
    pending = true;
    hasMore = false;
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
  const classifications = filter.gameType === 'RNG' ? ['', 'NEW', 'BG'] : ['', 'NEW'];
  const currentVendor = typeVendors.find((v) => v.vassalage === filter.vassalage);
  let heading: string;
  if (searching) heading = t('lists.results');
  else if (filter.dataType !== 'ALL') heading = t(DATA_TYPE_LABEL[filter.dataType]);
  else if (currentVendor) heading = currentVendor.displayName;
  else heading = filter.gameType === 'ALL' ? t('lists.allGames') : tw(`categories.${filter.gameType}`);

  return (
    <>
      <div className="list-controls">
        {search && (
          <SearchBox
            value={filter.searchName}
            autoFocus={searchFocus}
            onSearch={(searchName) => change({ searchName, category: searchName ? 'SEARCH' : 'ALL' })}
          />
        )}
        {toggles && (
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
        )}
        {vendorTabs && typeVendors.length > 0 && (
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
    </>
  );
}
