import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App.tsx';
import { initI18n } from './i18n.ts';
import './styles.css';

// The platform console (decision 039): its own page and chunk, above every operator's console.
const PlatformConsole = lazy(() => import('./platform/PlatformConsole.tsx'));
const onPlatform = location.pathname === '/bo/platform' || location.pathname.startsWith('/bo/platform/');

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

void initI18n().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        {onPlatform ? (
          <Suspense fallback={null}>
            <PlatformConsole />
          </Suspense>
        ) : (
          <BrowserRouter basename="/bo">
            <App />
          </BrowserRouter>
        )}
      </QueryClientProvider>
    </StrictMode>,
  );
});
