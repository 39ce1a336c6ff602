import type { Vendor } from '@playhouse/contract/games';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { updateGameFilter } from '../../../lib/game-filter.ts';

/** Opens a vendor's game list with that vendor chosen. */
export function useOpenVendor() {
  const navigate = useNavigate();
  return (vendor: Pick<Vendor, 'vassalage' | 'gameCategory'>) => {
    updateGameFilter({
      gameType: vendor.gameCategory === 'BINGO' ? 'RNG' : vendor.gameCategory,
      vassalage: vendor.vassalage,
      category: 'ALL',
    });
    void navigate(`/m/provider?vassalage=${encodeURIComponent(vendor.vassalage)}`);
  };
}

/** A slowly scrolling strip of vendor logos (lottery, e-lottery and sports vendors left out). */
export function VendorLogoStrip({ vendors }: { vendors: readonly Vendor[] }) {
  const { t } = useTranslation('lobby');
  const open = useOpenVendor();
  if (vendors.length === 0) return null;
  // The list twice, so the marquee wraps without a gap; the copy is hidden from assistive tech.
  return (
    <section className="logo-strip" aria-label={t('vendors.partners')}>
      <div className="logo-track" style={{ animationDuration: `${Math.max(12, vendors.length * 3)}s` }}>
        {[0, 1].map((copy) =>
          vendors.map((vendor) => (
            <button
              key={`${copy}-${vendor.vassalage}`}
              type="button"
              className="logo-item"
              aria-hidden={copy === 1 || undefined}
              tabIndex={copy === 1 ? -1 : undefined}
              aria-label={vendor.displayName}
              onClick={() => open(vendor)}
            >
              <img src={vendor.iconUrl} alt="" width="96" height="36" loading="lazy" />
            </button>
          )),
        )}
      </div>
    </section>
  );
}
