import type { Banner, Popup } from '@playhouse/contract/content';
import type { Game } from '@playhouse/contract/games';
import { FloatingPromo } from '../components/FloatingPromo.tsx';
import { LoginPopups } from '../components/LoginPopups.tsx';
import { PopularGames } from '../components/PopularGames.tsx';
import { ProviderPicker } from '../components/ProviderPicker.tsx';
import { VendorLogoStrip } from '../components/VendorLogoStrip.tsx';
import { WinnerBoard } from '../components/WinnerBoard.tsx';
import { useVendorCategories, vendorsOf } from '../hooks/use-vendors.ts';
import { useWinners } from '../hooks/use-winners.ts';
import { LOGO_STRIP_HIDDEN } from '../lobby-constants.ts';

/** The lower part of home: provider picker, popular grid, vendor logos, winners, popups and promos. */
export default function HomeBelowFold({
  hotGames,
  banners,
  popups,
}: {
  hotGames: readonly Game[];
  banners: readonly Banner[];
  popups: readonly Popup[];
}) {
  const vendors = useVendorCategories();
  const winners = useWinners();
  const categories = vendors.data?.categories;
  const slotVendors = vendorsOf(categories, 'RNG');
  const logoVendors = vendorsOf(
    categories?.filter((c) => !(LOGO_STRIP_HIDDEN as readonly string[]).includes(c.gameCategory)),
    'ALL',
  );
  return (
    <>
      <ProviderPicker vendors={slotVendors} />
      <PopularGames games={hotGames} vendors={vendorsOf(categories, 'ALL')} />
      <VendorLogoStrip vendors={logoVendors} />
      <WinnerBoard entries={winners.data?.list ?? []} loading={winners.isPending} />
      <FloatingPromo banners={banners} />
      <LoginPopups popups={popups} />
    </>
  );
}
