import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Jackpot } from '@playhouse/contract/games';
import type { OperatorSettings } from '@playhouse/contract/settings';
import { findLanguage, matchLanguage, parseAcceptLanguage } from '@playhouse/contract/languages';
import {
  EARLY_TAPS,
  HOME_BANNER_GROUP,
  HOME_NAMESPACES,
  HOME_PATH,
  LANGUAGE_COOKIE,
  LOBBY_CONTENT_TYPES,
  type FirstScreen,
  type FirstScreenData,
} from '@playhouse/contract/site-page';
import { now } from '../../lib/clock.ts';
import { AppError } from '../../lib/app-error.ts';
import { sharedBytes, type SharedBody } from '../../lib/shared-body.ts';
import { contentSecurityPolicy } from '../../plugins/response-headers.ts';
import { loadSiteRenderer, type FirstScreenMarkup } from './site-renderer.ts';
import { siteStatus } from './system.routes.ts';

/** The player site's namespaces every page needs before its first render. */
const PAGE_NAMESPACES = ['common', 'web'];
/**
 * How old the jackpot figure home's page starts from may be. The pool moves with every stake; a
 * figure per request would make every page a new render. The app asks for the pool as soon as it
 * runs and counts up to it, so the page's figure is only where the counter starts.
 */
const PAGE_JACKPOT_MS = 10_000;
/** The home page's first screen, as the build's manifest names it. */
const HOME_ENTRY = 'src/features/lobby/pages/LobbyHome.tsx';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

interface BuiltSite {
  /** index.html with its entry stylesheet inlined. */
  index: string;
  /** `/m/assets/locales-<hash>`: where the build published the catalogues. */
  localesBase?: string;
  /** Home's first-screen chunk and the chunks it imports, entry excluded. */
  homeModules: string[];
}

function readBuiltSite(dist: string, base: string): BuiltSite | undefined {
  const indexFile = path.join(dist, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const assets = path.join(dist, 'assets');
  const locales = existsSync(assets)
    ? readdirSync(assets).find((name) => name.startsWith('locales-'))
    : undefined;
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  const homeModules: string[] = [];
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
    const home = manifest[HOME_ENTRY];
    if (home) {
      const deps = (home.imports ?? []).map((key) => manifest[key]).filter((c) => c && !c.isEntry);
      for (const chunk of [home, ...deps]) if (chunk) homeModules.push(`${base}${chunk.file}`);
    }
  }
  // The entry stylesheet goes into the page, so nothing holds up the first paint but the page itself.
  const index = readFileSync(indexFile, 'utf8').replace(
    /<link rel="stylesheet"[^>]*href="([^"]+\.css)"[^>]*>/g,
    (link, href: string) => {
      const file = path.join(dist, href.slice(base.length));
      if (!href.startsWith(base) || !existsSync(file)) return link;
      const css = readFileSync(file, 'utf8');
      return css.includes('</') ? link : `<style>${css}</style>`;
    },
  );
  return {
    index,
    ...(locales ? { localesBase: `${base}assets/${locales}` } : {}),
    homeModules,
  };
}

/** A page as sent: its bytes and the Content Security Policy that allows exactly its inline scripts. */
export interface RenderedPage {
  body: SharedBody;
  csp: string;
}

/** A value for a double-quoted HTML attribute. */
export const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** JSON that is safe inside a script element: nothing in it can close the element or open a comment. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The page's root element and what it holds before the app renders (the splash). */
const ROOT = /(<div id="root">)[\s\S]*?(<\/div>)/;

/**
 * The page's opening `<html>` tag for markup rendered in `language`: its language and reading
 * direction, and `data-ssr`, which tells the app (and the boot script) what the server rendered.
 */
function withRenderedRoot(head: string, language: string): string {
  const found = findLanguage(language);
  return head.replace(/<html([^>]*)>/, (_tag, attributes: string) => {
    const rest = attributes.replace(/\s(?:lang|dir)="[^"]*"/g, '');
    return `<html lang="${attribute(found?.tag ?? 'en')}" dir="${found?.dir ?? 'ltr'}"${rest} data-ssr="${attribute(language)}">`;
  });
}

const MODULE_TAGS =
  /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>|<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

/**
 * For pages that carry their first screen: the head without the app's module tags, and an inline
 * loader that adds them once that screen has been painted. Such a page does not need the app to
 * show itself, so the first frame is not shared with the app's downloads.
 */
function deferredModules(head: string, homeModules: readonly string[]) {
  const scripts: string[] = [];
  const preloads: string[] = [];
  const without = head.replace(MODULE_TAGS, (_tag, script?: string, preload?: string) => {
    if (script) scripts.push(script);
    if (preload) preloads.push(preload);
    return '';
  });
  // Taps on buttons before the app is ready would do nothing: the loader keeps them (and starts the
  // app at once); the app carries out the last one when it has taken the page over (main.tsx).
  const loaderSource =
    `(function(d,w){var m=${scriptJson([...preloads, ...homeModules])},s=${scriptJson(scripts)},started=false,taps=[];` +
    'function load(){if(started)return;started=true;' +
    "m.forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.href=h;d.head.appendChild(l)});" +
    "s.forEach(function(h){var e=d.createElement('script');e.type='module';e.src=h;d.head.appendChild(e)})}" +
    'function early(e){var t=e.target instanceof Element&&e.target.closest(\'button,[role="button"],summary\');' +
    "if(!t||!d.getElementById('root').contains(t))return;e.preventDefault();e.stopPropagation();taps.push(t);load()}" +
    "d.addEventListener('click',early,true);" +
    `w.${EARLY_TAPS}=function(){d.removeEventListener('click',early,true);return taps.splice(0)};` +
    // After the first paint; the timer alone where frames are not drawn (a tab opened in the background).
    'requestAnimationFrame(function(){setTimeout(load)});setTimeout(load,1500)})(document,window)';
  return { head: without, loaderSource, loader: `<script>${loaderSource}</script>` };
}

const scriptHash = (source: string) => createHash('sha256').update(source).digest('base64');

/** Script elements the browser runs (not data blocks such as `application/json`), with their text. */
const INLINE_SCRIPTS = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi;
const RUNS = /^\s*$|\stype\s*=\s*["']?(?:module|text\/javascript|application\/javascript)["']?/i;

/** The text of every inline script the browser would run in `html`, in page order. */
export function inlineScripts(html: string): string[] {
  const found: string[] = [];
  for (const [, attributes = '', source = ''] of html.matchAll(INLINE_SCRIPTS)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    if (!RUNS.test(attributes) && /\stype\s*=/i.test(attributes)) continue;
    found.push(source);
  }
  return found;
}

/**
 * The page's Content Security Policy: its own inline scripts allowed by their hashes, computed from
 * the very bytes it sends. Whatever puts a script into a page (the build, the loader, React's
 * server render in any language), the policy follows; a hash list kept elsewhere would not.
 */
export function pagePolicy(html: string): string {
  return contentSecurityPolicy([...new Set(inlineScripts(html).map(scriptHash))]);
}

/** The language cookie's value, if the request carries one. */
export function cookieLanguage(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, value] = part.split('=');
    if (name?.trim() === LANGUAGE_COOKIE) return value?.trim().toUpperCase() || undefined;
  }
  return undefined;
}

/**
 * The player site's page for one request. The built index.html gets what its first screen would
 * otherwise find out one request after another: preloads for the strings of the language the site
 * will pick (the player's cookie, else the browser's languages, as the site itself decides) and, on
 * home, the first screen's script, the first banner's image and the lobby's content for guests, so
 * the largest paint does not wait on a chain of round trips. Nothing here is needed: the site asks
 * for anything missing or for another language itself.
 */
export function createPlayerPage(app: FastifyInstance, dist: string, base = '/m/') {
  const site = readBuiltSite(dist, base);
  if (!site) return undefined;
  // What the page gets goes at the end of its head (a page without one gets it at its end).
  const found = site.index.indexOf('</head>');
  const headEnd = found < 0 ? site.index.length : found;
  const head = site.index.slice(0, headEnd);
  const rest = site.index.slice(headEnd);
  const rendered = deferredModules(head, site.homeModules);
  const renderer = loadSiteRenderer(dist).catch((error: unknown) => {
    app.log.error({ err: error }, "the player site's server build could not be loaded");
    return undefined;
  });

  /** Home's first screen rendered here, for a guest whose site is open; undefined when not. */
  const firstScreenMarkup = async (
    request: FastifyRequest,
    pathname: string,
    language: string,
    operatorId: number,
    settings: OperatorSettings,
    data: FirstScreenData,
  ): Promise<FirstScreenMarkup | undefined> => {
    const site = await renderer;
    if (!site) return undefined;
    const status = await siteStatus(app, request.ip, operatorId, settings);
    // A closed site shows its status screen, which the app renders from the status it fetches.
    if (status.status !== 0) return undefined;
    try {
      return await site.render({
        path: pathname,
        language,
        namespaces: [...PAGE_NAMESPACES, ...HOME_NAMESPACES],
        status,
        data,
        userAgent: request.headers['user-agent'] ?? '',
      });
    } catch (error) {
      // The page works without it: the app renders the first screen itself.
      request.log.error({ err: error }, 'rendering the first screen failed');
      return undefined;
    }
  };

  const jackpots = new Map<number, { at: number; jackpot: Jackpot }>();
  const pageJackpot = async (operatorId: number, currency: string): Promise<Jackpot> => {
    const kept = jackpots.get(operatorId);
    if (kept && kept.jackpot.currency === currency && now() - kept.at < PAGE_JACKPOT_MS) return kept.jackpot;
    const jackpot = await app.services.jackpot.get(operatorId, currency);
    jackpots.set(operatorId, { at: now(), jackpot });
    return jackpot;
  };

  const build = async (request: FastifyRequest, pathname: string): Promise<{ key: string; text: string }> => {
    const { settings: service, content, catalogue: games, operators } = app.services;
    // The operator the host names (decision 039); an unknown host gets the site-unavailable page.
    const operator = await operators.resolve(request.host);
    if (!operator || operator.status !== 'active') throw new AppError('SITE_UNAVAILABLE');
    const { settings } = await service.get(operator.id);
    const supported = settings.languages.supported;
    const chosen = cookieLanguage(request.headers.cookie);
    const language =
      chosen && supported.some((code) => code === chosen)
        ? chosen
        : (matchLanguage(parseAcceptLanguage(request.headers['accept-language']), supported) ??
          settings.languages.default);
    // Home's other names are redirected before a page is built (app.ts).
    const isHome = pathname === HOME_PATH;

    const links: string[] = [];
    const catalogue = (ns: string) =>
      `<link rel="preload" as="fetch" crossorigin href="${attribute(`${site.localesBase}/${language.toLowerCase()}/${ns}.json`)}">`;
    if (site.localesBase) links.push(...PAGE_NAMESPACES.map(catalogue));
    if (!isHome) return { key: `${operator.id}|${language}|page`, text: head + links.join('') + rest };

    if (site.localesBase) links.push(...HOME_NAMESPACES.map(catalogue));
    const modules = site.homeModules.map((file) => `<link rel="modulepreload" href="${attribute(file)}">`);
    // Each part is optional: the site asks for anything the page does not carry.
    const optional = <T>(what: string, read: Promise<T>) =>
      read.catch((error: unknown) => {
        request.log.warn({ err: error }, `home ${what} for the page failed`);
        return undefined;
      });
    const [announcements, hotGames, jackpot] = await Promise.all([
      optional('content', content.list(operator.id, { types: LOBBY_CONTENT_TYPES, language }, undefined)),
      optional('hot games', games.hotGames(operator.id)),
      optional('jackpot', pageJackpot(operator.id, settings.site.currency)),
    ]);
    if (!announcements)
      return {
        key: `${operator.id}|${language}|page`,
        text: head + links.join('') + modules.join('') + rest,
      };
    const banner = announcements.banners.find((b) => b.groupName === HOME_BANNER_GROUP);
    if (banner?.url)
      links.push(`<link rel="preload" as="image" fetchpriority="high" href="${attribute(banner.url)}">`);
    const data: FirstScreenData = {
      announcements,
      ...(hotGames ? { hotGames } : {}),
      ...(jackpot ? { jackpot } : {}),
    };
    const firstScreen: FirstScreen = { language, ...data };
    links.push(`<script type="application/json" id="first-screen">${scriptJson(firstScreen)}</script>`);
    const markup = await firstScreenMarkup(request, pathname, language, operator.id, settings, data);
    if (!markup)
      return {
        key: `${operator.id}|${language}|home`,
        text: head + modules.join('') + links.join('') + rest,
      };
    // The page shows its first screen by itself; the app's modules load once it has been painted.
    return {
      key: `${operator.id}|${language}|home|${markup.variant}`,
      text:
        withRenderedRoot(rendered.head, language) +
        links.join('') +
        markup.hints +
        rest.replace(ROOT, `$1${markup.html}$2`).replace('</body>', `${rendered.loader}</body>`),
    };
  };

  // The last page of each kind and language: most requests get the same bytes, compressed once, and
  // the same policy, hashed once.
  const recent = new Map<string, RenderedPage & { text: string }>();
  const render = async (request: FastifyRequest, pathname: string): Promise<RenderedPage> => {
    const { key, text } = await build(request, pathname);
    const known = recent.get(key);
    if (known?.text === text) return known;
    const page = { text, body: sharedBytes(Buffer.from(text)), csp: pagePolicy(text) };
    recent.set(key, page);
    return page;
  };
  return { render };
}
