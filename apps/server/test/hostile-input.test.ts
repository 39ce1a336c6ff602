import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS, type ErrorCode } from '@playhouse/contract/errors';
import { createTranslator } from '@playhouse/i18n/node-catalogue';
import type { App } from '../src/app.ts';
import { login, patchSettings } from './support/auth-client.ts';
import { rawRequest } from './support/raw-http.ts';
import { createTestApp, DIALECTS, staffAuth } from './support/test-app.ts';

const t = createTranslator('common');
const BUILT_IN_KEYS = ['toString', 'constructor', '__proto__', 'valueOf', 'hasOwnProperty', 'prototype'];
/** What the parsers drop (lib/untrusted-input.ts); the other built-in names stay as ordinary keys. */
const DROPPED_FROM_QUERIES = new Set(['__proto__', 'constructor', 'prototype']);

interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/** A failure in the envelope, with the code's own status and a translated message. */
function expectFailure(res: Answer, code: ErrorCode, language = 'EN') {
  expect(res.statusCode, res.body).toBe(ERROR_STATUS[code]);
  expect(String(res.headers['content-type'])).toContain('application/json');
  const body = JSON.parse(res.body) as { success: boolean; code: string; message: string; fields?: object };
  expect(body).toMatchObject({ success: false, code, message: t(language as 'EN', `errors.${code}`) });
  expect(body.message).not.toBe(`errors.${code}`);
  return body;
}

const en = { language: 'EN' };
const fieldMessage = (key: string, language = 'EN') => t(language as 'EN', `validation.${key}`);

describe.each(DIALECTS)('hostile input on %s', (dialect) => {
  let app: App;
  let staff: { authorization: string };
  beforeAll(async () => {
    app = await createTestApp(dialect);
    staff = await staffAuth(app);
  });

  it('reads keys named like object built-ins as data in queries, JSON, form and encrypted bodies', async () => {
    for (const key of BUILT_IN_KEYS) {
      // The staff member's permission is checked before the query is validated (plugins/staff-permissions.ts).
      const query = await app.inject({ url: `/bo/api/outbox?${key}=1`, headers: { ...en, ...staff } });
      if (DROPPED_FROM_QUERIES.has(key)) expect(query.statusCode).toBe(200);
      else
        expect(expectFailure(query, 'VALIDATION_FAILED').fields).toEqual({
          [key]: [fieldMessage('unknownField')],
        });

      const json = await app.inject({
        method: 'POST',
        url: '/bo/api/session',
        headers: { 'content-type': 'application/json', ...en },
        payload: `{"username":"nobody","password":"wrong-password","${key}":1}`,
      });
      if (key === '__proto__') expectFailure(json, 'INVALID_CREDENTIALS');
      else expect(Object.keys(expectFailure(json, 'VALIDATION_FAILED').fields!)).toEqual([key]);

      const form = await app.inject({
        method: 'POST',
        url: '/bo/api/session',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...en },
        payload: `username=nobody&password=wrong-password&${key}=1`,
      });
      if (DROPPED_FROM_QUERIES.has(key)) expectFailure(form, 'INVALID_CREDENTIALS');
      else expect(Object.keys(expectFailure(form, 'VALIDATION_FAILED').fields!)).toEqual([key]);

      const encrypted = await login(app, { username: 'nobody', password: 'wrong-password', [key]: 1 });
      if (key === '__proto__') expect(encrypted.statusCode).toBe(401);
      else expect(Object.keys(expectFailure(encrypted, 'VALIDATION_FAILED').fields!)).toEqual([key]);
    }
  });

  it('drops __proto__ and constructor.prototype wherever they nest, so nothing reaches Object.prototype', async () => {
    const before = Object.getOwnPropertyNames(Object.prototype);
    const patch = await app.inject({
      method: 'PUT',
      url: '/bo/api/settings',
      headers: { ...staff, 'content-type': 'application/json' },
      payload:
        '{"__proto__":{"polluted":1},"whitelabel":{"__proto__":{"polluted":2},"constructor":{"prototype":{"polluted":3}},"toString":true}}',
    });
    expect(patch.statusCode).toBeLessThan(500);
    const encrypted = await login(app, {
      username: 'nobody',
      password: 'wrong-password',
      ['__proto__']: { polluted: 4 },
      captcha: { constructor: { prototype: { polluted: 5 } } },
    });
    expect(encrypted.statusCode).toBeLessThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(before);
    // The settings still read and write.
    const settings = await app.inject({ url: '/bo/api/settings', headers: staff });
    expect(settings.json().value.settings.whitelabel).not.toHaveProperty('polluted');
  });

  it('routes a percent-encoded path through the same hooks as the plain path', async () => {
    const plain = await app.inject({ url: '/wps/member/info', headers: { language: 'FR' } });
    const encoded = await app.inject({ url: '/%77ps/member/info', headers: { language: 'FR' } });
    expectFailure(plain, 'NOT_LOGGED_IN', 'FR');
    expectFailure(encoded, 'NOT_LOGGED_IN', 'FR');
    const status = await app.inject({ url: '/wps/%73ystem/status' });
    expect(status.statusCode).toBe(200);
    expect(status.json().value.info.siteName).toBeTruthy();
    // An unknown API path stays an API 404 however it is spelt, never the site's page or a redirect.
    expectFailure(await app.inject({ url: '/%77ps/no-such-thing', headers: en }), 'NOT_FOUND');
    expectFailure(await app.inject({ url: '/wps/no%2Dsuch%2Dthing', headers: en }), 'NOT_FOUND');
  });

  it('refuses NUL bytes, lone surrogates and broken UTF-8 in every input with a field error', async () => {
    const invalid = fieldMessage('invalidCharacters', 'FR');
    const fr = { language: 'FR' };
    const cases: { name: string; send: () => Promise<Answer>; field: string }[] = [
      {
        name: 'query NUL',
        field: 'recipient',
        send: () => app.inject({ url: '/bo/api/outbox?recipient=a%00b', headers: { ...staff, ...fr } }),
      },
      {
        name: 'query not UTF-8',
        field: 'recipient',
        send: () => app.inject({ url: '/bo/api/outbox?recipient=%FF%FE', headers: { ...staff, ...fr } }),
      },
      {
        name: 'query encoded surrogate',
        field: 'recipient',
        send: () => app.inject({ url: '/bo/api/outbox?recipient=%ED%A0%80', headers: { ...staff, ...fr } }),
      },
      {
        name: 'path parameter NUL',
        field: 'code',
        send: () => app.inject({ url: '/bo/api/vendors/JI%00LI', headers: { ...staff, ...fr } }),
      },
      {
        name: 'path parameter NUL (ledger)',
        field: 'userName',
        send: () => app.inject({ url: '/bo/api/members/a%00/ledger', headers: { ...staff, ...fr } }),
      },
      { name: 'unmatched path NUL', field: 'path', send: () => app.inject({ url: '/m/a%00b', headers: fr }) },
      {
        name: 'header NUL',
        field: 'user-agent',
        send: () =>
          app.inject({
            method: 'POST',
            url: '/bo/api/session',
            headers: { 'user-agent': 'x\u0000y', ...fr },
            payload: { username: 'nobody', password: 'wrong-password' },
          }),
      },
      {
        name: 'header lone surrogate',
        field: 'x-client',
        send: () => app.inject({ url: '/wps/system/status', headers: { 'x-client': 'a\ud800', ...fr } }),
      },
      {
        name: 'JSON NUL',
        field: 'username',
        send: () =>
          app.inject({
            method: 'POST',
            url: '/bo/api/session',
            headers: fr,
            payload: { username: 'ad\u0000min', password: 'wrong-password' },
          }),
      },
      {
        name: 'JSON lone surrogate',
        field: 'password',
        send: () =>
          app.inject({
            method: 'POST',
            url: '/bo/api/session',
            headers: { 'content-type': 'application/json', ...fr },
            payload: '{"username":"nobody","password":"x\\udc00y"}',
          }),
      },
      {
        name: 'JSON raw bytes not UTF-8',
        field: 'body',
        send: () =>
          app.inject({
            method: 'POST',
            url: '/bo/api/session',
            headers: { 'content-type': 'application/json', ...fr },
            payload: Buffer.from([0x7b, 0x22, 0x75, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]),
          }),
      },
      {
        name: 'JSON key NUL',
        field: 'whitelabel',
        send: () =>
          app.inject({
            method: 'PUT',
            url: '/bo/api/settings',
            headers: { ...staff, ...fr },
            payload: { whitelabel: { 'DIRECT\u0000REG3': true } },
          }),
      },
      {
        name: 'form NUL',
        field: 'username',
        send: () =>
          app.inject({
            method: 'POST',
            url: '/bo/api/session',
            headers: { 'content-type': 'application/x-www-form-urlencoded', ...fr },
            payload: 'username=a%00&password=wrong-password',
          }),
      },
      {
        name: 'form not UTF-8',
        field: 'password',
        send: () =>
          app.inject({
            method: 'POST',
            url: '/bo/api/session',
            headers: { 'content-type': 'application/x-www-form-urlencoded', ...fr },
            payload: 'username=nobody&password=%C3%28',
          }),
      },
      {
        name: 'encrypted NUL',
        field: 'username',
        send: () => login(app, { username: 'a\u0000', password: 'wrong-password' }, fr),
      },
      {
        name: 'encrypted lone surrogate',
        field: 'password',
        send: () => login(app, { username: 'nobody', password: '\ud83d' }, fr),
      },
    ];
    for (const { name, send, field } of cases) {
      const body = expectFailure(await send(), 'VALIDATION_FAILED', 'FR');
      expect(body.fields, name).toEqual({ [field]: [invalid] });
    }
    // Nothing half-stored: the settings document is untouched and the server still answers.
    expect(
      (await app.inject({ url: '/bo/api/settings', headers: staff })).json().value.settings.whitelabel,
    ).not.toHaveProperty('DIRECT\u0000REG3');
  });

  it('refuses nesting deeper than the limit before a schema, merge or serialiser recurses', async () => {
    const depth = 10_000;
    const arrays = '['.repeat(depth) + ']'.repeat(depth);
    const objects = '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
    for (const [url, payload] of [
      ['/bo/api/session', arrays],
      ['/bo/api/session', objects],
      ['/bo/api/settings', `{"whitelabel":{"X":${objects}}}`],
    ] as const) {
      const res = await app.inject({
        method: url === '/bo/api/session' ? 'POST' : 'PUT',
        url,
        headers: { ...staff, ...en, 'content-type': 'application/json' },
        payload,
      });
      expect(expectFailure(res, 'VALIDATION_FAILED').fields).toEqual({ body: [fieldMessage('invalid')] });
    }
    // Deep enough to refuse, shallow enough for the client's JSON.stringify.
    const nested: unknown = JSON.parse('['.repeat(1000) + ']'.repeat(1000));
    const encrypted = await login(app, { username: 'nobody', password: nested });
    expect(expectFailure(encrypted, 'VALIDATION_FAILED').fields).toEqual({ body: [fieldMessage('invalid')] });
  });

  it("answers what the router refuses in the envelope and the request's language", async () => {
    const ja = { language: 'JA' };
    expectFailure(await app.inject({ url: '/wps/system/%E0%A4%A', headers: ja }), 'BAD_REQUEST', 'JA');
    expectFailure(await app.inject({ url: '/bo/api/vendors/%zz', headers: ja }), 'BAD_REQUEST', 'JA');
    // A parameter over the router's maxParamLength, and a target over MAX_URL_LENGTH.
    expectFailure(
      await app.inject({ url: `/bo/api/vendors/${'a'.repeat(300)}`, headers: ja }),
      'URI_TOO_LONG',
      'JA',
    );
    expectFailure(
      await app.inject({ url: `/wps/system/status?q=${'a'.repeat(9000)}`, headers: ja }),
      'URI_TOO_LONG',
      'JA',
    );
    // Accept-Language when there is no Language header.
    expectFailure(
      await app.inject({ url: '/wps/system/%E0%A4%A', headers: { 'accept-language': 'ru-RU,ru;q=0.9' } }),
      'BAD_REQUEST',
      'RU',
    );

    for (const method of ['PROPFIND', 'TRACE', 'OPTIONS', 'DELETE'] as const) {
      const res = await app.inject({ method: method as 'GET', url: '/wps/system/status', headers: ja });
      expectFailure(res, 'METHOD_NOT_ALLOWED', 'JA');
      expect(res.headers.allow).toContain('GET');
    }
    const noType = await app.inject({ method: 'QUERY' as 'GET', url: '/wps/system/status', headers: ja });
    expectFailure(noType, 'UNSUPPORTED_MEDIA_TYPE', 'JA');
    const xml = await app.inject({
      method: 'POST',
      url: '/bo/api/session',
      headers: { 'content-type': 'text/xml', ...ja },
      payload: '<a/>',
    });
    expectFailure(xml, 'UNSUPPORTED_MEDIA_TYPE', 'JA');
    const empty = await app.inject({
      method: 'POST',
      url: '/bo/api/session',
      headers: { 'content-type': 'application/json', ...ja },
      payload: '',
    });
    expect(expectFailure(empty, 'VALIDATION_FAILED', 'JA').fields).toEqual({
      body: [fieldMessage('required', 'JA')],
    });
  });

  it('keeps API answers out of caches unless the route chose public caching', async () => {
    expect((await app.inject({ url: '/wps/system/status' })).headers['cache-control']).toBe('no-store');
    expect((await app.inject({ url: '/bo/api/settings', headers: staff })).headers['cache-control']).toBe(
      'no-store',
    );
    expect((await app.inject({ url: '/wps/member/info' })).headers['cache-control']).toBe('no-store');
    expect((await app.inject({ url: '/wps/nowhere' })).headers['cache-control']).toBe('no-store');
    // The lobby's public lists keep their own caching.
    expect((await app.inject({ url: '/wps/system/country' })).headers['cache-control']).toBe(
      'public, max-age=3600',
    );
    // Outside the API nothing changes.
    expect((await app.inject({ url: '/robots.txt' })).headers['cache-control']).toBe('public, max-age=86400');
  });
});

describe.each(DIALECTS)('the HTTP layer of a listening server on %s', (dialect) => {
  let app: App;
  let port: number;
  beforeAll(async () => {
    app = await createTestApp(dialect, { TRUSTED_PROXIES: '127.0.0.1' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });

  const get = (target: string, headers = '') =>
    rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${headers}\r\n`);

  it("answers what Node's HTTP parser refuses in the envelope and the request's language", async () => {
    const longUrl = await get(`/wps/system/status?q=${'a'.repeat(20_000)}`, 'Language: FR\r\n');
    expectFailure(longUrl, 'URI_TOO_LONG', 'FR');
    const bigHeader = await get('/wps/system/status', `Language: FR\r\nX-Padding: ${'b'.repeat(20_000)}\r\n`);
    expectFailure(bigHeader, 'HEADERS_TOO_LARGE', 'FR');
    // Between our limit and Node's: refused by the app, same answer.
    expectFailure(
      await get(`/wps/system/status?q=${'a'.repeat(10_000)}`, 'Language: FR\r\n'),
      'URI_TOO_LONG',
      'FR',
    );

    const refused = [
      'GET /wps/system/status HTTP/1.1\r\nHost: localhost\r\nLanguage: FR\r\nX-Bad: a\u0000b\r\n\r\n',
      'POST /bo/api/session HTTP/1.1\r\nHost: localhost\r\nLanguage: FR\r\nContent-Length: abc\r\n\r\n',
      'POST /bo/api/session HTTP/1.1\r\nHost: localhost\r\nLanguage: FR\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
      'BREW /wps/system/status HTTP/1.1\r\nHost: localhost\r\nLanguage: FR\r\n\r\n',
      'GET /wps/system/status HTTP/9.9\r\nHost: localhost\r\nLanguage: FR\r\n\r\n',
      'hello\r\nLanguage: FR\r\n\r\n',
    ];
    for (const request of refused) expectFailure(await rawRequest(port, request), 'BAD_REQUEST', 'FR');

    const connect = await rawRequest(
      port,
      'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\nLanguage: FR\r\n\r\n',
    );
    expectFailure(connect, 'METHOD_NOT_ALLOWED', 'FR');
    const badEncoding = await get('/wps/%E0%A4%A/status', 'Language: FR\r\n');
    expectFailure(badEncoding, 'BAD_REQUEST', 'FR');
    expect(badEncoding.headers['x-content-type-options']).toBe('nosniff');

    // The server is still there for the next client.
    expect((await get('/healthz')).statusCode).toBe(200);
  });

  it('routes absolute-form, encoded and dot-segment targets through the context hook and the maintenance gate', async () => {
    expectFailure(await get('http://localhost/wps/member/info'), 'NOT_LOGGED_IN', 'TY');
    expect((await get('http://localhost/wps/system/status')).statusCode).toBe(200);
    await patchSettings(app, { status: { maintenance: true } });
    try {
      for (const target of [
        '/wps/member/info',
        'http://localhost/wps/member/info',
        '/%77ps/member/info',
        '/wps/%6Dember/info',
        '/wps/member/info/',
      ])
        expectFailure(await get(target, 'Language: EN\r\n'), 'MAINTENANCE');
      // Dot segments are not resolved by the router: an unknown path, in the envelope.
      expectFailure(await get('/wps/system/../member/info', 'Language: EN\r\n'), 'NOT_FOUND');
      expect((await get('http://localhost/wps/%73ystem/status')).statusCode).toBe(200);
    } finally {
      await patchSettings(app, { status: { maintenance: false } });
    }
  });

  it('adds Secure to cookies when the request came over TLS through a trusted proxy', async () => {
    const callback = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
      app.inject({ url: '/wps/session/oauth/google/callback', headers, remoteAddress });
    const viaProxy = await callback({ 'x-forwarded-proto': 'https' });
    expect(String(viaProxy.headers['set-cookie'])).toMatch(/^ph_oauth=.*; Secure$/);
    const plainHttp = await callback({});
    expect(String(plainHttp.headers['set-cookie'])).not.toMatch(/secure/i);
    // An X-Forwarded-Proto from an address that is not a trusted proxy is not believed.
    const spoofed = await callback({ 'x-forwarded-proto': 'https' }, '10.9.9.9');
    expect(String(spoofed.headers['set-cookie'])).not.toMatch(/secure/i);
    expect(viaProxy.headers['cache-control']).toBe('no-store');
  });
});

describe.each(DIALECTS)('operator-only endpoints in production on %s', (dialect) => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp(dialect, {
      NODE_ENV: 'production',
      INTERNAL_NETWORKS: '10.0.0.0/8,::1',
      SECRETS_KEY: 'a'.repeat(64),
    });
  });

  it('hides /metrics and the API docs from the public, shows them to staff and internal addresses', async () => {
    for (const url of [
      '/metrics',
      '/wps/docs',
      '/wps/docs/json',
      '/wps/docs/static/index.html',
      '/%6detrics',
      '/wps/%64ocs/json',
    ]) {
      expectFailure(await app.inject({ url, remoteAddress: '203.0.113.9' }), 'NOT_FOUND');
      expectFailure(
        await app.inject({
          url,
          remoteAddress: '203.0.113.9',
          headers: { authorization: 'Bearer not-a-real-staff-token-000' },
        }),
        'NOT_FOUND',
      );
    }
    const staff = await staffAuth(app);
    expect(
      (await app.inject({ url: '/metrics', remoteAddress: '203.0.113.9', headers: staff })).statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ url: '/wps/docs/json', remoteAddress: '203.0.113.9', headers: staff })).json()
        .openapi,
    ).toMatch(/^3\./);
    expect((await app.inject({ url: '/metrics', remoteAddress: '10.1.2.3' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/wps/docs/json', remoteAddress: '::ffff:10.1.2.3' })).statusCode).toBe(
      200,
    );
    // Everything else is as public as before.
    expect((await app.inject({ url: '/wps/system/status', remoteAddress: '203.0.113.9' })).statusCode).toBe(
      200,
    );
  });
});
