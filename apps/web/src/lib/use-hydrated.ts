import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React hydrates the page the server rendered, true afterwards and in any render that
 * is not a hydration. What only the browser knows (stored choices, display mode) waits for it, so
 * the browser's first render matches the server's markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
