import { beforeAll, describe, expect, it } from 'vitest';
import type { WhitelabelFlag } from '@playhouse/contract/settings';
import { OFFERED_FLAGS } from '@playhouse/contract/whitelabel-effects';
import type { App } from '../src/app.ts';
import { DIALECTS, createTestApp, createTestMember, staffAuth } from './support/test-app.ts';

/**
 * Flags refused inside a service rather than by a route's `feature`, each with the test that shows
 * the refusal; and the flags that only shape a screen, each with why no API stands behind it.
 */
const ENFORCED_IN_SERVICE: Partial<Record<WhitelabelFlag, string>> = {
  USERNAMEREG3: 'registration.test.ts: REGISTRATION_CLOSED',
  MOBILENUMREG3: 'registration.test.ts: REGISTRATION_CLOSED',
  REGMOBVERF3: 'auth.test.ts: LOGIN_METHOD_DISABLED',
  FACEBOOKLOGIN3: 'social.test.ts and below: SOCIAL_LOGIN_DISABLED',
  GOOGLELOGIN3: 'social.test.ts and below: SOCIAL_LOGIN_DISABLED',
  TELEGRAMLOGIN3: 'social.test.ts: SOCIAL_LOGIN_DISABLED',
  PSWMAIL3: 'password.test.ts: FORBIDDEN',
  PSWPHONE3: 'password.test.ts: FORBIDDEN',
  TRANSUP3: 'agent-contracts.test.ts: TRANSFER_NOT_ALLOWED',
};
const SCREEN_ONLY: Partial<Record<WhitelabelFlag, string>> = {
  DIRECTREG3: "the header's shortcut to the withdraw screen, whose API WITHDRAW3 guards",
  MOBILENUMPASSREG3: 'whether mobile registration asks for a password: a form field, not a feature',
  APPDOWNLOAD3: 'the download page shows public links; nothing to refuse',
};

/**
 * Finding 8 of the money-integrity issue: a switched-off feature was hidden only by the player site.
 * Every flag the back office offers is walked: with it off, each API behind it answers 403
 * FEATURE_DISABLED (or its service's own code); with it on, none does.
 */
describe.each(DIALECTS)('whitelabel flags refuse their APIs (%s)', (dialect) => {
  let app: App;
  let staff: { authorization: string };
  let member: { authorization: string };

  beforeAll(async () => {
    app = await createTestApp(dialect);
    staff = await staffAuth(app);
    member = await createTestMember(app);
  }, 60_000);

  const setFlag = async (flag: WhitelabelFlag, on: boolean) => {
    const res = await app.inject({
      method: 'PUT',
      url: '/bo/api/settings',
      headers: staff,
      payload: { whitelabel: { [flag]: on } },
    });
    expect(res.statusCode).toBe(200);
  };
  const callAsMember = (method: string, url: string) =>
    app.inject({
      method: method as 'GET',
      url: url.replace(/:([A-Za-z]+)/g, '1'),
      headers: member,
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    });

  it('knows how every offered flag is enforced', () => {
    const declared = new Set(app.declaredFeatureRoutes().map((r) => r.feature));
    for (const flag of OFFERED_FLAGS) {
      const ways = [declared.has(flag), flag in ENFORCED_IN_SERVICE, flag in SCREEN_ONLY].filter(Boolean);
      expect(ways, flag).toHaveLength(1);
    }
  });

  it('answers FEATURE_DISABLED on every route of a switched-off flag, and not once it is on', async () => {
    const routes = app.declaredFeatureRoutes().filter((r) => r.method !== 'HEAD');
    const flags = [...new Set(routes.map((r) => r.feature))];
    expect(flags.length).toBeGreaterThanOrEqual(10);
    for (const flag of flags) {
      await setFlag(flag, false);
      for (const r of routes.filter((x) => x.feature === flag)) {
        const res = await callAsMember(r.method, r.url);
        expect(res.statusCode, `${flag} off: ${r.method} ${r.url}`).toBe(403);
        expect(res.json().code, `${flag} off: ${r.method} ${r.url}`).toBe('FEATURE_DISABLED');
      }
      await setFlag(flag, true);
      for (const r of routes.filter((x) => x.feature === flag)) {
        const res = await callAsMember(r.method, r.url);
        const json = String(res.headers['content-type']).startsWith('application/json');
        expect(json ? (res.json().code ?? null) : null, `${flag} on: ${r.method} ${r.url}`).not.toBe(
          'FEATURE_DISABLED',
        );
      }
    }
  });

  it('leaves live chat out of the site status and refuses a social sign-in whose flag is off', async () => {
    await app.inject({
      method: 'PUT',
      url: '/bo/api/settings',
      headers: staff,
      payload: {
        site: { customerService: [{ csType: 'LIVECHAT', title: 'Live chat', url: 'https://chat.example/' }] },
      },
    });
    const types = async () =>
      (
        (await app.inject({ url: '/wps/system/status' })).json().value.info.customerService as {
          csType: string;
        }[]
      ).map((c) => c.csType);
    await setFlag('LIVECHAT3', true);
    expect(await types()).toContain('LIVECHAT');
    await setFlag('LIVECHAT3', false);
    expect(await types()).not.toContain('LIVECHAT');
    await setFlag('GOOGLELOGIN3', false);
    const google = await app.inject({ url: '/wps/session/oauth/google/start' });
    expect(google.headers.location).toContain('SOCIAL_LOGIN_DISABLED');
  });
});
