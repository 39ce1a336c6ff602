import type { Announcement } from '@playhouse/contract/content';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../shell/Icon.tsx';
import { LOBBY } from '../lobby-constants.ts';

/**
 * The announcement bar: titles scrolling sideways at 30 frames a second, or a 'no announcement'
 * line. Tapping opens the notice list.
 */
export function AnnouncementTicker({ notices }: { notices: readonly Announcement[] }) {
  const { t, i18n } = useTranslation('lobby');
  const viewport = useRef<HTMLDivElement>(null);
  const strip = useRef<HTMLDivElement>(null);
  const text = notices.map((n) => n.title).join('   •   ');

  useEffect(() => {
    const box = viewport.current;
    const line = strip.current;
    if (!box || !line || !text) return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const rtl = getComputedStyle(box).direction === 'rtl';
    const step = LOBBY.tickerPxPerSecond / LOBBY.tickerFps;
    let offset = 0;
    const timer = setInterval(() => {
      offset += step;
      if (offset > line.scrollWidth + box.clientWidth) offset = 0;
      const x = box.clientWidth - offset;
      line.style.transform = `translateX(${rtl ? -x : x}px)`;
    }, 1000 / LOBBY.tickerFps);
    return () => clearInterval(timer);
  }, [text, i18n.language]);

  return (
    <Link to="/m/notice" className="ticker">
      <Icon name="chat" size={18} />
      {/* Named by its own text, so what is read is what is shown (label-content-name-mismatch). */}
      <span className="visually-hidden">{t('ticker.label')}: </span>
      <div className="ticker-viewport" ref={viewport}>
        {text ? (
          <div className="ticker-line" ref={strip}>
            {text}
          </div>
        ) : (
          <span className="ticker-empty">{t('ticker.none')}</span>
        )}
      </div>
    </Link>
  );
}
