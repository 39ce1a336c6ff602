import type { Banner } from '@playhouse/contract/content';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../shell/Icon.tsx';
import { useBannerAction } from '../hooks/use-banner-action.ts';

const GROUPS = ['m_popup', 'm_popup2'] as const;

/** Up to two closable floating promo banners (groups m_popup and m_popup2); nothing when neither exists. */
export function FloatingPromo({ banners }: { banners: readonly Banner[] }) {
  const { t } = useTranslation('lobby');
  const act = useBannerAction();
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const shown = GROUPS.map((group) => banners.find((b) => b.groupName === group)).filter(
    (b): b is Banner => b !== undefined && !closed.has(b.groupName),
  );
  if (shown.length === 0) return null;
  return (
    <div className="floating-promos">
      {shown.map((banner) => (
        <div key={banner.groupName} className="floating-promo">
          <button
            type="button"
            className="floating-promo-image"
            aria-label={banner.title}
            onClick={() => act(banner)}
          >
            <img src={banner.url} alt="" width="72" height="72" loading="lazy" />
          </button>
          <button
            type="button"
            className="floating-promo-close"
            aria-label={t('promo.close')}
            onClick={() => setClosed((set) => new Set(set).add(banner.groupName))}
          >
            <Icon name="close" size={12} />
          </button>
        </div>
      ))}
    </div>
  );
}
