/** Spec §9 figures the lobby screens use. */
export const LOBBY = {
  pageSize: 36,
  /** Favourites are listed in one page on the search, vendor and home screens. */
  favouritePageSizeSearch: 200,
  favouritePageSizeHome: 100,
  hotInitial: 6,
  winnerLimit: 20,
  /** The winner board scrolls only with more entries than this. */
  winnerLoopAbove: 4,
  bannerAutoplayMs: 4000,
  bannerSpeedMs: 600,
  /** Ticker speed in px per second. */
  tickerPxPerSecond: 40,
  /** The ticker moves this many times a second (spec: 30 fps). */
  tickerFps: 30,
  infiniteTriggerPx: 300,
  loadMoreThrottleMs: 1000,
  searchDebounceMs: 500,
  languageReloadDebounceMs: 250,
  /** Notices a page of the notice list holds. */
  noticePageSize: 20,
  /** A notice is reported read at most once in this long (spec §7). */
  markReadThrottleMs: 150,
  /** Rows each home section shows (spec §2 Home). */
  providerRows: 3,
  slotRows: 1,
  bingoRows: 2,
  fishRows: 2,
  /** Tiles per row of the home grids. */
  perRow: 3,
} as const;

/** Home provider sections (spec §9). */
export const HOME_PROVIDERS = ['JILI', 'FC', 'PGE'] as const;
export const IN_HOUSE_VENDOR = 'BGS';
/** Categories the vendor-logo strip leaves out. */
export const LOGO_STRIP_HIDDEN = ['LOTT', 'ELOTT', 'SPORTS'] as const;
/** Categories whose home sections render nothing. */
export const HOME_SILENT = ['LOTT', 'ELOTT', 'ESPORTS'] as const;

/** The list route of each category, and the game type each list route shows. */
export const LIST_ROUTE_TYPES: Record<string, string> = {
  '/m/live-games': 'LIVE',
  '/m/slot-games': 'RNG',
  '/m/sport-games': 'SPORTS',
  '/m/esports-games': 'ESPORTS',
  '/m/cockfight-games': 'COCKFIGHT',
  '/m/fishing-games': 'FISH',
  '/m/poker-games': 'PVP',
  '/m/lott': 'LOTT',
  '/m/elott': 'ELOTT',
  '/m/inHouse': 'INHOUSE',
  '/m/in-play': 'SPORTS',
};
