import { describe, expect, it } from 'vitest';
import { verifyAndConsumeSmsCode } from '../src/modules/verification/verification.service.ts';
import { passResendCountdown, registerMember, smsCode } from './support/auth-client.ts';
import { createTestApp, DIALECTS, staffAuth } from './support/test-app.ts';

const EN = { language: 'EN' };

describe.each(DIALECTS)('SMS verification codes on %s', (dialect) => {
  it('sends a code through the outbox with a 60 s resend countdown, stored hashed', async () => {
    const app = await createTestApp(dialect);
    const before = Date.now();
    const res = await app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      payload: { countryDialingCode: '63', mobileNo: '09171234567' },
    });
    expect(res.statusCode).toBe(200);
    const { expirationTime, codeExpiresAt } = res.json().value;
    expect(expirationTime).toBeGreaterThanOrEqual(before + 60_000);
    expect(expirationTime).toBeLessThan(before + 70_000);
    expect(codeExpiresAt).toBeGreaterThan(expirationTime);
    const outbox = (
      await app.inject({ url: '/bo/api/outbox?channel=sms', headers: await staffAuth(app) })
    ).json().value;
    expect(outbox.list[0].recipient).toBe('+639171234567');
    const code = /\b(\d{6})\b/.exec(outbox.list[0].body)![1]!;
    const row = await app.services.db.selectFrom('sms_codes').selectAll().executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain(`"${code}"`);

    const again = await app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      headers: EN,
      payload: { countryDialingCode: '+63', mobileNum: '9171234567' },
    });
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('RATE_LIMITED');
  });

  it('verifies a code once, for its purpose and number only, and kills it after five wrong tries', async () => {
    const app = await createTestApp(dialect);
    const operator = await app.services.settings.defaultOperator();
    const db = app.services.db;
    const code = await smsCode(app, 'register', '+63', '9171234567');
    const check = (over: Partial<Parameters<typeof verifyAndConsumeSmsCode>[1]>) =>
      verifyAndConsumeSmsCode(db, {
        operatorId: operator.id,
        purpose: 'register',
        countryDialingCode: '+63',
        mobileNum: '9171234567',
        code,
        ...over,
      });
    await expect(check({ purpose: 'login' })).rejects.toMatchObject({ code: 'VERIFICATION_CODE_ERROR' });
    await expect(check({ mobileNum: '9171234568' })).rejects.toMatchObject({
      code: 'VERIFICATION_CODE_ERROR',
    });
    await expect(check({ mobileNum: 'abc' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(check({ mobileNum: '09171234567' })).resolves.toMatchObject({ e164: '+639171234567' });
    await expect(check({})).rejects.toMatchObject({ code: 'VERIFICATION_CODE_ERROR' });

    await passResendCountdown(app);
    const next = await smsCode(app, 'register', '+63', '9171234567');
    const wrong = next === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await expect(check({ code: wrong })).rejects.toMatchObject({ status: 400 });
    await expect(check({ code: next })).rejects.toMatchObject({ code: 'VERIFICATION_CODE_ERROR' });

    await passResendCountdown(app);
    const late = await smsCode(app, 'register', '+63', '9171234567');
    await db
      .updateTable('sms_codes')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    await expect(check({ code: late })).rejects.toMatchObject({ code: 'VERIFICATION_CODE_ERROR' });
  });

  it('limits codes per number and per address, asking a busy address for a captcha', async () => {
    const app = await createTestApp(dialect, { TRUSTED_PROXIES: '127.0.0.1' });
    const send = (mobileNum: string, ip: string, extra: object = {}) =>
      app.inject({
        method: 'POST',
        url: '/wps/verification/sms/register',
        headers: { ...EN, 'x-forwarded-for': ip },
        payload: { countryDialingCode: '+63', mobileNum, ...extra },
      });
    // Per number: five an hour, from any address.
    for (let i = 0; i < 5; i++) {
      expect((await send('9171234567', `10.1.0.${i}`)).statusCode).toBe(200);
      await passResendCountdown(app);
    }
    expect((await send('9171234567', '10.1.0.99')).json().code).toBe('RATE_LIMITED');

    // Per address: a few freely, then a captcha each time.
    for (let i = 0; i < 3; i++) expect((await send(`91712300${10 + i}`, '10.2.0.1')).statusCode).toBe(200);
    const busy = await send('9171230020', '10.2.0.1');
    expect(busy.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', captchaRequired: true });
    const operator = await app.services.settings.defaultOperator();
    const { code, captchaKey } = await app.services.captcha.issue(operator.id);
    expect((await send('9171230020', '10.2.0.1', { captcha: code, captchaKey })).statusCode).toBe(200);
  });

  it('sends sign-in codes only to registered numbers, and refuses bad input with fields', async () => {
    const app = await createTestApp(dialect);
    const unknown = await app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      headers: EN,
      payload: { countryDialingCode: '+63', mobileNum: '9170000001' },
    });
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json().message).toBe('Sorry, the user does not exist or is disabled.');
    const bad = await app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      headers: EN,
      payload: { countryDialingCode: 'x', mobileNum: '12ab', purpose: 'steal' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['countryDialingCode', 'mobileNum', 'purpose']);
    const invalid = await app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      headers: EN,
      payload: { countryDialingCode: '+63', mobileNum: '1234567' },
    });
    expect(invalid.json().fields).toEqual({ mobileNum: ['The mobile num is not valid'] });

    await registerMember(app, {});
    await app.services.db
      .updateTable('members')
      .set({ country_dialing_code: '+63', mobile_num: '9170000001' })
      .execute();
    const ok = await app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      payload: { countryDialingCode: '+63', mobileNum: '9170000001', purpose: 'reset-password' },
    });
    expect(ok.statusCode).toBe(200);
    const row = await app.services.db.selectFrom('sms_codes').select('purpose').executeTakeFirstOrThrow();
    expect(row.purpose).toBe('reset-password');
  });
});
