import type { Banner } from '@playhouse/contract/content';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBannerAction } from '../hooks/use-banner-action.ts';
import { useCarousel } from '../hooks/use-carousel.ts';
import { LOBBY } from '../lobby-constants.ts';

/**
 * The banner carousel: scroll-snap slides that autoplay every 4 s with a 600 ms slide and loop,
 * only when there is more than one; a broken image is hidden; tapping runs the banner's action.
 */
export function BannerCarousel({ banners, loading }: { banners: readonly Banner[]; loading?: boolean }) {
  const { t } = useTranslation('lobby');
  const [broken, setBroken] = useState<ReadonlySet<number>>(new Set());
  const shown = banners.filter((b) => !broken.has(b.id));
  const many = shown.length > 1;
  const { track, index, goTo } = useCarousel(shown.length, {
    autoplayMs: many ? LOBBY.bannerAutoplayMs : undefined,
    speedMs: LOBBY.bannerSpeedMs,
    loop: many,
  });
  const act = useBannerAction();
  if (loading) return <div className="banner-carousel skeleton" aria-hidden="true" />;
  if (shown.length === 0) return null;
  return (
    <section className="banner-carousel" aria-roledescription="carousel" aria-label={t('banners.label')}>
      <div className="banner-track" ref={track}>
        {shown.map((banner, i) => (
          <button
            key={banner.id}
            type="button"
            className="banner-slide"
            aria-label={banner.title}
            aria-roledescription="slide"
            onClick={() => act(banner)}
          >
            <img
              src={banner.url}
              alt=""
              width={banner.width || 750}
              height={banner.height || 300}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'auto'}
              onError={() => setBroken((set) => new Set(set).add(banner.id))}
            />
          </button>
        ))}
      </div>
      {many && (
        <div className="banner-dots">
          {shown.map((banner, i) => (
            <button
              key={banner.id}
              type="button"
              className={`dot${i === index ? ' is-active' : ''}`}
              aria-label={t('banners.goTo', { n: i + 1 })}
              aria-current={i === index}
              onClick={() => goTo(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
