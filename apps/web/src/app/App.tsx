import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { ShellProvider } from '../shell/shell-state.tsx';
import { AppRoutes } from './router.tsx';

/**
 * The whole site inside its providers, the same in the browser and on the server (entry-server.tsx):
 * only the router differs, so the page the server renders is the tree the browser hydrates.
 */
export function App({
  queryClient,
  Router,
  onMounted,
}: {
  queryClient: QueryClient;
  Router: (props: { children: ReactNode }) => ReactNode;
  /** Runs once the tree is on the page (after hydration, when hydrating). */
  onMounted?: () => void;
}) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ShellProvider>
          <Router>
            <AppRoutes />
          </Router>
          {onMounted && <Mounted run={onMounted} />}
        </ShellProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}

function Mounted({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}
