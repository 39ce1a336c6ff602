import type { FastifyRequest } from 'fastify';

/** Path prefixes of the JSON APIs: player site, bet records, back office, in-house games, draw games. */
export const API_PREFIXES: readonly string[] = ['/wps/', '/lgw/', '/bo/api/', '/play/api/', '/lotto/'];

export const isApiPath = (path: string): boolean => API_PREFIXES.some((p) => path.startsWith(p));

const ABSOLUTE_FORM = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i;

/**
 * The path and query of a request target, resolved the way the router resolves it: an absolute-form
 * target (`GET http://host/wps/…`) loses its scheme and host, and the path is percent-decoded with
 * `decodeURI` (which, like the router, keeps `%2F` and the other reserved characters encoded).
 * `search` is the raw query with its `?`, or ''.
 */
export function requestTarget(url: string): { path: string; search: string } {
  const origin = url.replace(ABSOLUTE_FORM, '');
  const target = origin === '' || origin.startsWith('?') ? `/${origin}` : origin;
  const end = target.search(/[?#]/);
  const raw = end === -1 ? target : target.slice(0, end);
  const search = end === -1 || target[end] === '#' ? '' : target.slice(end).replace(/#.*$/s, '');
  let path = raw;
  try {
    path = decodeURI(raw);
  } catch {
    // The router refuses what does not decode (FST_ERR_BAD_URL) before a hook could ask.
  }
  return { path, search };
}

/**
 * The path every hook decides on: the pattern of the route the router matched (`/wps/game/:code`),
 * else the request target's decoded path. Never `request.url` itself, which still holds what the
 * client sent: `/%77ps/member/info` and `GET http://host/wps/member/info` reach `/wps/member/info`.
 */
export function routedPath(request: FastifyRequest): string {
  return request.routeOptions.url ?? requestTarget(request.url).path;
}
