/**
 * What the player site and the server that sends its page (player-page.ts) agree on. No schema
 * library here: the site imports these values into its first script.
 */
import type { AnnouncementList } from './content.ts';
import type { Game, Jackpot } from './games.ts';
import type { SystemStatus } from './system.ts';

/** The player site's home address. */
export const HOME_PATH = '/m/home';

/** Paths that are the home page under another name. */
export const HOME_ALIASES = ['/', '/m', '/m/', '/m/index', '/m/index.html'];

/** The cookie that mirrors the player's chosen language, so the server can prepare the right strings. */
export const LANGUAGE_COOKIE = 'lang';

/** Catalogue namespaces home renders with beyond every page's: the server preloads and renders with them. */
export const HOME_NAMESPACES = ['lobby'];

/**
 * The global through which the page's loader hands the app the buttons tapped before the app was
 * ready: a function that stops recording and returns them, oldest first.
 */
export const EARLY_TAPS = '__playhouseEarlyTaps';

/** The content types the lobby asks for in one call (MCSFE_getListAnnouncements). */
export const LOBBY_CONTENT_TYPES = 'B,PL,PU,PR,H';

/** The banner group of the home carousel. */
export const HOME_BANNER_GROUP = 'm_game';

/**
 * The data home's first screen shows, as a guest sees it: the lobby's content, the hot list and the
 * jackpot pool. The server renders with it and the page carries it, so the app starts from the same
 * data instead of asking for it and drawing placeholders meanwhile.
 */
export interface FirstScreenData {
  announcements?: AnnouncementList;
  hotGames?: { games: Game[] };
  jackpot?: Jackpot;
}

/** What the page carries for home's first screen: its language and its data. */
export interface FirstScreen extends FirstScreenData {
  language: string;
}

/** What the server asks the site's server build (apps/web/src/entry-server.tsx) to render. */
export interface ServerRenderInput extends FirstScreenData {
  /** The address, e.g. `/m/home`. */
  path: string;
  /** A language code of the site, e.g. `EN`. */
  language: string;
  /** The language's catalogues by namespace. */
  catalogues: Record<string, Record<string, unknown>>;
  status: SystemStatus;
  userAgent: string;
}

/** What the site's server build exports. */
export interface SiteServerBuild {
  /** The markup of `#root` for one page, as a guest sees it. */
  renderPage(input: ServerRenderInput): Promise<string>;
  /** What of a user agent a render depends on: one render is kept per variant. */
  pageVariant(userAgent: string): string;
}
