import { lazy, Suspense, useEffect, useState } from 'react';
import { HOME_BANNER_GROUP } from '@playhouse/contract/site-page';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { updateGameFilter, type FilterChange } from '../../../lib/game-filter.ts';
import { whenSettled } from '../../../lib/when-settled.ts';
import { useSession } from '../../../session/session.ts';
import type { IconName } from '../../../shell/Icon.tsx';
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
import { HOME_PROVIDERS, LOBBY } from '../lobby-constants.ts';

// Below the fold: fetched after the first screen renders.
const HomeBelowFold = lazy(() => import('./HomeBelowFold.tsx'));

const rowsOf = (rows: number) => rows * LOBBY.perRow;
/** About the height of a home section of `rows` rows on a phone, for its place-holder. */
const sectionHeight = (rows: number) => 32 + rows * 153;

/** A home section of one game-list query, and where its 'more' goes. */
interface ListSectionDef {
  id: string;
  params: Record<string, string>;
  rows: number;
  icon: IconName;
  /** Catalogue key of the title; provider sections are titled by their vendor's name. */
  titleKey?: string;
  vendor?: string;
  change: FilterChange;
  path: string;
}

/** Home's game-list sections below the first screen, in the spec's order. */
const LIST_SECTIONS: readonly ListSectionDef[] = [
  ...HOME_PROVIDERS.map((vendor): ListSectionDef => ({
    id: `provider-${vendor}`,
    params: { gameType: 'RNG', vassalage: vendor },
    rows: LOBBY.providerRows,
    icon: 'star',
    vendor,
    change: { gameType: 'RNG', vassalage: vendor, category: 'ALL' },
    path: `/m/provider?vassalage=${vendor}`,
  })),
  {
    id: 'slots',
    params: { gameType: 'RNG' },
    rows: LOBBY.slotRows,
    icon: 'coins',
    titleKey: 'sections.slots',
    change: { gameType: 'RNG', vassalage: '', classification: '', category: 'ALL' },
    path: '/m/slot-games',
  },
  {
    id: 'bingo',
    params: { gameType: 'RNG', gameClassify: 'BG' },
    rows: LOBBY.bingoRows,
    icon: 'coins',
    titleKey: 'sections.bingo',
    change: { gameType: 'RNG', vassalage: '', classification: 'BG', category: 'ALL' },
    path: '/m/slot-games',
  },
  {
    id: 'fish',
    params: { gameType: 'FISH' },
    rows: LOBBY.fishRows,
    icon: 'coins',
    titleKey: 'sections.fish',
    change: { gameType: 'FISH', vassalage: '', category: 'ALL' },
    path: '/m/fishing-games',
  },
];

/** A home section of one query's games (rendered once it comes near the screen). */
function ListSection({ section, onMore }: { section: ListSectionDef; onMore: () => void }) {
  const { t } = useTranslation('lobby');
  const page = useGamePage(section.params, rowsOf(section.rows));
  const games = page.data?.games;
  return (
    <HomeGameSection
      id={section.id}
      title={section.titleKey ? t(section.titleKey) : (games?.[0]?.vendorName ?? section.vendor ?? '')}
      icon={section.icon}
      rows={section.rows}
      games={games}
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
  // The first screen (banner, ticker, jackpot, favourites, hot games) is all the server renders and
  // all hydration covers. The sections below the fold start once the page has loaded and the browser
  // is idle: started as soon as hydration committed, their requests, renders and pictures landed
  // between its slices and stretched them (Lighthouse's blocking time fell from about 250 ms to 130).
  const [belowFold, setBelowFold] = useState(false);
  useEffect(() => whenSettled(() => setBelowFold(true)), []);
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
          {LIST_SECTIONS.map((section) => (
            <WhenNear key={section.id} id={section.id} height={sectionHeight(section.rows)}>
              <ListSection section={section} onMore={more(section.change, section.path)} />
            </WhenNear>
          ))}
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
