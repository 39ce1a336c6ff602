import { lazy, Suspense, useDeferredValue } from 'react';
import type { Game } from '@playhouse/contract/games';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { updateGameFilter, type FilterChange } from '../../../lib/game-filter.ts';
import { useSession } from '../../../session/session.ts';
import { AnnouncementTicker } from '../components/AnnouncementTicker.tsx';
import { BannerCarousel } from '../components/BannerCarousel.tsx';
import { HomeGameSection } from '../components/HomeGameSection.tsx';
import { HomeSkeleton } from '../components/HomeSkeleton.tsx';
import { JackpotCounter } from '../components/JackpotCounter.tsx';
import { WhenNear } from '../components/WhenNear.tsx';
import { useAnnouncements } from '../hooks/use-announcements.ts';
import { useFavouriteList } from '../hooks/use-favourite-list.ts';
import { useGamePage } from '../hooks/use-game-list.ts';
import { useHotGames } from '../hooks/use-hot-games.ts';
import { useJackpot } from '../hooks/use-jackpot.ts';
import { HOME_BANNER_GROUP, HOME_PROVIDERS, LOBBY } from '../lobby-constants.ts';

// Below the fold: fetched after the first screen renders.
const HomeBelowFold = lazy(() => import('./HomeBelowFold.tsx'));

type GameListParams = Record<string, string>;

const rowsOf = (rows: number) => rows * LOBBY.perRow;
/** About the height of a home section of `rows` rows on a phone, for its place-holder. */
const sectionHeight = (rows: number) => 32 + rows * 153;

/** A home section of one query's games, rendered when it comes near the screen. */
function ListSection({
  id,
  params,
  rows,
  title,
  onMore,
}: {
  id: string;
  params: GameListParams;
  rows: number;
  title: (games: readonly Game[] | undefined) => string;
  onMore: () => void;
}) {
  const page = useGamePage(params, rowsOf(rows));
  return (
    <HomeGameSection
      id={id}
      title={title(page.data?.games)}
      icon={id.startsWith('provider-') ? 'star' : 'coins'}
      rows={rows}
      games={page.data?.games}
      loading={page.isPending}
      onMore={onMore}
    />
  );
}

/**
 * Home (spec §2): banners, announcement ticker, jackpot, then favourites (members), hot games, the
 * JILI, FC and PGE sections, slots, bingo, fish and the provider picker; the rest loads below.
 */
export default function LobbyHome() {
  // Not suspended on the lobby's strings: the data requests below start while they load.
  const { t, ready } = useTranslation('lobby', { useSuspense: false });
  const navigate = useNavigate();
  const session = useSession();
  const content = useAnnouncements();
  const jackpot = useJackpot();
  const hot = useHotGames();
  const favourites = useFavouriteList({ pageSize: LOBBY.favouritePageSizeHome });
  const banners = content.data?.banners ?? [];
  // The first screen (banner, ticker, jackpot, favourites, hot games) commits on its own; the sections
  // below the fold follow in a background render, so they do not hold up the largest paint.
  const belowFold = useDeferredValue(true, false);
  const more = (change: FilterChange, path: string) => () => {
    updateGameFilter(change);
    void navigate(path);
  };

  if (!ready) return <HomeSkeleton />;
  return (
    <div className="lobby-home">
      <BannerCarousel
        banners={banners.filter((b) => b.groupName === HOME_BANNER_GROUP)}
        loading={content.isPending}
      />
      <AnnouncementTicker notices={content.data?.player ?? []} />
      <JackpotCounter jackpot={jackpot.data} loading={jackpot.isPending} />

      {session && (
        <HomeGameSection
          id="favourites"
          title={t('sections.favourites')}
          icon="heart"
          rows={2}
          games={favourites.data?.content}
          loading={favourites.isPending}
          empty={t('empty.favouritesHome')}
          onMore={more({ dataType: 'FAV', category: 'FAV' }, '/m/fav-games')}
        />
      )}
      <HomeGameSection
        id="hot"
        title={t('sections.hot')}
        icon="star"
        rows={2}
        games={hot.data?.games}
        loading={hot.isPending}
        onMore={more({ gameType: 'ALL', vassalage: '', dataType: 'HOT', category: 'HOT' }, '/m/hot-games')}
      />
      {belowFold && (
        <>
          {HOME_PROVIDERS.map((vendor) => (
            <WhenNear key={vendor} id={`provider-${vendor}`} height={sectionHeight(LOBBY.providerRows)}>
              <ListSection
                id={`provider-${vendor}`}
                params={providerParams(vendor)}
                rows={LOBBY.providerRows}
                title={(games) => games?.[0]?.vendorName ?? vendor}
                onMore={more(
                  { gameType: 'RNG', vassalage: vendor, category: 'ALL' },
                  `/m/provider?vassalage=${vendor}`,
                )}
              />
            </WhenNear>
          ))}
          <WhenNear id="slots" height={sectionHeight(LOBBY.slotRows)}>
            <ListSection
              id="slots"
              params={SLOTS}
              rows={LOBBY.slotRows}
              title={() => t('sections.slots')}
              onMore={more(
                { gameType: 'RNG', vassalage: '', classification: '', category: 'ALL' },
                '/m/slot-games',
              )}
            />
          </WhenNear>
          <WhenNear id="bingo" height={sectionHeight(LOBBY.bingoRows)}>
            <ListSection
              id="bingo"
              params={BINGO}
              rows={LOBBY.bingoRows}
              title={() => t('sections.bingo')}
              onMore={more(
                { gameType: 'RNG', vassalage: '', classification: 'BG', category: 'ALL' },
                '/m/slot-games',
              )}
            />
          </WhenNear>
          <WhenNear id="fish" height={sectionHeight(LOBBY.fishRows)}>
            <ListSection
              id="fish"
              params={FISH}
              rows={LOBBY.fishRows}
              title={() => t('sections.fish')}
              onMore={more({ gameType: 'FISH', vassalage: '', category: 'ALL' }, '/m/fishing-games')}
            />
          </WhenNear>
          <Suspense
            fallback={<div className="lobby-section skeleton below-fold-skeleton" aria-hidden="true" />}
          >
            <HomeBelowFold
              hotGames={hot.data?.games ?? []}
              banners={banners}
              popups={session ? (content.data?.popup ?? []) : []}
            />
          </Suspense>
        </>
      )}
    </div>
  );
}

const SLOTS: GameListParams = { gameType: 'RNG' };
const BINGO: GameListParams = { gameType: 'RNG', gameClassify: 'BG' };
const FISH: GameListParams = { gameType: 'FISH' };
const PROVIDER_PARAMS = new Map<string, GameListParams>(
  HOME_PROVIDERS.map((vendor) => [vendor, { gameType: 'RNG', vassalage: vendor }]),
);
const providerParams = (vendor: string) => PROVIDER_PARAMS.get(vendor)!;
