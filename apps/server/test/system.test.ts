import { describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, staffAuth } from './support/test-app.ts';

describe.each(DIALECTS)('system endpoints on %s', (dialect) => {
  it('reports a normal status with the visitor address and site info', async () => {
    const app = await createTestApp(dialect);
    const res = await app.inject({ url: '/wps/system/status', remoteAddress: '8.8.8.8' });
    expect(res.statusCode).toBe(200);
    const { value } = res.json();
    expect(value.status).toBe(0);
    expect(value.location).toEqual({ ip: '8.8.8.8', country: 'US' });
    expect(value.info.whitelabel.DIRECTREG3).toBe(true);
    expect(value.info.languages.default).toBe('TY');
  });

  it('turns maintenance and IP blocking on and off through the back office', async () => {
    const app = await createTestApp(dialect);
    const auth = await staffAuth(app);
    const status = async (ip = '203.0.113.5') =>
      (await app.inject({ url: '/wps/system/status', remoteAddress: ip })).json().value.status;

    let res = await app.inject({
      method: 'PUT',
      url: '/bo/api/settings',
      headers: auth,
      payload: { status: { maintenance: true } },
    });
    expect(res.statusCode).toBe(200);
    expect(await status()).toBe(1);

    await app.inject({
      method: 'PUT',
      url: '/bo/api/settings',
      headers: auth,
      payload: { status: { maintenance: false, blockedIpRanges: ['203.0.113.0/24'] } },
    });
    expect(await status()).toBe(2);
    expect(await status('198.51.100.1')).toBe(0);

    // Maintenance wins over a block.
    await app.inject({
      method: 'PUT',
      url: '/bo/api/settings',
      headers: auth,
      payload: { status: { maintenance: true } },
    });
    expect(await status()).toBe(1);

    res = await app.inject({
      method: 'PUT',
      url: '/bo/api/settings',
      headers: auth,
      payload: { status: { maintenance: false, blockedIpRanges: [] } },
    });
    expect(res.json().value.settings.status.blockedIpRanges).toEqual([]);
    expect(await status()).toBe(0);
  });

  it('serves registration rules, consolidated settings, whitelabel and domains', async () => {
    const app = await createTestApp(dialect);
    const register = (await app.inject({ url: '/wps/system/setting/register' })).json().value;
    expect(register.username).toMatchObject({ enabled: true, required: true });
    expect(register.captcha).toEqual({ enabled: true });
    const consolidated = (await app.inject({ url: '/wps/system/settings/consolidated' })).json().value;
    expect(consolidated).toMatchObject({
      platform: 'MOBILE',
      gateway: { WEB: 1, MOBILE: 3 },
      prizeMode: 'Elott',
    });
    expect(consolidated.prizeModes).toEqual(['Lott', 'ZY', 'Elott']);
    expect((await app.inject({ url: '/wps/system/whitelabel' })).json().value.REWCEN3).toBe(true);
    const domains = (await app.inject({ url: '/wps/system/domainRoute?type=3' })).json().value;
    expect(domains[0]).toHaveProperty('domainName');
  });

  it('lists countries with dialing codes in the request language', async () => {
    const app = await createTestApp(dialect);
    const en = (await app.inject({ url: '/wps/system/country', headers: { language: 'EN' } })).json().value;
    expect(en.find((c: { code: string }) => c.code === 'PH')).toEqual({
      code: 'PH',
      name: 'Philippines',
      dialingCode: '+63',
    });
    const ja = (await app.inject({ url: '/wps/system/country', headers: { language: 'JA' } })).json().value;
    expect(ja.find((c: { code: string }) => c.code === 'PH').name).toBe('フィリピン');
  });
});
