/** Durations and limits of spec §9 that the shell uses. */
export const TIMING = {
  statusRefreshMs: 15_000,
  languageReloadDebounceMs: 250,
  revalidateDebounceMs: 200,
  searchDebounceMs: 500,
  pageTransitionMs: 300,
  loaderDelayMs: 200,
  swWaitingReportMs: 200,
  swUpdateIntervalMs: 60_000,
  swipeBackPx: 100,
  /** Unread counters are asked at most this often. */
  unreadThrottleMs: 250,
} as const;

/** Toast durations (spec §9). */
export const TOAST_MS = {
  short: 3000,
  long: 8000,
  info: 2000,
  offline: 2000,
  success: 1500,
  loadingList: 10_000,
  loadingLong: 9999,
} as const;

export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}
