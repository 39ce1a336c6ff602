import type { Banner } from '@playhouse/contract/content';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../shell/Icon.tsx';
import { useBannerAction } from '../hooks/use-banner-action.ts';

const GROUPS = ['m_popup', 'm_popup2'] as const;
/** Whether the player opened the dock in this tab: it stays as they left it. */
const OPEN_KEY = 'floatingPromosOpen';

function readOpen(): boolean {
  try {
    return sessionStorage.getItem(OPEN_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Up to two floating promo banners (groups m_popup and m_popup2), docked: a slim tab at the screen's
 * edge above the bottom bar, never over the games a player is about to tap; the tab opens them, each
 * closable, and each leads where its banner's action says. Nothing when neither exists.
 */
export function FloatingPromo({ banners }: { banners: readonly Banner[] }) {
  const { t } = useTranslation('lobby');
  const act = useBannerAction();
  const [open, setOpen] = useState(readOpen);
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const shown = GROUPS.map((group) => banners.find((b) => b.groupName === group)).filter(
    (b): b is Banner => b !== undefined && !closed.has(b.groupName),
  );
  if (shown.length === 0) return null;
  const toggle = (next: boolean) => {
    setOpen(next);
    try {
      sessionStorage.setItem(OPEN_KEY, next ? '1' : '0');
    } catch {
      // storage unavailable: the dock just starts closed next time
    }
  };
  return (
    <div className={`floating-promos${open ? ' is-open' : ''}`}>
      <button
        type="button"
        className="floating-promos-tab"
        aria-expanded={open}
        aria-controls="floating-promos-list"
        aria-label={open ? t('promo.collapse') : t('promo.expand')}
        onClick={() => toggle(!open)}
      >
        <Icon name={open ? 'close' : 'gift'} size={18} />
      </button>
      {open && (
        <div id="floating-promos-list" className="floating-promos-list">
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
      )}
    </div>
  );
}
