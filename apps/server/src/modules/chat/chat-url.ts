import type { z } from 'zod';
import type { LaunchChatQuerySchema } from '@playhouse/contract/chat';

/** The player site's chat page. */
export const CHAT_PAGE = '/m/chat';

/**
 * The chat page's address for CBS_launchChat (spec §7): its own page on this site, carrying how the
 * caller wants it shown (header colour, title, template, language) and where "back" goes. `backUrl`
 * is kept only when it is a path on this site's player pages, so the address cannot send anyone
 * elsewhere (no open redirect); `splash=0` as the spec asks.
 */
export function chatUrl(query: z.infer<typeof LaunchChatQuerySchema>, language: string): string {
  const params = new URLSearchParams();
  const back = query.backUrl && sitePath(query.backUrl);
  if (back) params.set('backUrl', withSplashOff(back));
  if (query.headerColor) params.set('headerColor', query.headerColor.replace(/^#?/, '#'));
  if (query.title) params.set('title', query.title);
  params.set('template', query.template ?? 'v2');
  params.set('language', query.language ?? language);
  return `${CHAT_PAGE}?${params.toString()}`;
}

/** The path and query of a player-site address (absolute or not), or undefined for anything else. */
function sitePath(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw, 'http://site.invalid');
  } catch {
    return undefined;
  }
  const relative = !/^[a-z][a-z0-9+.-]*:|^\/\//i.test(raw.trim());
  if (!relative) return undefined;
  if (url.pathname !== '/m' && !url.pathname.startsWith('/m/')) return undefined;
  return url.pathname + url.search;
}

function withSplashOff(path: string): string {
  const url = new URL(path, 'http://site.invalid');
  url.searchParams.set('splash', '0');
  return url.pathname + url.search;
}
