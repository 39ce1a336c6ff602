import i18n from 'i18next';
import { lazy, Suspense } from 'react';
import { HOME_ALIASES, HOME_PATH } from '../app/routes.ts';
import { HomeSkeleton } from '../features/lobby/components/HomeSkeleton.tsx';
import { DownloadBar } from '../shell/DownloadBar.tsx';
import '../features/lobby/lobby.css';

// The lobby is its own chunk, so the first script stays small; its skeleton holds the layout meanwhile.
// On a home address the chunk starts loading with the first script rather than once the app has its
// status and strings, and its strings load alongside it: the lobby's requests, and so the first
// banner (the largest paint), wait for both.
const isHome = !import.meta.env.SSR && [HOME_PATH, ...HOME_ALIASES].includes(window.location.pathname);
const early = isHome ? import('../features/lobby/pages/LobbyHome.tsx') : undefined;
// A failed early load is reported where the page renders (lazy retries the import), not here.
early?.catch(() => undefined);
const LobbyHome = lazy(() => {
  // The server's renders come with their strings.
  if (!import.meta.env.SSR) void i18n.loadNamespaces('lobby');
  return (early ?? Promise.reject(new Error('not preloaded'))).catch(
    () => import('../features/lobby/pages/LobbyHome.tsx'),
  );
});

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
