import type { Vendor } from '@playhouse/contract/games';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import defaultImage from '../assets/game-default.svg';
import { useLaunchGame } from '../hooks/use-launch-game.ts';
import { GameSection } from './GameSection.tsx';

function VendorItem({ vendor, onOpen }: { vendor: Vendor; onOpen: (vendor: Vendor) => void }) {
  const { t } = useTranslation('lobby');
  const [broken, setBroken] = useState(false);
  return (
    <button type="button" className="provider-card" onClick={() => onOpen(vendor)}>
      <img
        src={broken || !vendor.iconUrl ? defaultImage : vendor.iconUrl}
        alt=""
        width="96"
        height="36"
        loading="lazy"
        onError={() => setBroken(true)}
      />
      <span className="provider-name" dir="auto">
        {vendor.displayName}
      </span>
      <span className="provider-count">{t('vendors.games', { count: vendor.gameCount })}</span>
    </button>
  );
}

/**
 * The game-centre vendor list: tapping a vendor launches it, which opens its own list
 * (/m/provider?vassalage=); a logo that fails to load shows the default image.
 */
export function VendorList({ vendors }: { vendors: readonly Vendor[] }) {
  const { t } = useTranslation('lobby');
  const launch = useLaunchGame();
  if (vendors.length === 0) return null;
  return (
    <GameSection id="vendors" title={t('vendors.label')} icon="star">
      <div className="provider-grid">
        {vendors.map((vendor) => (
          <VendorItem
            key={vendor.vassalage}
            vendor={vendor}
            onOpen={(v) => void launch({ vassalage: v.vassalage, gameCategory: v.gameCategory })}
          />
        ))}
      </div>
    </GameSection>
  );
}
