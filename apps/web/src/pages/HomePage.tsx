import { lazy, Suspense } from 'react';
import { DownloadBar } from '../shell/DownloadBar.tsx';
import '../features/lobby/lobby.css';

// The lobby is its own chunk, so the first script stays small; its skeleton holds the layout meanwhile.
const LobbyHome = lazy(() => import('../features/lobby/pages/LobbyHome.tsx'));

function HomeSkeleton() {
  return (
    <div className="lobby-home" aria-hidden="true">
      <div className="banner-carousel skeleton" />
      <div className="ticker skeleton" />
      <div className="jackpot skeleton" />
      <div className="game-grid">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="game-tile skeleton-tile">
            <div className="game-art skeleton" />
            <span className="skeleton skeleton-line" />
          </div>
        ))}
      </div>
    </div>
  );
}

/** Home: the app-download bar, then the lobby. */
export default function HomePage() {
  return (
    <div className="home">
      <DownloadBar />
      <Suspense fallback={<HomeSkeleton />}>
        <LobbyHome />
      </Suspense>
    </div>
  );
}
