/** The player site's home address, shared by the site's router and the server that serves its page. */
export const HOME_PATH = '/m/home';

/** Paths that are the home page under another name. */
export const HOME_ALIASES = ['/', '/m', '/m/', '/m/index', '/m/index.html'];

/** The cookie that mirrors the player's chosen language, so the server can prepare the right strings. */
export const LANGUAGE_COOKIE = 'lang';
