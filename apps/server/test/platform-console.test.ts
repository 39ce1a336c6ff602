import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { totpCode, totpStep } from '../src/lib/totp.ts';
import { DIALECTS, createTestApp, staffAuth } from './support/test-app.ts';

const OWNER_PASSWORD = 'platform-owner-pass-1';

/**
 * The platform console (issue 30, decision 039): a platform owner signs in with a password and an
 * authenticator code (enrolled at the first sign-in), makes an operator that serves on its domain at
 * once, sees every operator's totals, and suspends and resumes one; every change is audited.
 */
describe.each(DIALECTS)('platform console (%s)', (dialect) => {
  let app: App;
  let token = '';
  let secret = '';
  beforeAll(async () => {
    app = await createTestApp(dialect, { PLATFORM_OWNER_PASSWORD: OWNER_PASSWORD });
  }, 60_000);

  const call = (method: string, url: string, auth?: string, payload?: object, host?: string) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: {
        language: 'EN',
        ...(auth ? { authorization: `Bearer ${auth}` } : {}),
        ...(host ? { host } : {}),
      },
      ...(payload ? { payload } : {}),
    });

  it('enrols an authenticator at the first sign-in and asks for its code from then on', async () => {
    const first = await call('POST', '/platform/api/session', undefined, {
      username: 'platform',
      password: OWNER_PASSWORD,
    });
    expect(first.statusCode).toBe(200);
    const { enrolment, token: enrolToken } = first.json().value;
    expect(enrolment.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    secret = enrolment.secret;
    // The enrolment session reaches nothing but the confirmation.
    expect((await call('GET', '/platform/api/operators', enrolToken)).statusCode).toBe(401);
    const wrong = await call('POST', '/platform/api/session/2fa', enrolToken, { code: '000000' });
    expect(wrong.json().code).toBe('TWO_FACTOR_CODE_INVALID');
    const step = totpStep(Date.now());
    const confirmed = await call('POST', '/platform/api/session/2fa', enrolToken, {
      code: totpCode(secret, step),
    });
    expect(confirmed.statusCode).toBe(200);
    token = confirmed.json().value.token;
    expect((await call('GET', '/platform/api/operators', token)).statusCode).toBe(200);
    // From now on the password alone is not enough, and a used code is not taken twice.
    const noCode = await call('POST', '/platform/api/session', undefined, {
      username: 'platform',
      password: OWNER_PASSWORD,
    });
    expect(noCode.json().code).toBe('TWO_FACTOR_CHALLENGE_INVALID');
    const replay = await call('POST', '/platform/api/session', undefined, {
      username: 'platform',
      password: OWNER_PASSWORD,
      code: totpCode(secret, step),
    });
    expect(replay.json().code).toBe('TWO_FACTOR_CODE_INVALID');
    const next = await call('POST', '/platform/api/session', undefined, {
      username: 'platform',
      password: OWNER_PASSWORD,
      code: totpCode(secret, step + 1),
    });
    expect(next.statusCode).toBe(200);
    const badPassword = await call('POST', '/platform/api/session', undefined, {
      username: 'platform',
      password: 'not-it-at-all',
    });
    expect(badPassword.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('keeps operators’ staff out of the console and the console out of operators’ back offices', async () => {
    const staff = (await staffAuth(app)).authorization.slice('Bearer '.length);
    expect((await call('GET', '/platform/api/operators', staff)).statusCode).toBe(401);
    expect((await call('GET', '/platform/api/operators')).statusCode).toBe(401);
    expect((await call('GET', '/bo/api/settings', token)).statusCode).toBe(401);
  });

  it('makes an operator that serves on its domain at once, lists totals, and suspends and resumes it', async () => {
    const host = `north${dialect}.example.test`;
    const made = await call('POST', '/platform/api/operators', token, {
      code: `north${dialect}`,
      name: 'North Star',
      currency: 'EUR',
      languages: { supported: ['EN', 'FR'], default: 'FR' },
      domains: [host],
      owner: { username: 'boss', password: 'north-owner-pass-1' },
    });
    expect(made.statusCode).toBe(200);
    const id = made.json().value.id as number;
    const status = await call('GET', '/wps/system/status', undefined, undefined, host);
    expect(status.json().value.info).toMatchObject({ siteName: 'North Star', currency: 'EUR' });
    const owner = await call(
      'POST',
      '/bo/api/session',
      undefined,
      { username: 'boss', password: 'north-owner-pass-1' },
      host,
    );
    expect(owner.statusCode).toBe(200);
    // The same code or domain again is refused.
    const again = await call('POST', '/platform/api/operators', token, {
      code: `north${dialect}`,
      name: 'Copy',
      currency: 'EUR',
      languages: { supported: ['EN'], default: 'EN' },
      domains: [host],
      owner: { username: 'boss', password: 'north-owner-pass-1' },
    });
    expect(again.statusCode).toBe(400);

    const list = (await call('GET', '/platform/api/operators', token)).json().value as {
      id: number;
      code: string;
      status: string;
      currency: string;
      members: number;
      deposits: { total: string };
    }[];
    expect(list.map((o) => o.code)).toEqual(['demo', `north${dialect}`]);
    expect(list[1]).toMatchObject({
      id,
      status: 'active',
      currency: 'EUR',
      members: 0,
      deposits: { total: '0.00' },
    });

    const suspended = await call('PUT', `/platform/api/operators/${id}/status`, token, {
      status: 'suspended',
    });
    expect(suspended.json().value).toEqual({ id, status: 'suspended' });
    expect((await call('GET', '/wps/system/status', undefined, undefined, host)).json().code).toBe(
      'SITE_UNAVAILABLE',
    );
    await call('PUT', `/platform/api/operators/${id}/status`, token, { status: 'active' });
    expect((await call('GET', '/wps/system/status', undefined, undefined, host)).statusCode).toBe(200);
    expect(
      (await call('PUT', '/platform/api/operators/99999/status', token, { status: 'active' })).statusCode,
    ).toBe(404);

    const audit = await app.services.db
      .selectFrom('audit_log')
      .select(['action', 'actor_type'])
      .where('operator_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audit.filter((a) => a.actor_type === 'platform').map((a) => a.action)).toEqual([
      'platform.operator.created',
      'platform.operator.suspended',
      'platform.operator.resumed',
    ]);
  });
});
