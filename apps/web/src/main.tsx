import { QueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { EARLY_TAPS, HOME_NAMESPACES } from '@playhouse/contract/site-page';
import { App } from './app/App.tsx';
import { initI18n, pickLanguage } from './i18n/i18n.ts';
import { currentSession } from './lib/api.ts';
import { loadInitialStatus } from './status/site-status.ts';
import './styles/app.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } },
});

declare global {
  interface Window {
    [EARLY_TAPS]?: () => Element[];
  }
}

/**
 * Carries out the last button tap made on the server's page before the app had taken it over (the
 * page's loader kept it). Hydration keeps the server's elements, so the tapped one is still there.
 */
function replayEarlyTap() {
  const taps = window[EARLY_TAPS]?.();
  const last = taps?.at(-1);
  if (last instanceof HTMLElement && last.isConnected) last.click();
}

async function start() {
  const status = await loadInitialStatus(queryClient);
  const languages = status?.info.languages ?? { supported: ['EN'], default: 'EN' };
  const language = pickLanguage(languages.supported, languages.default);
  await initI18n(language);
  const container = document.getElementById('root')!;
  // The server renders a page as a guest sees it in the language it expects (player-page.ts). That
  // page is hydrated as it stands; a member's, or one in another language, is rendered afresh (the
  // boot script has hidden the server's markup meanwhile).
  const rendered = document.documentElement.dataset.ssr;
  if (rendered === language && !currentSession()) {
    // Home's strings were rendered in; their request started with the page (preloaded).
    await i18n.loadNamespaces(HOME_NAMESPACES);
    // The boot script hides the page for a stored language other than the server's; when that language
    // is no longer offered, the app uses the server's after all, and the page is shown as it is.
    delete document.documentElement.dataset.ssrStale;
    hydrateRoot(
      container,
      <App queryClient={queryClient} Router={BrowserRouter} onMounted={replayEarlyTap} />,
    );
  } else {
    // Nothing could be tapped on the hidden page; stop the loader watching for taps.
    window[EARLY_TAPS]?.();
    if (rendered) container.replaceChildren();
    delete document.documentElement.dataset.ssr;
    delete document.documentElement.dataset.ssrStale;
    const root = createRoot(container);
    // A transition renders in small slices, so the first render does not block taps for its whole length.
    startTransition(() => root.render(<App queryClient={queryClient} Router={BrowserRouter} />));
  }
  // Not needed for the first paint: loaded once the app is up.
  void import('./app/service-worker.ts').then((m) => m.registerServiceWorker());
}

void start();
