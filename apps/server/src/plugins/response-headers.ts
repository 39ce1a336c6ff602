import type { FastifyInstance } from 'fastify';
import { isApiPath } from '../lib/request-path.ts';

/** Content Security Policy of every response; routes with their own policy (API docs) replace it. */
const CSP_DIRECTIVES: readonly (readonly [string, string])[] = [
  ['default-src', "'self'"],
  ['base-uri', "'self'"],
  ['font-src', "'self' https: data:"],
  ['form-action', "'self'"],
  ['frame-ancestors', "'self'"],
  ['img-src', "'self' data: blob: https:"],
  ['object-src', "'none'"],
  ['script-src', "'self'"],
  ['script-src-attr', "'none'"],
  ['style-src', "'self' 'unsafe-inline'"],
  ['connect-src', "'self'"],
  ['frame-src', "'self' https:"],
  ['worker-src', "'self'"],
  ['manifest-src', "'self'"],
];

/** The policy, optionally allowing inline scripts by their hashes (the player site's page). */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  return CSP_DIRECTIVES.map(([name, value]) =>
    name === 'script-src' && scriptHashes.length
      ? `${name} ${value} ${scriptHashes.map((h) => `'sha256-${h}'`).join(' ')}`
      : `${name} ${value}`,
  ).join(';');
}

/**
 * The security headers of every response (the set helmet produced for this policy, decision 008):
 * built once, so a request pays for copying them and nothing else. HSTS only in production, where
 * the site is served over HTTPS.
 */
export function securityHeaders(production: boolean): Readonly<Record<string, string>> {
  return {
    'content-security-policy': contentSecurityPolicy(),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    ...(production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/** `Set-Cookie` values with `Secure` added where missing. */
export function secureCookies(cookies: string | string[]): string[] {
  return (Array.isArray(cookies) ? cookies : [cookies]).map((cookie) =>
    /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`,
  );
}

/**
 * Puts the security headers and `x-request-id` on every response that passes the hooks, errors and
 * 404s included, in one synchronous hook. They are set before the handler runs, so a route can
 * still replace one (the API docs send their own CSP).
 *
 * API responses carry tokens and personal data: they are `no-store` unless the route sets its own
 * caching (public lists, game art), and errors always are (plugins/errors.ts). Cookies set over
 * TLS, seen directly or through a trusted proxy's X-Forwarded-Proto, are `Secure`.
 */
export function registerResponseHeaders(app: FastifyInstance, options: { production: boolean }) {
  const headers = Object.entries(securityHeaders(options.production));
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headers) reply.header(name, value);
    reply.header('x-request-id', request.id);
    const route = request.routeOptions.url;
    if (route !== undefined && isApiPath(route)) reply.header('cache-control', 'no-store');
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const cookies = reply.getHeader('set-cookie');
    if (cookies !== undefined && request.protocol === 'https') {
      // reply.header appends Set-Cookie values; the old ones go first.
      reply.removeHeader('set-cookie');
      reply.header('set-cookie', secureCookies(cookies as string | string[]));
    }
    done(null, payload);
  });
}
