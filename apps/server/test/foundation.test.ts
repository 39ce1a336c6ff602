import { describe, expect, it } from 'vitest';
import { encryptCredentials } from '@playhouse/contract/credential-encryption';
import { z } from 'zod';
import { createTestApp, DIALECTS, staffAuth } from './support/test-app.ts';

describe.each(DIALECTS)('server foundation on %s', (dialect) => {
  it('answers health, metrics, OpenAPI and security headers', async () => {
    const app = await createTestApp(dialect);
    const health = await app.inject({ url: '/healthz' });
    expect(health.json()).toEqual({ status: 'ok' });
    expect(health.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    expect(health.headers['content-security-policy']).toContain("default-src 'self'");

    const traced = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'trace-12345678' } });
    expect(traced.headers['x-request-id']).toBe('trace-12345678');

    const robots = await app.inject({ url: '/robots.txt' });
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toContain('Disallow: /bo/');

    const metrics = await app.inject({ url: '/metrics' });
    expect(metrics.headers['content-type']).toContain('text/plain');
    expect(metrics.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} \d+/,
    );

    const doc = (await app.inject({ url: '/wps/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/wps/system/status', '/bo/api/settings']),
    );
  });

  it('localises errors by Language header, then Accept-Language, then the operator default', async () => {
    const app = await createTestApp(dialect);
    const auth = await staffAuth(app);
    const ask = (headers: Record<string, string>) =>
      app.inject({ url: '/bo/api/settings', headers: { authorization: 'Bearer nope', ...headers } });
    // Only supported languages are honoured; Swahili is not on the demo list, so the default applies.
    await app.inject({
      method: 'PUT',
      url: '/bo/api/settings',
      headers: auth,
      payload: { languages: { supported: ['EN', 'TY'], default: 'EN' } },
    });
    const en = (await ask({ language: 'SW' })).json();
    expect(en.code).toBe('NOT_LOGGED_IN');
    expect(en.message).toBe('Sorry, you are not logged in! please login first.');
    expect((await ask({})).statusCode).toBe(401);
  });

  it('answers every documented endpoint with a 4xx, never a 500, on malformed input', async () => {
    const app = await createTestApp(dialect);
    const auth = await staffAuth(app);
    const doc = (await app.inject({ url: '/wps/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const bodies = [
      '{"broken',
      '[]',
      '{"username":{"$gt":""},"__proto__":{"x":1},"pageNo":"-1"}',
      'null',
      '"x"',
    ];
    const failures: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      const url = path.replace(/\{[^}]+\}/g, 'zz%00') + '?pageNo=abc&pageSize=-5&type=%FF&language=xx';
      for (const method of Object.keys(methods)) {
        for (const headers of [{}, auth]) {
          for (const payload of method === 'get' || method === 'delete' ? [undefined] : bodies) {
            const res = await app.inject({
              method: method.toUpperCase() as 'GET',
              url,
              headers: {
                ...headers,
                ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
              },
              ...(payload !== undefined ? { payload } : {}),
            });
            if (res.statusCode >= 500)
              failures.push(
                `${method} ${path} ${payload ?? ''} → ${res.statusCode} ${res.body.slice(0, 120)}`,
              );
            else if (res.statusCode >= 400)
              expect(res.json()).toMatchObject({
                success: false,
                code: expect.any(String),
                message: expect.any(String),
              });
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('rejects oversized bodies and unknown settings fields with field errors', async () => {
    const app = await createTestApp(dialect);
    const auth = await staffAuth(app);
    const big = await app.inject({
      method: 'POST',
      url: '/bo/api/session',
      payload: { username: 'a', password: 'x'.repeat(70 * 1024) },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('BODY_TOO_LARGE');

    const bad = await app.inject({
      method: 'PUT',
      url: '/bo/api/settings',
      headers: auth,
      payload: {
        status: { maintenance: 'yes', blockedIpRanges: ['300.1.1.1/8'] },
        whitelabel: { NOPE3: true },
      },
    });
    expect(bad.statusCode).toBe(400);
    const body = bad.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.fields)).toEqual(
      expect.arrayContaining(['status.maintenance', 'status.blockedIpRanges.0', 'whitelabel.NOPE3']),
    );
    // Nothing was stored.
    const after = (await app.inject({ url: '/bo/api/settings', headers: auth })).json().value;
    expect(after.version).toBe(1);
  });

  it('requires a staff session for the back office and audits settings changes', async () => {
    const app = await createTestApp(dialect);
    expect((await app.inject({ url: '/bo/api/settings' })).statusCode).toBe(401);
    const wrong = await app.inject({
      method: 'POST',
      url: '/bo/api/session',
      payload: { username: 'admin', password: 'wrong-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');

    const auth = await staffAuth(app);
    const put = await app.inject({
      method: 'PUT',
      url: '/bo/api/settings',
      headers: auth,
      payload: { whitelabel: { DIRECTREG3: false } },
    });
    expect(put.json().value).toMatchObject({
      version: 2,
      settings: { whitelabel: { DIRECTREG3: false, REWCEN3: true } },
    });

    const audit = (await app.inject({ url: '/bo/api/audit', headers: auth })).json().value;
    const actions = audit.list.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['settings.update', 'staff.login', 'staff.login.failed']));
    const change = audit.list.find((e: { action: string }) => e.action === 'settings.update');
    expect(change.detail.patch).toEqual({ whitelabel: { DIRECTREG3: false } });

    await app.inject({ method: 'DELETE', url: '/bo/api/session', headers: auth });
    expect((await app.inject({ url: '/bo/api/settings', headers: auth })).statusCode).toBe(401);
  });

  it('lists outbox messages to staff, newest first, filtered by recipient', async () => {
    const app = await createTestApp(dialect);
    const auth = await staffAuth(app);
    const operator = await app.services.settings.defaultOperator();
    await app.services.outbox.send({
      operatorId: operator.id,
      channel: 'sms',
      recipient: '+639170000001',
      body: 'code 1',
    });
    await app.services.outbox.send({
      operatorId: operator.id,
      channel: 'email',
      recipient: 'a@example.com',
      subject: 'Hi',
      body: 'hello',
    });
    const all = (await app.inject({ url: '/bo/api/outbox', headers: auth })).json().value;
    expect(all.totalCount).toBe(2);
    expect(all.list[0].channel).toBe('email');
    const sms = (await app.inject({ url: '/bo/api/outbox?recipient=%2B639170000001', headers: auth })).json()
      .value;
    expect(sms.list).toHaveLength(1);
    expect(sms.list[0].body).toBe('code 1');
  });

  it('decrypts credentials the browser encrypted with the published key and refuses tampering', async () => {
    const app = await createTestApp(dialect);
    const { publicKey, alg } = (await app.inject({ url: '/wps/system/publicKey' })).json().value;
    expect(alg).toBe('RSA-OAEP-256+A256GCM');
    const schema = z.object({ username: z.string(), password: z.string() }).strict();
    const { header, body } = await encryptCredentials(publicKey, {
      username: 'alice',
      password: 's3cret-pass',
    });
    expect(await app.services.credentials.decrypt(header, body.data, schema)).toEqual({
      username: 'alice',
      password: 's3cret-pass',
    });

    const tampered = Buffer.from(body.data, 'base64');
    tampered[20] = (tampered[20] ?? 0) ^ 1;
    await expect(
      app.services.credentials.decrypt(header, tampered.toString('base64'), schema),
    ).rejects.toThrow('DECRYPTION_FAILED');
    await expect(app.services.credentials.decrypt(undefined, body.data, schema)).rejects.toThrow(
      'ENCRYPTION_REQUIRED',
    );
    const extra = await encryptCredentials(publicKey, { username: 'alice', password: 'x', admin: true });
    await expect(app.services.credentials.decrypt(extra.header, extra.body.data, schema)).rejects.toThrow(
      'VALIDATION_FAILED',
    );
  });

  it('honours X-Forwarded-For only from configured proxies', async () => {
    const trusted = await createTestApp(dialect, { TRUSTED_PROXIES: '10.0.0.1' });
    const fromProxy = await trusted.inject({
      url: '/wps/system/status',
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': '8.8.8.8' },
    });
    expect(fromProxy.json().value.location.ip).toBe('8.8.8.8');
    const spoofed = await trusted.inject({
      url: '/wps/system/status',
      remoteAddress: '10.9.9.9',
      headers: { 'x-forwarded-for': '8.8.8.8' },
    });
    expect(spoofed.json().value.location.ip).toBe('10.9.9.9');
  });

  it('closes member-facing APIs during maintenance but keeps status and the back office open', async () => {
    const app = await createTestApp(dialect);
    const auth = await staffAuth(app);
    await app.inject({
      method: 'PUT',
      url: '/bo/api/settings',
      headers: auth,
      payload: { status: { maintenance: true } },
    });
    const closed = await app.inject({ url: '/wps/member/info' });
    expect(closed.statusCode).toBe(503);
    expect(closed.json().code).toBe('MAINTENANCE');
    expect((await app.inject({ url: '/wps/system/status' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/bo/api/settings', headers: auth })).statusCode).toBe(200);
  });
});
