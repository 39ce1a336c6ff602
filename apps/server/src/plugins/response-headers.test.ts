import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createRequestIdGenerator } from './request-id.ts';
import { registerResponseHeaders, secureCookies, securityHeaders } from './response-headers.ts';

async function appWith(production: boolean) {
  const app = Fastify({ logger: false, genReqId: createRequestIdGenerator(), trustProxy: '127.0.0.1' });
  registerResponseHeaders(app, { production });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  app.get('/own-csp', async (_request, reply) =>
    reply.header('content-security-policy', "default-src 'none'").send('x'),
  );
  app.get('/wps/private', async () => ({ token: 'secret' }));
  app.get('/wps/public', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=60').send({}),
  );
  app.get('/cookies', async (_request, reply) =>
    reply.header('set-cookie', 'a=1; Path=/; HttpOnly').header('set-cookie', 'b=2; Secure').send('x'),
  );
  await app.ready();
  return app;
}

describe('response headers', () => {
  it('sends the security policy helmet produced for this site', () => {
    expect(securityHeaders(false)).toEqual({
      'content-security-policy':
        "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';" +
        "frame-ancestors 'self';img-src 'self' data: blob: https:;object-src 'none';script-src 'self';" +
        "script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self';frame-src 'self' https:;" +
        "worker-src 'self';manifest-src 'self'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
  });

  it('adds HSTS only in production', async () => {
    const production = await appWith(true);
    const development = await appWith(false);
    expect((await production.inject({ url: '/ok' })).headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect((await development.inject({ url: '/ok' })).headers['strict-transport-security']).toBeUndefined();
  });

  it('puts the headers and the request id on successes, errors and unknown paths', async () => {
    const app = await appWith(true);
    for (const url of ['/ok', '/fails', '/nowhere']) {
      const res = await app.inject({ url });
      for (const [name, value] of Object.entries(securityHeaders(true)))
        expect(res.headers[name]).toBe(value);
      expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
    }
  });

  it('lets a route replace the policy with its own', async () => {
    const app = await appWith(false);
    expect((await app.inject({ url: '/own-csp' })).headers['content-security-policy']).toBe(
      "default-src 'none'",
    );
  });

  it('keeps API answers out of caches unless the route set its own caching', async () => {
    const app = await appWith(false);
    expect((await app.inject({ url: '/wps/private' })).headers['cache-control']).toBe('no-store');
    expect((await app.inject({ url: '/wps/public' })).headers['cache-control']).toBe('public, max-age=60');
    expect((await app.inject({ url: '/ok' })).headers['cache-control']).toBeUndefined();
  });

  it('marks every cookie Secure when the request came over TLS, directly or through a trusted proxy', async () => {
    expect(secureCookies(['a=1; HttpOnly', 'b=2; secure', 'c=3; Secure; Path=/'])).toEqual([
      'a=1; HttpOnly; Secure',
      'b=2; secure',
      'c=3; Secure; Path=/',
    ]);
    const app = await appWith(false);
    const cookies = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
      app.inject({ url: '/cookies', headers, remoteAddress }).then((res) => res.headers['set-cookie']);
    expect(await cookies({ 'x-forwarded-proto': 'https' })).toEqual([
      'a=1; Path=/; HttpOnly; Secure',
      'b=2; Secure',
    ]);
    expect(await cookies({})).toEqual(['a=1; Path=/; HttpOnly', 'b=2; Secure']);
    // Only a trusted proxy's word counts.
    expect(await cookies({ 'x-forwarded-proto': 'https' }, '203.0.113.1')).toEqual([
      'a=1; Path=/; HttpOnly',
      'b=2; Secure',
    ]);
  });
});
