import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SITE_STATUS, SystemStatus } from '@playhouse/contract/system';
import { apiFetch } from '../lib/api.ts';
import { STORAGE, readJson, writeJson } from '../lib/storage.ts';
import { TIMING } from '../lib/timing.ts';

/** The contract's status codes, kept here so the site does not bundle the schema library. */
export const STATUS_CODE = { NORMAL: 0, MAINTENANCE: 1, BLOCKED: 2 } as const satisfies typeof SITE_STATUS;

export const STATUS_KEY = ['system-status'] as const;

function fetchStatus(): Promise<SystemStatus> {
  return apiFetch<SystemStatus>('/wps/system/status');
}

declare global {
  interface Window {
    /** The status request the page's inline boot script starts on a first visit, before this script has loaded. */
    __playhouseStatus?: Promise<Response>;
  }
}

/** The request the boot script started, if it succeeded; else a fresh one. */
async function firstStatus(): Promise<SystemStatus> {
  const early = window.__playhouseStatus;
  window.__playhouseStatus = undefined;
  const res = await early?.catch(() => undefined);
  if (res?.ok) {
    const envelope = (await res.json()) as { success: boolean; value?: SystemStatus };
    if (envelope.success && envelope.value) return envelope.value;
  }
  return fetchStatus();
}

/**
 * The status to start with: the cached copy at once (refreshed in the background after the first
 * render), or the server's answer on a first visit, which goes into the query cache as fresh so the
 * app does not ask for it again straight away.
 */
export async function loadInitialStatus(queryClient: QueryClient): Promise<SystemStatus | undefined> {
  const cached = readJson<SystemStatus>(STORAGE.status);
  if (cached?.info) return cached;
  try {
    const fresh = await firstStatus();
    writeJson(STORAGE.status, fresh);
    queryClient.setQueryData(STATUS_KEY, fresh);
    return fresh;
  } catch {
    return undefined;
  }
}

/** Site status: cached locally, applied at once, refreshed in the background every 15 s. */
export function useSiteStatus(): SystemStatus | undefined {
  const { data } = useQuery({
    queryKey: STATUS_KEY,
    queryFn: fetchStatus,
    initialData: () => readJson<SystemStatus>(STORAGE.status),
    initialDataUpdatedAt: 0,
    refetchInterval: TIMING.statusRefreshMs,
    refetchOnWindowFocus: true,
    retry: false,
  });
  useEffect(() => {
    if (data) writeJson(STORAGE.status, data);
  }, [data]);
  return data;
}
