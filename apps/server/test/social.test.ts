import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signTelegramLogin } from '../src/modules/social/telegram-login.ts';
import type { App } from '../src/app.ts';
import { patchSettings } from './support/auth-client.ts';
import { startTestProvider, type TestProvider } from './support/oidc-test-provider.ts';
import { createTestApp, createTestMember, DIALECTS, staffAuth } from './support/test-app.ts';

const BOT_TOKEN = '7000000001:AAHtestBotTokenValue_0123456789abcdef';

let provider: TestProvider;
beforeAll(async () => {
  provider = await startTestProvider();
});
afterAll(() => provider.close());

async function configure(app: App, name: string, body: Record<string, unknown>) {
  return app.inject({
    method: 'PUT',
    url: `/bo/api/social/${name}`,
    headers: await staffAuth(app),
    payload: body,
  });
}

async function googleApp(dialect: 'sqlite' | 'postgres') {
  const app = await createTestApp(dialect);
  await patchSettings(app, { whitelabel: { GOOGLELOGIN3: true } });
  const res = await configure(app, 'google', {
    enabled: true,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    issuer: provider.issuer,
  });
  expect(res.statusCode).toBe(200);
  return app;
}

const redirectCode = (location: string | undefined) => {
  const url = new URL(location ?? '', 'http://site');
  return {
    path: url.pathname,
    oauth: url.searchParams.get('oauth'),
    error: url.searchParams.get('oauthError'),
  };
};

/** Our start → the provider over real HTTP → our callback; returns the callback's redirect. */
async function signIn(app: App, name = 'google', opts: { cookie?: string; query?: string } = {}) {
  const start = await app.inject({ url: `/wps/session/oauth/${name}/start${opts.query ?? ''}` });
  expect(start.statusCode).toBe(302);
  const cookie = /^(ph_oauth=[^;]+)/.exec(String(start.headers['set-cookie']))?.[1];
  const atProvider = await fetch(start.headers.location as string, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get('location')!);
  const callback = await app.inject({
    url: `${back.pathname}${back.search}`,
    headers: { cookie: opts.cookie ?? cookie ?? '' },
  });
  expect(callback.statusCode).toBe(302);
  return { start, back, callback, cookie, ...redirectCode(callback.headers.location) };
}

const exchange = (app: App, code: string) =>
  app.inject({ method: 'POST', url: '/wps/session/oauth/exchange', payload: { code } });

describe.each(DIALECTS)('social sign-in on %s', (dialect) => {
  it('keeps provider credentials write-only, audited without secrets, and lists usable ones in status', async () => {
    const app = await createTestApp(dialect);
    const staff = await staffAuth(app);
    const incomplete = await configure(app, 'google', { enabled: true, clientId: 'abc' });
    expect(incomplete.statusCode).toBe(400);
    expect(Object.keys(incomplete.json().fields)).toEqual(['clientSecret']);
    const wrongField = await configure(app, 'telegram', { clientSecret: 'x' });
    expect(wrongField.statusCode).toBe(400);

    const saved = await configure(app, 'google', {
      enabled: true,
      clientId: 'abc',
      clientSecret: 'top-secret-value',
      issuer: `${provider.issuer}/`,
    });
    expect(saved.json().value).toMatchObject({
      provider: 'google',
      enabled: true,
      configured: true,
      clientId: 'abc',
      hasClientSecret: true,
      issuer: provider.issuer,
    });
    const tg = await configure(app, 'telegram', { enabled: true, botToken: BOT_TOKEN });
    expect(tg.json().value).toMatchObject({ configured: true, hasBotToken: true });

    const list = await app.inject({ url: '/bo/api/social', headers: staff });
    expect(list.json().value.map((p: { provider: string }) => p.provider)).toEqual([
      'google',
      'facebook',
      'oidc',
      'telegram',
    ]);
    const audit = await app.inject({ url: '/bo/api/audit?action=social.update', headers: staff });
    const everything = list.body + saved.body + tg.body + audit.body;
    expect(everything).not.toContain('top-secret-value');
    expect(everything).not.toContain(BOT_TOKEN);
    expect(audit.json().value.list[0].detail).toMatchObject({ botTokenChanged: true });
    const unauthenticated = await app.inject({ url: '/bo/api/social' });
    expect(unauthenticated.statusCode).toBe(401);

    const status = await app.inject({ url: '/wps/system/status' });
    expect(status.json().value.info.socialLogin).toEqual([
      { provider: 'google', displayName: null },
      { provider: 'telegram', displayName: null },
    ]);
    await configure(app, 'telegram', { enabled: false });
    const later = await app.inject({ url: '/wps/system/status' });
    expect(later.json().value.info.socialLogin).toEqual([{ provider: 'google', displayName: null }]);
  });

  it('signs in through a real OpenID provider with PKCE, state and nonce, creating then reusing a member', async () => {
    const app = await googleApp(dialect);
    provider.subject = `google-${dialect}-1`;
    const first = await signIn(app);
    const authorize = new URL(first.start.headers.location as string);
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      'http://localhost:80/wps/session/oauth/google/callback',
    );
    expect(String(first.start.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);
    expect(provider.tokenRequests.at(-1)!.code_verifier).toMatch(/^[\w-]{43,128}$/);

    expect(first.path).toBe('/m/login');
    expect(first.error).toBeNull();
    expect(first.callback.headers.location).not.toMatch(/token/i);
    const login = await exchange(app, first.oauth!);
    expect(login.statusCode).toBe(200);
    const value = login.json().value;
    expect(value).toMatchObject({ type: 0, firstTimeLogin: false });
    expect(value.userName).toMatch(/^gg\d{9}$/);
    const info = await app.inject({
      url: '/wps/member/info',
      headers: { authorization: `Bearer ${value.token}` },
    });
    expect(info.json().value).toMatchObject({
      account: value.userName,
      nickname: `Name of google-${dialect}-1`,
    });
    const member = await app.services.db
      .selectFrom('members')
      .select(['password_hash', 'type'])
      .where('username', '=', value.userName)
      .executeTakeFirstOrThrow();
    expect(member.password_hash).toBeNull();
    const codeRow = await app.services.db
      .selectFrom('social_login_codes')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(codeRow.code_hash).not.toBe(first.oauth);

    // The one-time code works once.
    const replay = await exchange(app, first.oauth!);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('LOGIN_CODE_INVALID');

    const again = await signIn(app);
    expect((await exchange(app, again.oauth!)).json().value.userName).toBe(value.userName);
    provider.subject = `google-${dialect}-2`;
    const other = await signIn(app);
    expect((await exchange(app, other.oauth!)).json().value.userName).not.toBe(value.userName);

    const audit = await app.inject({
      url: '/bo/api/audit?action=member.register',
      headers: await staffAuth(app),
    });
    expect(audit.json().value.list.map((e: { detail: unknown }) => e.detail)).toContainEqual({
      method: 'social',
      provider: 'google',
    });
  });

  it("places a new member who signs up through an agent's link in the agent's team", async () => {
    const app = await googleApp(dialect);
    const agent = await createTestMember(app);
    const made = await app.inject({
      method: 'PUT',
      url: '/bo/api/agents',
      headers: await staffAuth(app),
      payload: { userName: agent.username, type: 1, level: 1 },
    });
    const code = made.json().value.code as string;
    const team = async () =>
      (await app.inject({ url: '/wps/agent/team', headers: { authorization: agent.authorization } })).json()
        .value.list as { userName: string; depth: number }[];

    provider.subject = `google-${dialect}-agent-1`;
    const joined = await signIn(app, 'google', { query: `?affiliateCode=${code.toLowerCase()}` });
    const member = (await exchange(app, joined.oauth!)).json().value.userName as string;
    expect(await team()).toEqual([expect.objectContaining({ userName: member, depth: 1 })]);
    // Signing in again with another code changes nothing: the upline is fixed at sign-up.
    provider.subject = `google-${dialect}-agent-1`;
    await signIn(app, 'google', { query: '?affiliateCode=ZZZZZZZZ' });
    // A code that names no agent never fails a sign-up; that member simply has no upline.
    provider.subject = `google-${dialect}-agent-2`;
    const stray = await signIn(app, 'google', { query: '?affiliateCode=NOSUCH99' });
    expect((await exchange(app, stray.oauth!)).statusCode).toBe(200);
    expect(await team()).toHaveLength(1);
  });

  it('refuses a wrong or replayed state, a foreign browser, a replayed provider code and an expired one-time code', async () => {
    const app = await googleApp(dialect);
    provider.subject = `google-${dialect}-3`;

    const foreign = await signIn(app, 'google', { cookie: 'ph_oauth=someone-else' });
    expect(foreign.error).toBe('OAUTH_STATE_INVALID');

    const start = await app.inject({ url: '/wps/session/oauth/google/start' });
    const cookie = /^(ph_oauth=[^;]+)/.exec(String(start.headers['set-cookie']))![1]!;
    const atProvider = await fetch(start.headers.location as string, { redirect: 'manual' });
    const back = new URL(atProvider.headers.get('location')!);
    const code = back.searchParams.get('code')!;
    const wrong = await app.inject({
      url: `/wps/session/oauth/google/callback?code=${code}&state=not-the-state`,
      headers: { cookie },
    });
    expect(redirectCode(wrong.headers.location).error).toBe('OAUTH_STATE_INVALID');
    const good = await app.inject({ url: `${back.pathname}${back.search}`, headers: { cookie } });
    expect(redirectCode(good.headers.location).oauth).toBeTruthy();
    const replayedState = await app.inject({ url: `${back.pathname}${back.search}`, headers: { cookie } });
    expect(redirectCode(replayedState.headers.location).error).toBe('OAUTH_STATE_INVALID');

    // A provider code used once is refused by the provider when a new attempt replays it.
    const fresh = await app.inject({ url: '/wps/session/oauth/google/start' });
    const freshCookie = /^(ph_oauth=[^;]+)/.exec(String(fresh.headers['set-cookie']))![1]!;
    const freshState = new URL(fresh.headers.location as string).searchParams.get('state')!;
    const replayedCode = await app.inject({
      url: `/wps/session/oauth/google/callback?code=${code}&state=${freshState}`,
      headers: { cookie: freshCookie },
    });
    expect(redirectCode(replayedCode.headers.location).error).toBe('OAUTH_PROVIDER_ERROR');

    const denied = await signIn(app);
    await app.services.db
      .updateTable('social_login_codes')
      .set({ expires_at: Date.now() - 1 })
      .where('used_at', 'is', null)
      .execute();
    const expired = await exchange(app, denied.oauth!);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('LOGIN_CODE_INVALID');
    expect(expired.json().message).toBeTruthy();
    const malformed = await exchange(app, 'short');
    expect(malformed.statusCode).toBe(400);
  });

  it('refuses a provider whose flag is off or that is not configured', async () => {
    const app = await googleApp(dialect);
    await patchSettings(app, { whitelabel: { GOOGLELOGIN3: false, FACEBOOKLOGIN3: true } });
    const off = await app.inject({ url: '/wps/session/oauth/google/start' });
    expect(off.statusCode).toBe(302);
    expect(redirectCode(off.headers.location)).toMatchObject({
      path: '/m/login',
      error: 'SOCIAL_LOGIN_DISABLED',
    });
    const facebook = await app.inject({ url: '/wps/session/oauth/facebook/start' });
    expect(redirectCode(facebook.headers.location).error).toBe('SOCIAL_NOT_CONFIGURED');
    const unknown = await app.inject({ url: '/wps/session/oauth/myspace/start' });
    expect(unknown.statusCode).toBe(400);
    const tg = await app.inject({
      method: 'POST',
      url: '/wps/session/telegram',
      payload: signTelegramLogin({ id: 1, auth_date: Math.floor(Date.now() / 1000) }, BOT_TOKEN),
    });
    expect(tg.statusCode).toBe(403);
    expect(tg.json().code).toBe('SOCIAL_LOGIN_DISABLED');
  });

  it('signs in with plain OAuth 2.0 endpoints (Facebook style) through userinfo', async () => {
    const app = await createTestApp(dialect);
    await patchSettings(app, { whitelabel: { FACEBOOKLOGIN3: true } });
    const res = await configure(app, 'facebook', {
      enabled: true,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      authorizeUrl: `${provider.issuer}/authorize`,
      tokenUrl: `${provider.issuer}/token`,
      userinfoUrl: `${provider.issuer}/me`,
    });
    expect(res.statusCode).toBe(200);
    provider.subject = `fb-${dialect}`;
    const flow = await signIn(app, 'facebook');
    expect(new URL(flow.start.headers.location as string).searchParams.get('nonce')).toBeNull();
    const value = (await exchange(app, flow.oauth!)).json().value;
    expect(value.userName).toMatch(/^fb\d{9}$/);
  });

  it('signs in with any OpenID provider by issuer discovery, shown under its own name without a flag', async () => {
    const app = await createTestApp(dialect);
    const res = await configure(app, 'oidc', {
      enabled: true,
      displayName: 'Acme ID',
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      issuer: provider.issuer,
    });
    expect(res.statusCode).toBe(200);
    const status = await app.inject({ url: '/wps/system/status' });
    expect(status.json().value.info.socialLogin).toEqual([{ provider: 'oidc', displayName: 'Acme ID' }]);
    provider.subject = `acme-${dialect}`;
    const flow = await signIn(app, 'oidc');
    expect((await exchange(app, flow.oauth!)).json().value.userName).toMatch(/^id\d{9}$/);
  });

  it('rate-limits the exchange of one-time codes', async () => {
    const app = await createTestApp(dialect);
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await exchange(app, `x${'0'.repeat(40)}${i}`)).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 400)).toBe(true);
    expect(codes[20]).toBe(429);
  });

  it('signs in with Telegram Login data and refuses a bad hash or a stale auth_date', async () => {
    const app = await createTestApp(dialect);
    await patchSettings(app, { whitelabel: { TELEGRAMLOGIN3: true } });
    await configure(app, 'telegram', { enabled: true, botToken: BOT_TOKEN });
    const nowS = Math.floor(Date.now() / 1000);
    const data = signTelegramLogin(
      { id: 99887766, first_name: 'Tia', username: 'tia', auth_date: nowS },
      BOT_TOKEN,
    );

    const ok = await app.inject({ method: 'POST', url: '/wps/session/telegram', payload: data });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value.userName).toMatch(/^tg\d{9}$/);
    const again = await app.inject({ method: 'POST', url: '/wps/session/telegram', payload: data });
    expect(again.json().value.userName).toBe(ok.json().value.userName);

    const forged = await app.inject({
      method: 'POST',
      url: '/wps/session/telegram',
      headers: { language: 'EN' },
      payload: { ...data, id: 1 },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({
      code: 'TELEGRAM_AUTH_INVALID',
      message: expect.stringMatching(/Telegram/),
    });
    const stale = await app.inject({
      method: 'POST',
      url: '/wps/session/telegram',
      payload: signTelegramLogin({ id: 99887766, first_name: 'Tia', auth_date: nowS - 3600 }, BOT_TOKEN),
    });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().code).toBe('TELEGRAM_AUTH_EXPIRED');

    const start = await app.inject({ url: '/wps/session/telegram/start' });
    const to = new URL(start.headers.location as string);
    expect(to.origin).toBe('https://oauth.telegram.org');
    expect(to.searchParams.get('bot_id')).toBe('7000000001');
    expect(to.searchParams.get('return_to')).toBe('http://localhost:80/m/login');
    expect(start.headers.location).not.toContain(BOT_TOKEN.split(':')[1]);
  });
});
