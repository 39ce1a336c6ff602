import type { Banner, Popup } from '@playhouse/contract/content';
import type { Game } from '@playhouse/contract/games';
import { LegalFooter } from '../../../shell/LegalFooter.tsx';
import { FloatingPromo } from '../components/FloatingPromo.tsx';
import { LoginPopups } from '../components/LoginPopups.tsx';
import { PopularGames } from '../components/PopularGames.tsx';
import { ProviderPicker } from '../components/ProviderPicker.tsx';
import { VendorLogoStrip } from '../components/VendorLogoStrip.tsx';
import { WhenNear } from '../components/WhenNear.tsx';
import { WinnerBoard } from '../components/WinnerBoard.tsx';
import { useVendorCategories, vendorsOf } from '../hooks/use-vendors.ts';
import { useWinners } from '../hooks/use-winners.ts';
import { LOGO_STRIP_HIDDEN } from '../lobby-constants.ts';

function ProviderPickerSection() {
  const vendors = useVendorCategories();
  return <ProviderPicker vendors={vendorsOf(vendors.data?.categories, 'RNG')} />;
}

function PopularSection({ hotGames }: { hotGames: readonly Game[] }) {
  const vendors = useVendorCategories();
  return <PopularGames games={hotGames} vendors={vendorsOf(vendors.data?.categories, 'ALL')} />;
}

function LogoStripSection() {
  const vendors = useVendorCategories();
  const categories = vendors.data?.categories?.filter(
    (c) => !(LOGO_STRIP_HIDDEN as readonly string[]).includes(c.gameCategory),
  );
  return <VendorLogoStrip vendors={vendorsOf(categories, 'ALL')} />;
}

function WinnersSection() {
  const winners = useWinners();
  return (
    <WinnerBoard
      entries={winners.data?.list ?? []}
      symbol={winners.data?.currencySymbol ?? ''}
      loading={winners.isPending}
    />
  );
}

/**
 * The lower part of home: provider picker, popular grid, vendor logos and winners, each rendered as
 * it comes near the screen; login popups and floating promotions at once.
 */
export default function HomeBelowFold({
  hotGames,
  banners,
  popups,
}: {
  hotGames: readonly Game[];
  banners: readonly Banner[];
  popups: readonly Popup[];
}) {
  return (
    <>
      <WhenNear id="providers" height={340}>
        <ProviderPickerSection />
      </WhenNear>
      <WhenNear id="popular" height={420}>
        <PopularSection hotGames={hotGames} />
      </WhenNear>
      <WhenNear height={56}>
        <LogoStripSection />
      </WhenNear>
      <WhenNear id="winners" height={280}>
        <WinnersSection />
      </WhenNear>
      <LegalFooter />
      <FloatingPromo banners={banners} />
      <LoginPopups popups={popups} />
    </>
  );
}
