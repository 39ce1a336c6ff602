import { createContext, useContext, useMemo } from 'react';
import { detectPlatform, type Platform } from './platform.ts';
import { useHydrated } from './use-hydrated.ts';

/** The visitor's user agent when the server renders the page; the browser reads its own. */
export const UserAgentContext = createContext<string | undefined>(undefined);

/**
 * The platform as this render may know it. The server knows the user agent only, so while the
 * browser hydrates the server's page it reads the platform the same way (not launched from the home
 * screen); after that, everything it knows.
 */
export function usePlatform(): Platform {
  const serverAgent = useContext(UserAgentContext);
  const hydrated = useHydrated();
  return useMemo(
    () =>
      serverAgent === undefined
        ? detectPlatform(undefined, hydrated ? undefined : false)
        : detectPlatform(serverAgent, false),
    [serverAgent, hydrated],
  );
}
