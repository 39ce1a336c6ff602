import type { Game, Vendor } from '@playhouse/contract/games';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCarousel } from '../hooks/use-carousel.ts';
import { popularSlides } from '../popular-slides.ts';
import { GameGrid } from './GameGrid.tsx';
import { GameSection } from './GameSection.tsx';
import { VendorTabs } from './VendorTabs.tsx';

/** Popular games by vendor: 'all' plus vendor tabs over slides of 3 (under 6 games) or 6. */
export function PopularGames({ games, vendors }: { games: readonly Game[]; vendors: readonly Vendor[] }) {
  const { t } = useTranslation('lobby');
  const [vendor, setVendor] = useState('');
  const withGames = useMemo(() => {
    const codes = new Set(games.map((g) => g.vassalage));
    return vendors.filter((v) => codes.has(v.vassalage));
  }, [games, vendors]);
  const slides = useMemo(
    () => popularSlides(vendor ? games.filter((g) => g.vassalage === vendor) : games),
    [games, vendor],
  );
  const { track, index, goTo } = useCarousel(slides.length, { loop: false });
  if (games.length === 0) return null;
  return (
    <GameSection id="popular" title={t('sections.popular')} icon="star">
      <VendorTabs vendors={withGames} value={vendor} onChange={setVendor} label={t('vendors.label')} />
      <div className="slide-track" ref={track}>
        {slides.map((slide, i) => (
          <div key={`${vendor}-${i}`} className="slide">
            <GameGrid games={slide} />
          </div>
        ))}
      </div>
      {slides.length > 1 && (
        <div className="banner-dots">
          {slides.map((_, i) => (
            <button
              key={i}
              type="button"
              className={`dot${i === index ? ' is-active' : ''}`}
              aria-label={t('banners.goTo', { n: i + 1 })}
              onClick={() => goTo(i)}
            />
          ))}
        </div>
      )}
    </GameSection>
  );
}
