import type { FastifyInstance } from 'fastify';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A route pattern (`/wps/game/:code`, `/m/*`) as a RegExp over decoded paths, trailing slash optional. */
function patternRegExp(url: string): RegExp {
  const body = url
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => (segment === '*' ? '.*' : segment.includes(':') ? '[^/]+' : escapeRegExp(segment)))
    .join('/');
  return new RegExp(`^${body}/?$`);
}

/**
 * Remembers every route's methods as routes are added, and answers which methods a path the router
 * did not match for this method has (empty: the path is unknown, a 404; else a 405 with `Allow`).
 * Literal paths are a map lookup; only patterns with parameters are tried one by one.
 */
export function trackRouteMethods(app: FastifyInstance): (path: string) => string[] {
  const literal = new Map<string, Set<string>>();
  const patterns = new Map<string, { regExp: RegExp; methods: Set<string> }>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const url = route.url;
    let set: Set<string>;
    if (url.includes(':') || url.includes('*')) {
      let entry = patterns.get(url);
      if (!entry) patterns.set(url, (entry = { regExp: patternRegExp(url), methods: new Set() }));
      set = entry.methods;
    } else {
      const key = url.replace(/\/+$/, '') || '/';
      set = literal.get(key) ?? new Set();
      literal.set(key, set);
    }
    for (const method of methods) set.add(method.toUpperCase());
  });
  return (path) => {
    const allowed = new Set(literal.get(path.replace(/\/+$/, '') || '/'));
    for (const { regExp, methods } of patterns.values())
      if (regExp.test(path)) for (const method of methods) allowed.add(method);
    return [...allowed].sort();
  };
}
