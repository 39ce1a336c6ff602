import { useSyncExternalStore } from 'react';

/**
 * Whether this tab's live channel is up (app/live.ts). While it is, what the server pushes is not
 * polled for; when it drops, polling and refetch-on-focus take over again until it is back.
 */
let connected = false;
const listeners = new Set<() => void>();

export function setLiveConnected(value: boolean): void {
  if (connected === value) return;
  connected = value;
  for (const listener of listeners) listener();
}

export function isLiveConnected(): boolean {
  return connected;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders when the live channel comes up or goes down. */
export function useLiveConnected(): boolean {
  return useSyncExternalStore(subscribe, isLiveConnected, () => false);
}
