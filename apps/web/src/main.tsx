// First: the schemas' library must not probe for eval under the page's CSP (see the module).
import '@playhouse/contract/csp-safe-zod';
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

/** How long a kept tap waits for its element to be hydrated before it is carried out anyway. */
const EARLY_TAP_WAIT_MS = 5000;

/**
 * Whether React has taken a server-rendered element over. The root is hydrated before the Suspense
 * boundaries inside it, which follow in passes of their own; React attaches an element's props to
 * it when it hydrates it, and a click before then finds no handler.
 */
const isHydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));

/**
 * Carries out the last button tap made on the server's page before the app had taken it over (the
 * page's loader kept it). Hydration keeps the server's elements, so the tapped one is still there; the
 * tap waits until that element itself is hydrated, outside React's own work.
 */
function replayEarlyTap() {
  const taps = window[EARLY_TAPS]?.();
  const last = taps?.at(-1);
  if (!(last instanceof HTMLElement)) return;
  const since = performance.now();
  const attempt = () => {
    if (!last.isConnected) return;
    if (isHydrated(last) || performance.now() - since > EARLY_TAP_WAIT_MS) last.click();
    else setTimeout(attempt, 16);
  };
  setTimeout(attempt);
}

// The browser offers installing the site once, often before the download screen is opened: kept for it.
window.addEventListener('beforeinstallprompt', (event) => {
  window.__playhouseInstallPrompt = event as NonNullable<Window['__playhouseInstallPrompt']>;
});

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
    // In a transition, hydration runs in slices of a few milliseconds between which the browser
    // handles input and paints, rather than in one task as long as the whole page's hydration.
    startTransition(() => {
      hydrateRoot(
        container,
        <App queryClient={queryClient} Router={BrowserRouter} onMounted={replayEarlyTap} />,
      );
    });
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
  // The live channel (balance, inbox, payments, jackpot pushed): its own chunk, after the first screen.
  void import('./app/live.ts').then((m) => m.startLive(queryClient));
}

void start();
