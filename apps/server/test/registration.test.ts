import { describe, expect, it } from 'vitest';
import {
  GOOD_PASSWORD,
  login,
  newUsername,
  patchSettings,
  register,
  registerMember,
  smsCode,
  solvedCaptcha,
} from './support/auth-client.ts';
import { createTestApp, createTestMember, DIALECTS, staffAuth } from './support/test-app.ts';

const base = () => ({ username: newUsername(), password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD });
const thisYear = new Date().getUTCFullYear();

describe.each(DIALECTS)('registration on %s', (dialect) => {
  it('registers by username, signs the member in and audits it', async () => {
    const app = await createTestApp(dialect);
    const body = { ...base(), email: 'ana@example.com', birthday: '1990-05-17', registerMethod: 'PWA' };
    const res = await register(app, {
      ...body,
      username: body.username.toUpperCase(),
      ...(await solvedCaptcha(app)),
    });
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({ userName: body.username, type: 0, firstTimeLogin: false });
    const info = await app.inject({
      url: '/wps/member/info',
      headers: { authorization: `Bearer ${v.token}` },
    });
    expect(info.json().value).toMatchObject({ account: body.username, type: 0, toUpline: false });
    expect(info.json().value.regDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const row = await app.services.db
      .selectFrom('members')
      .selectAll()
      .where('username', '=', body.username)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: 'ana@example.com', birthday: '1990-05-17', register_method: 'PWA' });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const audit = await app.inject({
      url: '/bo/api/audit?action=member.register',
      headers: await staffAuth(app),
    });
    expect(audit.json().value.list[0].target).toBe(body.username);
  });

  it('reports every broken field at once, with the spec texts', async () => {
    const app = await createTestApp(dialect);
    const res = await register(app, {
      username: '1bad name',
      password: 'short',
      confirmPassword: 'different',
      email: 'not-an-email',
      birthday: `${thisYear - 10}-01-01`,
    });
    expect(res.statusCode).toBe(400);
    const { code, fields } = res.json();
    expect(code).toBe('VALIDATION_FAILED');
    expect(fields.username).toContain('Account format is incorrect');
    expect(fields.password).toContain('Enter at least 8 characters');
    expect(fields.password).toContain('Password format is incorrect');
    expect(fields.confirmPassword).toEqual(['Confirmation password not matched']);
    expect(fields.email).toEqual(['E-mail format is incorrect']);
    expect(fields.birthday).toEqual(['You must be at least 18 years old']);

    const more = await register(app, { ...base(), birthday: '1899-12-31' });
    expect(more.json().fields.birthday).toEqual([`Enter a date between 1900-01-01 and ${thisYear}-12-31`]);
    expect((await register(app, { ...base(), birthday: '1990-02-30' })).json().fields.birthday).toEqual([
      'The format is not valid',
    ]);
    const missing = await register(app, {});
    expect(Object.keys(missing.json().fields).sort()).toEqual(['confirmPassword', 'password', 'username']);
    expect(missing.json().fields.username).toEqual(['This field is required']);
    const unknown = await register(app, { ...base(), isAdmin: true });
    expect(unknown.json().fields.isAdmin).toEqual(['This field is not accepted']);
  });

  it('refuses common passwords and passwords equal to the username', async () => {
    const app = await createTestApp(dialect);
    const common = await register(app, { ...base(), password: 'password1', confirmPassword: 'password1' });
    expect(common.json().fields.password).toEqual(['This password is too common. Choose a harder one']);
    const same = await register(app, {
      username: 'mike12345',
      password: 'Mike12345',
      confirmPassword: 'Mike12345',
    });
    expect(same.json().fields.password).toContain('The password must not be the same as the username');
  });

  it('follows the operator rules: required, lengths and patterns of enabled fields', async () => {
    const app = await createTestApp(dialect);
    await patchSettings(app, {
      register: {
        captcha: { enabled: false },
        nickname: { enabled: true, required: true, minLength: 2, maxLength: 5, patternId: 'name' },
        qqNum: { enabled: true, required: false, minLength: 5, maxLength: 12, patternId: 'digits' },
      },
    });
    const res = await register(app, { ...base(), nickname: 'Bartholomew', qqNum: '12ab' });
    expect(res.json().fields).toEqual({
      nickname: ['Enter at most 5 characters'],
      qqNum: ['Enter at least 5 characters', 'The format is not valid'],
    });
    expect((await register(app, { ...base() })).json().fields.nickname).toEqual(['This field is required']);
    const ok = await register(app, { ...base(), nickname: 'Ana', qqNum: '' });
    expect(ok.statusCode).toBe(200);
    // Disabled fields are not stored even when sent.
    await patchSettings(app, { register: { nickname: { enabled: false } } });
    const b = base();
    expect((await register(app, { ...b, nickname: 'Zed' })).statusCode).toBe(200);
    const row = await app.services.db
      .selectFrom('members')
      .select('nickname')
      .where('username', '=', b.username)
      .executeTakeFirstOrThrow();
    expect(row.nickname).toBeNull();
  });

  it('needs a right, fresh captcha when captcha is on', async () => {
    const app = await createTestApp(dialect);
    const none = await register(app, base());
    expect(none.json()).toMatchObject({
      code: 'CAPTCHA_REQUIRED',
      captchaRequired: true,
      message: 'Enter a captcha',
    });
    const c = await solvedCaptcha(app);
    const wrong = await register(app, {
      ...base(),
      captchaKey: c.captchaKey,
      captcha: c.captcha === '12345' ? '54321' : '12345',
    });
    expect(wrong.json().code).toBe('CAPTCHA_INVALID');
    expect((await register(app, { ...base(), ...c })).json().code).toBe('CAPTCHA_INVALID');
    expect((await register(app, { ...base(), ...(await solvedCaptcha(app)) })).statusCode).toBe(200);
  });

  it('refuses a taken username whatever its case, and checks availability', async () => {
    const app = await createTestApp(dialect);
    await patchSettings(app, { register: { captcha: { enabled: false } } });
    const first = await registerMember(app);
    const again = await register(app, { ...base(), username: first.username.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'USERNAME_TAKEN',
      message: 'Sorry, the username already exists.',
    });
    const check = (u: string) => app.inject({ url: `/wps/check/username?username=${encodeURIComponent(u)}` });
    expect((await check(first.username)).json().value).toEqual({ available: false });
    expect((await check(newUsername())).json().value).toEqual({ available: true });
    expect((await check('9starts-with-digit')).json().value).toEqual({ available: false });
    expect((await app.inject({ url: '/wps/check/username' })).statusCode).toBe(400);
  });

  it('checks invitation codes against agents', async () => {
    const app = await createTestApp(dialect);
    await patchSettings(app, { register: { captcha: { enabled: false } } });
    const agent = await createTestMember(app, { username: 'agentana' });
    const plain = await createTestMember(app, { username: 'plainbob', type: 0 });
    const made = await app.inject({
      method: 'PUT',
      url: '/bo/api/agents',
      headers: await staffAuth(app),
      payload: { userName: agent.username, type: 1, level: 1 },
    });
    const code = made.json().value.code as string;
    const check = (c: string) => app.inject({ url: `/wps/agent/affiliate?affiliateCode=${c}` });
    expect((await check(code)).json().value).toEqual({ success: true });
    expect((await check(code.toLowerCase())).json().value).toEqual({ success: true });
    // A username is not a code, an agent's or anybody's.
    expect((await check(agent.username)).json().value).toEqual({ success: false });
    expect((await check(plain.username)).json().value).toEqual({ success: false });
    const bad = await register(app, { ...base(), affiliateCode: 'nosuchcode' }, false);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_INVITATION_CODE', message: 'Invalid invitation code' });
    expect(bad.json().fields.affiliateCode).toEqual(['Invalid invitation code']);
    const ok = await register(app, { ...base(), affiliateCode: code.toLowerCase() });
    expect(ok.statusCode).toBe(200);
  });

  it('registers by mobile number with an SMS code, with or without a password', async () => {
    const app = await createTestApp(dialect);
    await patchSettings(app, { register: { captcha: { enabled: false } } });
    const code = await smsCode(app, 'register', '+63', '9181234567');
    const noCode = await register(
      app,
      {
        countryDialingCode: '+63',
        mobileNum: '9181234567',
        password: GOOD_PASSWORD,
        confirmPassword: GOOD_PASSWORD,
      },
      true,
    );
    expect(noCode.json().fields.verificationCode).toEqual(['This field is required']);
    const wrong = await register(
      app,
      {
        countryDialingCode: '+63',
        mobileNum: '9181234567',
        verificationCode: code === '999999' ? '888888' : '999999',
        password: GOOD_PASSWORD,
        confirmPassword: GOOD_PASSWORD,
      },
      true,
    );
    expect(wrong.json()).toMatchObject({ code: 'VERIFICATION_CODE_ERROR' });
    const ok = await register(
      app,
      {
        countryDialingCode: '+63',
        mobileNum: '09181234567',
        verificationCode: code,
        password: GOOD_PASSWORD,
        confirmPassword: GOOD_PASSWORD,
      },
      true,
    );
    expect(ok.statusCode).toBe(200);
    const userName = ok.json().value.userName as string;
    expect((await login(app, { username: userName, password: GOOD_PASSWORD })).statusCode).toBe(200);
    // The number is now taken, for a code and for registration.
    const again = await app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      headers: { language: 'EN' },
      payload: { countryDialingCode: '+63', mobileNum: '9181234567' },
    });
    expect(again.json().code).toBe('MOBILE_TAKEN');

    // Without MOBILENUMPASSREG3 the mobile method asks no password.
    await patchSettings(app, { whitelabel: { MOBILENUMPASSREG3: false } });
    const code2 = await smsCode(app, 'register', '+63', '9191234567');
    const noPassword = await register(
      app,
      { countryDialingCode: '+63', mobileNum: '9191234567', verificationCode: code2 },
      true,
    );
    expect(noPassword.statusCode).toBe(200);

    const short = await register(
      app,
      { countryDialingCode: '+63', mobileNum: '12', verificationCode: '123456' },
      true,
    );
    expect(short.json().fields.mobileNum).toEqual(['Enter at least 6 characters']);
    const notANumber = await register(
      app,
      { countryDialingCode: '+63', mobileNum: '1234567', verificationCode: '123456' },
      true,
    );
    expect(notANumber.json().fields.mobileNum).toEqual(['The mobile num is not valid']);
  });

  it('checks referrers and name formats, and is closed during maintenance', async () => {
    const app = await createTestApp(dialect);
    await patchSettings(app, {
      register: {
        captcha: { enabled: false },
        recommenderId: { enabled: true },
        nickname: { enabled: true },
      },
    });
    const referrer = await registerMember(app);
    const badName = await register(app, { ...base(), nickname: 'Ana<script>' });
    expect(badName.json().fields.nickname).toEqual(['Name format is not valid']);
    const badRef = await register(app, { ...base(), recommenderId: 'nobody42' });
    expect(badRef.json()).toMatchObject({ code: 'REFERRER_INVALID', message: 'Referrer link error' });
    const goodRef = await register(app, { ...base(), recommenderId: referrer.username });
    expect(goodRef.statusCode).toBe(200);

    await patchSettings(app, { status: { maintenance: true } });
    const closed = await register(app, base());
    expect(closed.statusCode).toBe(503);
    expect(closed.json().message).toBe('System upgrading, please try again later.');
    expect((await login(app, { username: referrer.username, password: GOOD_PASSWORD })).statusCode).toBe(503);
  });

  it('closes a registration method when its flag is off', async () => {
    const app = await createTestApp(dialect);
    await patchSettings(app, { whitelabel: { USERNAMEREG3: false, MOBILENUMREG3: false } });
    expect((await register(app, base())).json().code).toBe('REGISTRATION_CLOSED');
    expect((await register(app, { mobileNum: '9171234567' }, true)).statusCode).toBe(403);
  });
});
