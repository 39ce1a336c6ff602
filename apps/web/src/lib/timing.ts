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

/**
 * How long a message needs on screen to be read: 1.5 s to notice it and 300 ms a word (about 200
 * words a minute), a word counted as a space-separated run or, in scripts without spaces (Chinese,
 * Japanese, Thai: runs of more than ten characters), three characters; at most 20 s. A 30-word
 * limit message stays about 10 s.
 */
export function readingMs(message: string): number {
  const words = message.trim().split(/\s+/).filter(Boolean).length;
  const chars = [...message.replace(/\s+/g, '')].length;
  const units = chars / Math.max(1, words) > 10 ? Math.ceil(chars / 3) : words;
  return Math.min(20_000, 1500 + 300 * units);
}

export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}
