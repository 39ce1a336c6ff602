import type { Vendor } from '@playhouse/contract/games';
import { useTranslation } from 'react-i18next';
import { GameSection } from './GameSection.tsx';
import { useOpenVendor } from './VendorLogoStrip.tsx';

/** The home provider picker: one card per slot vendor, opening its game list. */
export function ProviderPicker({ vendors }: { vendors: readonly Vendor[] }) {
  const { t } = useTranslation('lobby');
  const open = useOpenVendor();
  if (vendors.length === 0) return null;
  return (
    <GameSection id="providers" title={t('sections.providers')} icon="star">
      <div className="provider-grid">
        {vendors.map((vendor) => (
          <button key={vendor.vassalage} type="button" className="provider-card" onClick={() => open(vendor)}>
            <img src={vendor.iconUrl} alt="" width="96" height="36" loading="lazy" />
            <span className="provider-name" dir="auto">
              {vendor.displayName}
            </span>
            <span className="provider-count">{t('vendors.games', { count: vendor.gameCount })}</span>
          </button>
        ))}
      </div>
    </GameSection>
  );
}
