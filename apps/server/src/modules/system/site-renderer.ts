import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FirstScreenData, SiteServerBuild } from '@playhouse/contract/site-page';
import type { SystemStatus } from '@playhouse/contract/system';
import { boundedMemo } from '../../lib/bounded-memo.ts';

export interface FirstScreenInput {
  path: string;
  language: string;
  namespaces: readonly string[];
  status: SystemStatus;
  data: FirstScreenData;
  userAgent: string;
}

export interface FirstScreenMarkup {
  /** The user-agent variant it was rendered for. */
  variant: string;
  /** Resource hints React put before the markup; they belong in the page's head. */
  hints: string;
  /** What goes inside `#root`. */
  html: string;
}

/** Renders at most this many distinct first screens at once before older ones are dropped. */
const KEPT_RENDERS = 64;

/**
 * Digests of the data a render depends on, by object: the catalogue and the content services hand
 * out the same objects until they change, so each is serialised once rather than per request.
 */
const digests = new WeakMap<object, string>();
function digestOf(value: object | undefined): string {
  if (!value) return '-';
  let digest = digests.get(value);
  if (!digest) {
    digest = createHash('sha1').update(JSON.stringify(value)).digest('base64url');
    digests.set(value, digest);
  }
  return digest;
}

/**
 * The player site's first screen rendered on the server from the same React tree the browser
 * hydrates. Renders are kept by what they depend on (page, language, user-agent variant, the
 * status without the visitor's address, the first screen's data), so a render costs once per change
 * of those.
 * Without a server build (`vite build --ssr` output beside the site's build) it renders nothing.
 */
export async function loadSiteRenderer(dist: string) {
  const entry = path.join(dist, '..', 'dist-ssr', 'entry-server.js');
  const localesDir = path.join(dist, 'assets');
  if (!existsSync(entry)) return undefined;
  const build = (await import(pathToFileURL(entry).href)) as SiteServerBuild;
  const folder = existsSync(localesDir)
    ? readdirSync(localesDir).find((name) => name.startsWith('locales-'))
    : undefined;
  if (!folder) return undefined;

  const catalogues = boundedMemo<string, Record<string, unknown>>(512);
  const catalogue = (language: string, ns: string) => {
    const key = `${language}/${ns}`;
    let found = catalogues.get(key);
    if (!found) {
      const file = path.join(localesDir, folder, language.toLowerCase(), `${ns}.json`);
      found = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      catalogues.set(key, found);
    }
    return found;
  };

  const renders = boundedMemo<string, Promise<FirstScreenMarkup>>(KEPT_RENDERS);
  return {
    render(input: FirstScreenInput): Promise<FirstScreenMarkup> {
      const variant = build.pageVariant(input.userAgent);
      // The visitor's address is in the status but in no markup: it is left out of the key.
      const shared = { ...input.status, location: { ip: '', country: null } };
      const { announcements, hotGames, jackpot } = input.data;
      const digest = createHash('sha1').update(JSON.stringify(shared)).digest('base64url');
      const data = [announcements, hotGames, jackpot].map(digestOf).join('.');
      const key = `${input.path}|${input.language}|${variant}|${digest}|${data}`;
      let markup = renders.get(key);
      if (!markup) {
        markup = build
          .renderPage({
            path: input.path,
            language: input.language,
            catalogues: Object.fromEntries(input.namespaces.map((ns) => [ns, catalogue(input.language, ns)])),
            status: shared,
            ...input.data,
            userAgent: input.userAgent,
          })
          .then((html) => ({ variant, ...splitHints(html) }));
        // A failed render is not kept: the next request tries again.
        markup.catch(() => renders.delete(key));
        renders.set(key, markup);
      }
      return markup;
    },
  };
}

/** React puts preloads for the images it renders first; the page's head is where they belong. */
function splitHints(html: string): { hints: string; html: string } {
  const hints = /^(?:<link [^>]*\/?>)*/.exec(html)?.[0] ?? '';
  return { hints, html: html.slice(hints.length) };
}
