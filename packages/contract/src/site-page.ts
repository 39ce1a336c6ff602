/**
 * What the player site and the server that sends its page (player-page.ts) agree on. No schema
 * library here: the site imports these values into its first script.
 */
import type { AnnouncementList } from './content.ts';

/** The player site's home address. */
export const HOME_PATH = '/m/home';

/** Paths that are the home page under another name. */
export const HOME_ALIASES = ['/', '/m', '/m/', '/m/index', '/m/index.html'];

/** The cookie that mirrors the player's chosen language, so the server can prepare the right strings. */
export const LANGUAGE_COOKIE = 'lang';

/** The content types the lobby asks for in one call (MCSFE_getListAnnouncements). */
export const LOBBY_CONTENT_TYPES = 'B,PL,PU,PR,H';

/** The banner group of the home carousel. */
export const HOME_BANNER_GROUP = 'm_game';

/** What the page carries for home's first screen: its language and a guest's lobby content. */
export interface FirstScreen {
  language: string;
  announcements?: AnnouncementList;
}
