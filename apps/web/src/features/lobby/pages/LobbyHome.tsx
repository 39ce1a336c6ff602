import { lazy, Suspense, useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { updateGameFilter, type FilterChange } from '../../../lib/game-filter.ts';
import { useSession } from '../../../session/session.ts';
import { AnnouncementTicker } from '../components/AnnouncementTicker.tsx';
import { BannerCarousel } from '../components/BannerCarousel.tsx';
import { HomeGameSection } from '../components/HomeGameSection.tsx';
import { HomeSkeleton } from '../components/HomeSkeleton.tsx';
import { JackpotCounter } from '../components/JackpotCounter.tsx';
import { useAnnouncements } from '../hooks/use-announcements.ts';
import { useFavouriteList } from '../hooks/use-favourite-list.ts';
import { useGamePage } from '../hooks/use-game-list.ts';
import { useHotGames } from '../hooks/use-hot-games.ts';
import { useJackpot } from '../hooks/use-jackpot.ts';
import { HOME_BANNER_GROUP, HOME_PROVIDERS, LOBBY } from '../lobby-constants.ts';

// Below the fold: fetched after the first screen renders.
const HomeBelowFold = lazy(() => import('./HomeBelowFold.tsx'));

const rowsOf = (rows: number) => rows * LOBBY.perRow;

function ProviderSection({ vendor, onMore }: { vendor: string; onMore: () => void }) {
  const params = useMemo(() => ({ gameType: 'RNG', vassalage: vendor }), [vendor]);
  const page = useGamePage(params, rowsOf(LOBBY.providerRows));
  const name = page.data?.games[0]?.vendorName ?? vendor;
  return (
    <HomeGameSection
      id={`provider-${vendor}`}
      title={name}
      icon="star"
      rows={LOBBY.providerRows}
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
  const slots = useGamePage(SLOTS, rowsOf(LOBBY.slotRows));
  const bingo = useGamePage(BINGO, rowsOf(LOBBY.bingoRows));
  const fish = useGamePage(FISH, rowsOf(LOBBY.fishRows));
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
            <ProviderSection
              key={vendor}
              vendor={vendor}
              onMore={more(
                { gameType: 'RNG', vassalage: vendor, category: 'ALL' },
                `/m/provider?vassalage=${vendor}`,
              )}
            />
          ))}
          <HomeGameSection
            id="slots"
            title={t('sections.slots')}
            icon="coins"
            rows={LOBBY.slotRows}
            games={slots.data?.games}
            loading={slots.isPending}
            onMore={more(
              { gameType: 'RNG', vassalage: '', classification: '', category: 'ALL' },
              '/m/slot-games',
            )}
          />
          <HomeGameSection
            id="bingo"
            title={t('sections.bingo')}
            icon="coins"
            rows={LOBBY.bingoRows}
            games={bingo.data?.games}
            loading={bingo.isPending}
            onMore={more(
              { gameType: 'RNG', vassalage: '', classification: 'BG', category: 'ALL' },
              '/m/slot-games',
            )}
          />
          <HomeGameSection
            id="fish"
            title={t('sections.fish')}
            icon="coins"
            rows={LOBBY.fishRows}
            games={fish.data?.games}
            loading={fish.isPending}
            onMore={more({ gameType: 'FISH', vassalage: '', category: 'ALL' }, '/m/fishing-games')}
          />
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

const SLOTS = { gameType: 'RNG' };
const BINGO = { gameType: 'RNG', gameClassify: 'BG' };
const FISH = { gameType: 'FISH' };
