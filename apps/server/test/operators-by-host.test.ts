import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { createOperatorDirectory } from '../src/modules/operators/operator-directory.ts';
import { setOperatorStatus } from '../src/modules/operators/operators.repository.ts';
import { GOOD_PASSWORD, login, registerMember } from './support/auth-client.ts';
import { createBrand, registerOn, type Brand } from './support/brands.ts';
import { DIALECTS, createTestApp, staffAuth } from './support/test-app.ts';

/**
 * Many operators on one platform (issue 30, decision 039): a request is served as the operator its
 * host names; an unknown host is nobody's; a new operator serves at once, without a restart.
 */
describe.each(DIALECTS)('operator by host (%s)', (dialect) => {
  let app: App;
  let brand: Brand;
  let owner: { authorization: string };

  beforeAll(async () => {
    app = await createTestApp(dialect);
    owner = await staffAuth(app);
    brand = await createBrand(app, { name: 'Lucky Test', currency: 'USD' });
  }, 120_000);

  const consolidated = async (host?: string) =>
    app.inject({ url: '/wps/system/settings/consolidated', headers: host ? { host } : {} });
  const siteName = async (host?: string) =>
    (await app.inject({ url: '/wps/system/status', headers: host ? { host } : {} })).json().value?.info
      ?.siteName as string | undefined;

  it('serves each host as its operator: its name, money and languages', async () => {
    const a = await consolidated();
    const b = await consolidated(brand.host);
    const bPort = await consolidated(`${brand.host.toUpperCase()}:8443`);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().value).toMatchObject({ currency: 'PHP' });
    expect(b.json().value).toMatchObject({
      currency: 'USD',
      languages: { supported: ['EN', 'TH'], default: 'EN' },
    });
    expect(bPort.json().value).toEqual(b.json().value);
    expect(await siteName()).toBe('Playhouse');
    expect(await siteName(brand.host)).toBe('Lucky Test');
  });

  it('answers SITE_UNAVAILABLE on a host no operator names, in the visitor language', async () => {
    const res = await app.inject({
      url: '/wps/system/settings/consolidated',
      headers: { host: 'nobody.example.test', 'accept-language': 'th' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'SITE_UNAVAILABLE' });
    expect(res.json().message).toBe('ไม่สามารถใช้งานเว็บไซต์นี้ที่ที่อยู่นี้');
    const bo = await app.inject({
      method: 'POST',
      url: '/bo/api/session',
      headers: { host: 'nobody.example.test' },
      payload: { username: 'admin', password: 'whatever-it-is' },
    });
    expect(bo.json().code).toBe('SITE_UNAVAILABLE');
  });

  it('keeps an account of one brand out of the other: sign-in, tokens and staff', async () => {
    const onA = await registerMember(app);
    const onB = await registerOn(app, brand.host, brand.id);
    // Same name and password on the other brand: no such member there.
    const crossLogin = await login(
      app,
      { username: onA.username, password: GOOD_PASSWORD },
      { host: brand.host },
    );
    expect(crossLogin.statusCode).toBe(401);
    expect(crossLogin.json().code).toBe('INVALID_CREDENTIALS');
    const backLogin = await login(app, { username: onB.username, password: GOOD_PASSWORD });
    expect(backLogin.json().code).toBe('INVALID_CREDENTIALS');
    expect(
      (await login(app, { username: onB.username, password: GOOD_PASSWORD }, { host: brand.host }))
        .statusCode,
    ).toBe(200);
    // A token works only on its own brand's host.
    const info = (authorization: string, host?: string) =>
      app.inject({ url: '/wps/member/info', headers: { authorization, ...(host ? { host } : {}) } });
    expect((await info(`Bearer ${onA.token}`)).statusCode).toBe(200);
    expect((await info(`Bearer ${onA.token}`, brand.host)).statusCode).toBe(401);
    expect((await info(onB.authorization, brand.host)).json().value.account).toBe(onB.username);
    expect((await info(onB.authorization)).statusCode).toBe(401);
    // Staff likewise: the demo owner's token is refused on the other brand's back office.
    const staffOnB = await app.inject({ url: '/bo/api/session', headers: { ...owner, host: brand.host } });
    expect(staffOnB.statusCode).toBe(403);
    const ownStaff = await app.inject({
      url: '/bo/api/settings',
      headers: { ...brand.owner, host: brand.host },
    });
    expect(ownStaff.json().value.settings.site.name).toBe('Lucky Test');
    const wrongHost = await app.inject({ url: '/bo/api/settings', headers: brand.owner });
    expect(wrongHost.statusCode).toBe(403);
  });

  it('refuses a domain another operator already serves', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/bo/api/settings',
      headers: { ...owner, language: 'en' },
      payload: { site: { domains: [{ domainName: brand.host, rootDomainName: 'example.test' }] } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields['site.domains']).toEqual(['Another operator already uses this domain']);
  });

  it('serves a new operator on its domain at once, and stops serving a suspended one', async () => {
    const host = `fresh${dialect}.example.test`;
    expect((await consolidated(host)).json().code).toBe('SITE_UNAVAILABLE');
    const fresh = await createBrand(app, { host, name: 'Fresh Brand' });
    expect(await siteName(host)).toBe('Fresh Brand');
    await setOperatorStatus(app.services.db, fresh.id, 'suspended');
    app.services.operators.changed(fresh.id);
    expect((await consolidated(host)).json().code).toBe('SITE_UNAVAILABLE');
    await setOperatorStatus(app.services.db, fresh.id, 'active');
    app.services.operators.changed(fresh.id);
    expect((await consolidated(host)).statusCode).toBe(200);
  });

  it('moves a domain between operators when their settings change, without a restart', async () => {
    const moved = `moved${dialect}.example.test`;
    expect((await consolidated(moved)).json().code).toBe('SITE_UNAVAILABLE');
    const res = await app.inject({
      method: 'PUT',
      url: '/bo/api/settings',
      headers: { ...brand.owner, host: brand.host },
      payload: { site: { domains: [{ domainName: moved, rootDomainName: 'example.test' }] } },
    });
    expect(res.statusCode).toBe(200);
    expect(await siteName(moved)).toBe('Lucky Test');
  });

  it('outside development a loopback host is nobody’s once there are two operators', async () => {
    const production = createOperatorDirectory(
      app.services.db,
      app.services.settings,
      { publish: () => undefined, subscribe: () => undefined },
      { loopbackIsDefault: false, backOfficeHost: 'admin.example.test' },
    );
    // `localhost` is a domain of the demo operator's settings; the address is no one's.
    expect(await production.resolve('127.0.0.1:8080')).toBeUndefined();
    expect(await production.resolve('[::1]')).toBeUndefined();
    expect((await production.resolve(brand.host))?.id).toBe(brand.id);
    expect((await production.resolve('admin.example.test'))?.code).toBe('demo');
    const development = createOperatorDirectory(
      app.services.db,
      app.services.settings,
      { publish: () => undefined, subscribe: () => undefined },
      { loopbackIsDefault: true },
    );
    expect((await development.resolve('127.0.0.1:80'))?.code).toBe('demo');
    expect((await development.resolve('[::1]:8080'))?.code).toBe('demo');
    expect(await development.resolve('elsewhere.example.test')).toBeUndefined();
  });
});
