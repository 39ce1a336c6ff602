import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router.tsx';
import { initI18n, pickLanguage } from './i18n/i18n.ts';
import { ShellProvider } from './shell/shell-state.tsx';
import { loadInitialStatus } from './status/site-status.ts';
import './styles/app.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } },
});

async function start() {
  const status = await loadInitialStatus(queryClient);
  const languages = status?.info.languages ?? { supported: ['EN'], default: 'EN' };
  await initI18n(pickLanguage(languages.supported, languages.default));
  const root = createRoot(document.getElementById('root')!);
  // A transition renders in small slices, so the first render does not block taps for its whole length.
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <ShellProvider>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </ShellProvider>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
  // Not needed for the first paint: loaded once the app is up.
  void import('./app/service-worker.ts').then((m) => m.registerServiceWorker());
}

void start();
