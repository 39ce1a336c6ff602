import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '@playhouse/contract/errors';
import { encryptCredentials } from '@playhouse/contract/credential-encryption';
import type { App } from '../src/app.ts';
import { rawRequest } from './support/raw-http.ts';
import { createTestApp, createTestMember, DIALECTS, staffAuth } from './support/test-app.ts';

/**
 * Property-based fuzzing of every route the OpenAPI document lists: hostile requests through
 * `app.inject`, then request lines no client library would send over a real socket. Every answer
 * must be something other than a 500, every failure the envelope with a known code, its status and
 * a translated message, and the server must be healthy afterwards. Reproducible: a fixed seed,
 * printed, with FUZZ_SEED, FUZZ_RUNS and FUZZ_RAW_RUNS to explore further.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const RAW_RUNS = Number(process.env.FUZZ_RAW_RUNS ?? 1_000);

/** The part of a JSON schema the generator reads. */
interface Schema {
  type?: string | string[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  oneOf?: Schema[];
}

interface Operation {
  method: string;
  path: string;
  params: Record<string, Schema>;
  query: Record<string, Schema>;
  body: Record<string, Schema>;
  encrypted: boolean;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema?: Schema }[];
        requestBody?: { content?: Record<string, { schema?: Schema }> };
      }
    >
  >;
}

function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const parameters = (where: string) =>
        Object.fromEntries(
          (op.parameters ?? []).filter((p) => p.in === where).map((p) => [p.name, p.schema ?? {}]),
        );
      const body = op.requestBody?.content?.['application/json']?.schema?.properties ?? {};
      const names = Object.keys(body);
      return {
        method: method.toUpperCase(),
        path,
        params: parameters('path'),
        query: parameters('query'),
        body,
        encrypted: names.length === 1 && names[0] === 'data',
      };
    }),
  );
}

// ---- values --------------------------------------------------------------------------------------

const BUILT_IN_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  '__defineGetter__',
];

const NASTY_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '%00',
  '%',
  '%zz',
  '%FF',
  '%ED%A0%80',
  '%C0%AF',
  '..',
  '../../etc/passwd',
  '\\',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '"; DROP TABLE members; --',
  '${7*7}',
  '{{7*7}}',
  '\u202e',
  '\ufeff',
  '😀',
  'İ',
  '\r\n',
  'null',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '9007199254740993',
  '-9223372036854775809',
  '0x10',
  '12.505',
  ' 12.50 ',
  '12,50',
  'true',
  '[]',
  '{}',
  'JILI',
  'google',
  'EN',
  'TY',
  'sms',
  'PENDING',
  '2026-13-45',
  ...BUILT_IN_NAMES,
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const text = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NASTY_TEXT) },
  { weight: 4, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  {
    weight: 2,
    arbitrary: fc.string({
      unit: fc.oneof(fc.constant('\u0000'), loneSurrogate, fc.constantFrom('a', '%', '/', '.', '&', '=')),
      maxLength: 12,
    }),
  },
  // Huge: over the URL limit in a query, near or over the body limit in a body.
  { weight: 1, arbitrary: fc.constantFrom(300, 5_000, 9_000, 40_000, 70_000).map((n) => 'x'.repeat(n)) },
);
const number = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, Number.MIN_VALUE),
);
const key = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...BUILT_IN_NAMES) },
  { weight: 2, arbitrary: fc.string({ maxLength: 8 }) },
  { weight: 1, arbitrary: text },
);
const { value: jsonValue } = fc.letrec<{ value: unknown; array: unknown[]; object: Record<string, unknown> }>(
  (tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      text,
      number,
      fc.boolean(),
      fc.constant(null),
      tie('array'),
      tie('object'),
    ),
    array: fc.array(tie('value'), { maxLength: 4 }),
    object: fc.dictionary(key, tie('value'), { maxKeys: 4 }),
  }),
);

/** Percent-encodes every code unit, lone surrogates as the WTF-8 bytes a hostile client sends. */
function percentEncode(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff)
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    else out += encodeURIComponent(ch);
  }
  return out;
}

/** A query or path part: usually encoded, sometimes raw (broken escapes, bare `&`, `#`). */
const part = fc.oneof(
  { weight: 4, arbitrary: text.map(percentEncode) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '%FF', 'a&b=c', 'a#b', 'a b', '..'),
  },
);

/** A value the schema accepts, roughly: so that part of the traffic gets past validation. */
function plausible(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => plausible(v, depth + 1)));
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const min = Math.max(schema.minimum ?? 0, -1e9);
      const max = Math.min(schema.maximum ?? 1000, min + 1e6);
      return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 2
        ? fc.constant([])
        : fc.array(plausible(schema.items ?? {}, depth + 1), { maxLength: 3 });
    case 'object':
      return depth > 2
        ? fc.constant({})
        : fc.record(
            Object.fromEntries(
              Object.entries(schema.properties ?? {}).map(([k, v]) => [k, plausible(v, depth + 1)]),
            ),
            { requiredKeys: [] },
          );
    case 'string': {
      const minLength = Math.min(schema.minLength ?? 0, 40);
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 24, 40));
      return fc.oneof(
        fc.string({ unit: 'grapheme-ascii', minLength, maxLength }),
        fc.constantFrom(
          '10.00',
          '1',
          'JILI',
          'google',
          'player1',
          'a@example.com',
          '+639170000001',
          '2026-01-01',
        ),
      );
    }
    default:
      return jsonValue;
  }
}

/** The schema's type with hostile content: NUL, lone surrogates, injections, numbers out of range. */
function hostileOfType(schema: Schema): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const wanted = plausible(schema);
  switch (type) {
    case 'string':
      return fc.oneof(
        fc.constantFrom(...NASTY_TEXT),
        wanted.map((v) => `${String(v)}\u0000`),
        wanted.map((v) => `\ud800${String(v)}`),
        wanted.map((v) => `${String(v)}'--`),
      );
    case 'integer':
    case 'number':
      return number;
    case 'boolean':
      return fc.constantFrom('true', 1, 0, 'false', null);
    default:
      return jsonValue;
  }
}

/** A field: what the schema wants, its type with hostile content, or anything at all. */
const field = (schema: Schema) =>
  fc.oneof(
    { weight: 4, arbitrary: plausible(schema) },
    { weight: 2, arbitrary: hostileOfType(schema) },
    { weight: 1, arbitrary: jsonValue },
  );

const PLAUSIBLE_PARAMS = ['1', '2', '999999', 'JILI', 'BGS', 'google', 'telegram', 'player1', 'admin'];

// ---- requests ------------------------------------------------------------------------------------

const DEEP = 10_000;
const RAW_BODIES = [
  '{"broken',
  '',
  'null',
  '"x"',
  '[]',
  '{"a":1,"a":2}',
  '\ufeff{}',
  '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
  '['.repeat(DEEP) + ']'.repeat(DEEP),
  '{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP),
  '{"x":"\\u0000"}',
  '{"x":"\\ud800"}',
];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=utf-16',
  'application/x-www-form-urlencoded',
  'text/plain',
  'application/xml',
  'multipart/form-data; boundary=x',
  'application/vnd.api+json',
  '',
];
const ODD_METHODS = [
  'GET',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'HEAD',
  'OPTIONS',
  'PROPFIND',
  'TRACE',
  'QUERY',
];

interface Injection {
  method: string;
  url: string;
  remoteAddress: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

interface Identities {
  staff: string[];
  members: string[];
  publicKey: string;
}

/** Unusual spellings of a path: encoded letters, case, doubled slashes, dot segments, absolute-form. */
function mutatePath(path: string, kind: number, index: number): string {
  const at = 1 + (index % Math.max(1, path.length - 1));
  switch (kind) {
    case 1: {
      const ch = path[at] ?? 'a';
      return /[A-Za-z0-9]/.test(ch)
        ? `${path.slice(0, at)}%${ch.charCodeAt(0).toString(16)}${path.slice(at + 1)}`
        : path;
    }
    case 2:
      return path.toUpperCase();
    case 3:
      return path.replace('/', '//');
    case 4:
      return path.replace(/\/([^/]+)\//, '/$1/./');
    case 5:
      return path.replace(/\/([^/]+)\//, '/$1/x/../');
    case 6:
      return `${path}/`;
    case 7:
      return `http://localhost${path}`;
    case 8:
      return `${path}${['%', '%zz', '%E0%A4%A', '%00', ';a=b', '%2F..'][index % 6]}`;
    case 9:
      return `${path}/${'p'.repeat(300)}`;
    default:
      return path;
  }
}

/** Usually `usual`, one time in `1 + rare` something else. */
const mostly = <T>(usual: fc.Arbitrary<T>, unusual: fc.Arbitrary<T>, rare = 4) =>
  fc.oneof({ weight: rare, arbitrary: usual }, { weight: 1, arbitrary: unusual });

const commonParts = fc.record({
  method: mostly(fc.constant(null), fc.constantFrom(...ODD_METHODS), 7),
  pathMutation: mostly(fc.constant(0), fc.integer({ min: 1, max: 9 }), 3),
  pathIndex: fc.nat(),
  oddQuery: fc.array(fc.tuple(key.map(percentEncode), part), { maxLength: 3 }),
  repeatQuery: fc.boolean(),
  bodyKind: fc.nat({ max: 20 }),
  extra: mostly(fc.constant<Record<string, unknown>>({}), fc.dictionary(key, jsonValue, { maxKeys: 3 }), 1),
  rawBody: fc.constantFrom(...RAW_BODIES),
  randomValue: jsonValue,
  bytes: fc.uint8Array({ maxLength: 64 }),
  contentType: mostly(fc.constant('application/json'), fc.constantFrom(...CONTENT_TYPES), 5),
  auth: fc.nat({ max: 9 }),
  authIndex: fc.nat(),
  garbage: text,
  language: fc.option(fc.oneof(fc.constantFrom('EN', 'FR', 'AR', 'JA', 'ty', 'pt-BR', 'xx'), text), {
    freq: 2,
  }),
  acceptLanguage: fc.option(fc.oneof(fc.constantFrom('fr-CH, fr;q=0.9, en;q=0.8', '*', 'zz;q=abc'), text), {
    freq: 2,
  }),
  encryption: mostly(fc.constant(null), fc.oneof(text, fc.base64String({ maxLength: 400 })), 3),
  extraHeaders: mostly(
    fc.constant<Record<string, string>>({}),
    fc.dictionary(
      fc.constantFrom(
        'x-request-id',
        'cookie',
        'x-vendor',
        'x-signature',
        'x-forwarded-for',
        'x-forwarded-proto',
        'if-none-match',
        'range',
        'accept-encoding',
        'origin',
        'referer',
        'user-agent',
        'x-http-method-override',
        'content-encoding',
        '__proto__',
      ),
      text,
      { maxKeys: 3 },
    ),
    2,
  ),
  encryptPayload: fc.nat({ max: 4 }),
  // Many clients, so rate limits answer some requests rather than most.
  remoteAddress: fc.oneof(
    fc.constant('127.0.0.1'),
    fc.tuple(fc.nat({ max: 255 }), fc.nat({ max: 255 })).map(([a, b]) => `198.51.${a}.${b}`),
    fc.constantFrom('::1', '::ffff:10.0.0.1', '2001:db8::1'),
  ),
});

/** One operation's hostile requests: its params, query and body fields, spelt well or badly. */
function operationArbitrary(op: Operation, ids: Identities) {
  const params = Object.keys(op.params);
  return fc
    .record({
      params: fc.tuple(
        ...params.map(() => mostly(fc.constantFrom(...PLAUSIBLE_PARAMS), part, 1)),
      ) as fc.Arbitrary<string[]>,
      query: fc.record(
        Object.fromEntries(Object.entries(op.query).map(([name, schema]) => [name, field(schema)])),
        { requiredKeys: [] },
      ),
      body: fc.record(
        Object.fromEntries(Object.entries(op.body).map(([name, schema]) => [name, field(schema)])),
        { requiredKeys: [] },
      ),
      common: commonParts,
    })
    .map(({ params: values, query, body, common: r }) => {
      let i = 0;
      const filled = op.path.replace(/\{[^}]+\}/g, () => values[i++] ?? '1');
      const path = mutatePath(filled, r.pathMutation, r.pathIndex);
      const pairs: [string, string][] = [];
      for (const [name, value] of Object.entries(query)) {
        const values = Array.isArray(value) ? value : [value];
        for (const v of values)
          pairs.push([name, percentEncode(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))]);
        if (r.repeatQuery) pairs.push([name, '1']);
      }
      pairs.push(...r.oddQuery);
      const url = pairs.length ? `${path}?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : path;

      const object: Record<string, unknown> = Object.create(null);
      for (const [k, v] of Object.entries(body)) object[k] = v;
      for (const [k, v] of Object.entries(r.extra)) object[k] = v;
      let payload: string | Buffer;
      let contentType = r.contentType;
      if (r.bodyKind <= 12) payload = JSON.stringify(object);
      else if (r.bodyKind <= 14) payload = JSON.stringify(r.randomValue) ?? 'null';
      else if (r.bodyKind <= 16) payload = r.rawBody;
      else if (r.bodyKind <= 18) {
        contentType = 'application/x-www-form-urlencoded';
        payload = Object.entries(object)
          .map(
            ([k, v]) =>
              `${percentEncode(k)}=${percentEncode(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`,
          )
          .join('&');
      } else if (r.bodyKind <= 19) payload = Buffer.from(r.bytes);
      else payload = JSON.stringify({ data: r.garbage });

      const pick = (list: string[]) => list[r.authIndex % list.length]!;
      const authorization = [
        undefined,
        undefined,
        undefined,
        `Bearer ${pick(ids.staff)}`,
        `Bearer ${pick(ids.staff)}`,
        `Bearer ${pick(ids.members)}`,
        `Bearer ${pick(ids.members)}`,
        `Bearer ${r.garbage}`,
        'Bearer',
        `Basic ${r.garbage}`,
      ][r.auth];
      const headers: Record<string, string> = Object.create(null);
      for (const [name, value] of Object.entries(r.extraHeaders)) headers[name] = value;
      if (authorization) headers.authorization = authorization;
      if (r.language !== null) headers.language = r.language;
      if (r.acceptLanguage !== null) headers['accept-language'] = r.acceptLanguage;
      if (r.encryption !== null) headers.encryption = r.encryption;
      const method = r.method ?? op.method;
      const withBody = method !== 'GET' && method !== 'HEAD';
      if (withBody && contentType) headers['content-type'] = contentType;
      const injection: Injection = {
        method,
        url,
        headers,
        remoteAddress: r.remoteAddress,
        ...(withBody ? { payload } : {}),
      };
      return {
        injection,
        // One request in five to an encrypted endpoint carries a properly encrypted hostile payload.
        encryptedPayload:
          op.encrypted && r.encryptPayload === 0 && withBody ? { type: 'username', ...object } : undefined,
      };
    });
}

function requestArbitrary(operations: Operation[], ids: Identities) {
  return fc.oneof(...operations.map((op) => operationArbitrary(op, ids)));
}

// ---- answers -------------------------------------------------------------------------------------

function decodedBody(raw: Buffer, encoding: unknown): string {
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  if (encoding === 'deflate') return inflateSync(raw).toString('utf8');
  return raw.toString('utf8');
}

/** Why an answer breaks the contract, or undefined when it keeps it. */
function contractBreach(
  method: string,
  status: number,
  contentType: unknown,
  body: string,
): string | undefined {
  if (status === 500) return 'answered 500';
  if (status < 400 || method === 'HEAD') return undefined;
  if (!String(contentType).includes('application/json')) return `error without JSON (${String(contentType)})`;
  let envelope: { success?: unknown; code?: unknown; message?: unknown; fields?: unknown };
  try {
    envelope = JSON.parse(body) as typeof envelope;
  } catch {
    return 'error body is not JSON';
  }
  if (envelope.success !== false) return 'error without success:false';
  if (typeof envelope.code !== 'string' || !(envelope.code in ERROR_STATUS))
    return `unknown code ${String(envelope.code)}`;
  if (ERROR_STATUS[envelope.code as keyof typeof ERROR_STATUS] !== status)
    return `${envelope.code} sent as ${status}`;
  if (typeof envelope.message !== 'string' || !envelope.message || envelope.message.startsWith('errors.'))
    return `untranslated message ${String(envelope.message)}`;
  if (envelope.fields !== undefined) {
    const fields = Object.values(envelope.fields as object) as unknown[];
    if (
      !fields.every(
        (l) => Array.isArray(l) && l.every((m) => typeof m === 'string' && !m.startsWith('validation.')),
      )
    )
      return 'fields are not translated message lists';
  }
  return undefined;
}

const tally = (counts: Map<number, number>) =>
  [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');

async function expectHealthy(app: App) {
  expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
  const status = await app.inject({ url: '/wps/system/status', headers: { language: 'EN' } });
  expect(status.statusCode).toBe(200);
  expect(status.json().success).toBe(true);
  expect((await app.inject({ url: '/wps/system/country' })).json().success).toBe(true);
}

describe.each(DIALECTS)('fuzzing every documented route on %s', (dialect) => {
  let app: App;
  let operations: Operation[];
  let ids: Identities;
  beforeAll(async () => {
    // X-Forwarded-For is believed, so the fuzzer's addresses reach the region gate and rate limits.
    app = await createTestApp(dialect, { TRUSTED_PROXIES: '127.0.0.1' });
    operations = operationsOf(app.swagger() as unknown as OpenApiDocument);
    const staff = [];
    for (let i = 0; i < 3; i++) staff.push((await staffAuth(app)).authorization.slice('Bearer '.length));
    const members = [];
    for (let i = 0; i < 3; i++)
      members.push((await createTestMember(app)).authorization.slice('Bearer '.length));
    const { publicKey } = (await app.inject({ url: '/wps/system/publicKey' })).json().value as {
      publicKey: string;
    };
    ids = { staff, members, publicKey };
  });

  it(`answers ${RUNS} hostile requests through inject with no 500 and every failure in the envelope`, async () => {
    expect(operations.length).toBeGreaterThan(50);
    const prototypeBefore = Object.getOwnPropertyNames(Object.prototype);
    const counts = new Map<number, number>();
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(requestArbitrary(operations, ids), async ({ injection, encryptedPayload }) => {
        let request = injection;
        if (encryptedPayload) {
          const { header, body } = await encryptCredentials(ids.publicKey, encryptedPayload);
          request = {
            ...injection,
            headers: { ...injection.headers, encryption: header, 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          };
        }
        const res = await app.inject(request as InjectOptions);
        counts.set(res.statusCode, (counts.get(res.statusCode) ?? 0) + 1);
        const body = decodedBody(res.rawPayload, res.headers['content-encoding']);
        const breach = contractBreach(
          String(request.method),
          res.statusCode,
          res.headers['content-type'],
          body,
        );
        if (breach)
          throw new Error(
            `${breach}: ${request.method} ${request.url} → ${res.statusCode} ${body.slice(0, 300)}`,
          );
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `fuzz ${dialect}: ${RUNS} inject requests in ${seconds.toFixed(1)} s, seed ${SEED} (FUZZ_SEED), ` +
        `${operations.length} operations; statuses ${tally(counts)}`,
    );
    expect([...counts.values()].reduce((a, b) => a + b, 0)).toBe(RUNS);
    expect(counts.get(500) ?? 0).toBe(0);
    expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(prototypeBefore);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    await expectHealthy(app);
  }, 240_000);

  it(`answers ${RAW_RUNS} raw request lines over a socket with no 500 and every failure in the envelope`, async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const paths = [...new Set(operations.map((op) => op.path.replace(/\{[^}]+\}/g, '1')))];
    const target = fc
      .record({
        path: fc.constantFrom(...paths, '/', '*', '/m/', '/bo/', '/metrics', '/healthz'),
        mutation: fc.nat({ max: 12 }),
        index: fc.nat(),
        query: fc.option(part, { freq: 2 }),
      })
      .map(({ path, mutation, index, query }) => {
        const spelt = mutatePath(path, mutation, index);
        return query === null ? spelt : `${spelt}?q=${query}`;
      });
    const printable = fc.string({ unit: 'grapheme-ascii', maxLength: 30 });
    const requestLine = fc.record({
      method: mostly(
        fc.constantFrom(...ODD_METHODS),
        fc.oneof(
          fc.constantFrom('CONNECT', 'BREW', 'get'),
          fc.string({ unit: 'binary-ascii', maxLength: 6 }),
        ),
      ),
      target,
      version: mostly(fc.constant('HTTP/1.1'), fc.constantFrom('HTTP/1.0', 'HTTP/2.0', 'HTTP/1.1 x', '')),
      headers: fc.array(
        fc.tuple(
          fc.constantFrom(
            'Language',
            'Accept-Language',
            'Authorization',
            'Encryption',
            'X-Forwarded-For',
            'Cookie',
            'Referer',
            'X Bad',
          ),
          mostly(printable, fc.string({ unit: 'binary-ascii', maxLength: 30 })),
        ),
        { maxLength: 3 },
      ),
      body: fc.option(fc.constantFrom(...RAW_BODIES.slice(0, 8)), { freq: 2 }),
    });
    const counts = new Map<number, number>();
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(requestLine, async ({ method, target: url, version, headers, body }) => {
        const lines = [`${method} ${url} ${version}`.trimEnd(), 'Host: localhost', 'Connection: close'];
        for (const [name, value] of headers) lines.push(`${name}: ${value}`);
        if (body !== null)
          lines.push('Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`);
        const res = await rawRequest(port, `${lines.join('\r\n')}\r\n\r\n${body ?? ''}`);
        counts.set(res.statusCode, (counts.get(res.statusCode) ?? 0) + 1);
        const breach = contractBreach(method, res.statusCode, res.headers['content-type'], res.body);
        if (breach)
          throw new Error(
            `${breach}: ${JSON.stringify(lines[0])} → ${res.statusCode} ${res.body.slice(0, 300)}`,
          );
      }),
      { seed: SEED, numRuns: RAW_RUNS, endOnFailure: true },
    );
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `fuzz ${dialect}: ${RAW_RUNS} raw requests in ${seconds.toFixed(1)} s, seed ${SEED}; statuses ${tally(counts)}`,
    );
    expect(counts.get(500) ?? 0).toBe(0);
    await expectHealthy(app);
  }, 120_000);
});
