import type { Announcement } from '@playhouse/contract/content';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { badgeText } from '../../../lib/timing.ts';
import { whenSettled } from '../../../lib/when-settled.ts';
import { useUnreadCount } from '../../../session/session.ts';
import { Icon } from '../../../shell/Icon.tsx';
import { LOBBY } from '../lobby-constants.ts';

/**
 * The announcement bar: titles scrolling sideways at a steady speed and the spec's 30 frames a
 * second, or a 'no announcement' line, and how many of them the member has not read. Tapping opens
 * the notice list.
 */
export function AnnouncementTicker({ notices }: { notices: readonly Announcement[] }) {
  const { t, i18n } = useTranslation('lobby');
  const unread = useUnreadCount().data?.announcement ?? 0;
  const viewport = useRef<HTMLDivElement>(null);
  const strip = useRef<HTMLDivElement>(null);
  const text = notices.map((n) => n.title).join('   •   ');

  useEffect(() => {
    const box = viewport.current;
    const line = strip.current;
    if (!box || !line || !text) return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    // Measured once; the browser's compositor then moves the line, so scrolling costs the page's
    // main thread nothing per frame. It starts once the page has settled: a new frame every
    // display refresh while home is still loading takes CPU from the load on a slow phone.
    let animation: Animation | undefined;
    const cancel = whenSettled(() => {
      const sign = document.documentElement.dir === 'rtl' ? -1 : 1;
      const distance = line.scrollWidth + box.clientWidth;
      const seconds = distance / LOBBY.tickerPxPerSecond;
      animation = line.animate(
        [
          { transform: `translateX(${sign * box.clientWidth}px)` },
          { transform: `translateX(${-sign * line.scrollWidth}px)` },
        ],
        {
          duration: seconds * 1000,
          iterations: Infinity,
          // The spec's 30 frames a second: the line moves 30 times a second, so the compositor
          // draws half as many frames as at the display's 60.
          easing: `steps(${Math.max(1, Math.round(seconds * LOBBY.tickerFps))})`,
          // The first pass starts where the line already stands, so nothing jumps.
          iterationStart: box.clientWidth / distance,
        },
      );
    });
    return () => {
      cancel();
      animation?.cancel();
    };
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
      {unread > 0 && (
        <span className="ticker-unread">
          <span className="visually-hidden">{t('notices.unread')}: </span>
          {badgeText(unread)}
        </span>
      )}
    </Link>
  );
}
