import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CATEGORY_ROUTES, useGameCategories } from '../lib/categories.ts';
import { updateGameFilter } from '../lib/game-filter.ts';
import { useSession } from '../session/session.ts';
import { DownloadBar } from '../shell/DownloadBar.tsx';
import { useSiteStatus } from '../status/site-status.ts';

const CATEGORY_ART: Record<string, string> = {
  RNG: 'linear-gradient(135deg,#ff9a3c,#ff3d6e)',
  LIVE: 'linear-gradient(135deg,#7b5cff,#c04bff)',
  FISH: 'linear-gradient(135deg,#1fb7ff,#2f6bff)',
  SPORTS: 'linear-gradient(135deg,#2bd47d,#0f9d6e)',
  ESPORTS: 'linear-gradient(135deg,#39e0d0,#3a7bd5)',
  PVP: 'linear-gradient(135deg,#ff5f6d,#a1243b)',
  LOTT: 'linear-gradient(135deg,#ffd34d,#f0932b)',
  ELOTT: 'linear-gradient(135deg,#f6d365,#fda085)',
  INHOUSE: 'linear-gradient(135deg,#ffcf4a,#ff7a18)',
  BINGO: 'linear-gradient(135deg,#a8e063,#56ab2f)',
};

/** Home: welcome and the game categories; the lobby's sections fill in below as they arrive. */
export default function HomePage() {
  const { t } = useTranslation();
  const session = useSession();
  const status = useSiteStatus();
  const categories = useGameCategories();
  return (
    <div className="home">
      <DownloadBar />
      <section className="hero">
        <h2>{t('home.welcome', { site: status?.info.siteName ?? 'Playhouse' })}</h2>
        <p>{t('home.tagline')}</p>
        {!session && (
          <div className="hero-actions">
            <Link className="btn btn-primary" to="/m/register">
              {t('header.register')}
            </Link>
            <Link className="btn btn-ghost" to="/m/login">
              {t('header.login')}
            </Link>
          </div>
        )}
      </section>
      <section aria-labelledby="home-categories">
        <h2 id="home-categories" className="section-title">
          {t('home.categories')}
        </h2>
        <div className="category-grid">
          {categories.map((type) => (
            <Link
              key={type}
              to={CATEGORY_ROUTES[type] ?? '/m/home'}
              className="category-card"
              style={{ background: CATEGORY_ART[type] }}
              onClick={() => updateGameFilter({ gameType: type, vassalage: '', category: 'ALL' })}
            >
              {t(`categories.${type}`)}
            </Link>
          ))}
        </div>
      </section>
    </div>
  );
}
