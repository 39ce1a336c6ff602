import { describe, expect, it } from 'vitest';
import {
  GOOD_PASSWORD,
  login,
  patchSettings,
  registerMember,
  sendEncrypted,
  smsCode,
  solvedCaptcha,
  register,
  newUsername,
  passResendCountdown,
} from './support/auth-client.ts';
import { createTestApp, createTestMember, DIALECTS, staffAuth } from './support/test-app.ts';

describe.each(DIALECTS)('sign-in and sign-out on %s', (dialect) => {
  it('signs in by username with a new token every time and serves only that member', async () => {
    const app = await createTestApp(dialect);
    const alice = await registerMember(app);
    const bob = await registerMember(app);

    const first = await login(app, { username: alice.username.toUpperCase(), password: GOOD_PASSWORD });
    expect(first.statusCode).toBe(200);
    const value = first.json().value;
    expect(value).toMatchObject({ userName: alice.username, type: 0, firstTimeLogin: false });
    const second = (await login(app, { username: alice.username, password: GOOD_PASSWORD })).json().value;
    expect(second.token).not.toBe(value.token);
    expect(second.token).not.toBe(alice.token);

    for (const token of [value.token, second.token]) {
      const info = await app.inject({
        url: '/wps/member/info',
        headers: { authorization: `Bearer ${token}` },
      });
      // A new member holds the entry VIP rank (the demo seeds VIP0–VIP5; see vip-rebate.test.ts).
      expect(info.json().value).toMatchObject({
        account: alice.username,
        type: 0,
        clubLabel: { labelName: 'VIP0' },
      });
    }
    const bobInfo = await app.inject({
      url: '/wps/member/info',
      headers: { authorization: `Bearer ${bob.token}` },
    });
    expect(bobInfo.json().value.account).toBe(bob.username);
    const wallet = await app.inject({
      url: '/wps/wallets/gcs',
      headers: { authorization: `Bearer ${bob.token}` },
    });
    expect(wallet.json().value).toEqual({
      sumBalance: '0.00',
      currency: 'PHP',
      currencySymbol: '₱',
      isSingle: 1,
    });
    // No query or header lets one member name another.
    const sneaky = await app.inject({
      url: `/wps/member/info?id=${bobInfo.json().value.id}`,
      headers: { authorization: `Bearer ${value.token}` },
    });
    expect(sneaky.json().value?.account ?? sneaky.json().code).not.toBe(bob.username);
  });

  it('refuses plain, undecryptable and malformed login bodies with 400s', async () => {
    const app = await createTestApp(dialect);
    const plain = await app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'a', password: 'b', type: 'username' },
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().code).toBe('ENCRYPTION_REQUIRED');
    const garbled = await app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { encryption: 'AAAA' },
      payload: { data: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    });
    expect(garbled.json().code).toBe('DECRYPTION_FAILED');
    const bad = await sendEncrypted(app, 'POST', '/wps/session/login', {
      type: 'username',
      username: '',
      extra: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['username', 'password', 'extra']));
    const firebase = await sendEncrypted(app, 'POST', '/wps/session/login', { type: 'firebase' });
    expect(firebase.statusCode).toBe(400);
  });

  it('asks for a captcha after a failed login and lets the owner in with one', async () => {
    const app = await createTestApp(dialect);
    const alice = await registerMember(app);
    const wrong = await login(app, { username: alice.username, password: 'Wrong-password-1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', captchaRequired: true });
    expect(wrong.json().message).toBe('The username or password is incorrect.');

    const noCaptcha = await login(app, { username: alice.username, password: GOOD_PASSWORD });
    expect(noCaptcha.statusCode).toBe(400);
    expect(noCaptcha.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', captchaRequired: true });
    expect(noCaptcha.json().message).toBe('Enter a captcha');

    const c = await solvedCaptcha(app);
    const badCaptcha = await login(app, {
      username: alice.username,
      password: GOOD_PASSWORD,
      captcha: c.captcha === '00000' ? '11111' : '00000',
      captchaKey: c.captchaKey,
    });
    expect(badCaptcha.json()).toMatchObject({ code: 'CAPTCHA_INVALID', captchaRequired: true });
    // The captcha was used up by the wrong answer.
    const reused = await login(app, { username: alice.username, password: GOOD_PASSWORD, ...c });
    expect(reused.json().code).toBe('CAPTCHA_INVALID');

    const ok = await login(app, {
      username: alice.username,
      password: GOOD_PASSWORD,
      ...(await solvedCaptcha(app)),
    });
    expect(ok.statusCode).toBe(200);
    // Success clears the account's captcha requirement (this address's own failure count remains).
    const audit = await app.inject({
      url: '/bo/api/audit?action=member.login.failed',
      headers: await staffAuth(app),
    });
    expect(audit.json().value.totalCount).toBeGreaterThanOrEqual(1);
  });

  it('asks a shared address for a captcha only after several failures', async () => {
    const app = await createTestApp(dialect, { TRUSTED_PROXIES: '127.0.0.1' });
    const [alice, bob, carol] = [
      await registerMember(app),
      await registerMember(app),
      await registerMember(app),
    ];
    const ip = { 'x-forwarded-for': '100.64.0.1' };
    await login(app, { username: alice.username, password: 'Typo-password-1' }, ip);
    // One typo on a carrier address does not burden the next member behind it.
    expect((await login(app, { username: bob.username, password: GOOD_PASSWORD }, ip)).statusCode).toBe(200);
    await login(app, { username: 'ghost1', password: 'Typo-password-1' }, ip);
    await login(app, { username: 'ghost2', password: 'Typo-password-1' }, ip);
    const third = await login(app, { username: carol.username, password: GOOD_PASSWORD }, ip);
    expect(third.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', captchaRequired: true });
    const solved = await login(
      app,
      { username: carol.username, password: GOOD_PASSWORD, ...(await solvedCaptcha(app)) },
      ip,
    );
    expect(solved.statusCode).toBe(200);
  });

  it('withstands a thousand wrong passwords from many addresses without locking the owner out', async () => {
    const app = await createTestApp(dialect, { TRUSTED_PROXIES: '127.0.0.1' });
    const owner = await registerMember(app);
    const from = (i: number) => ({ 'x-forwarded-for': `10.${(i >> 8) & 255}.${i & 255}.7` });
    const outcomes = new Map<string, number>();
    for (let i = 0; i < 1000; i++) {
      // Every twentieth attacker even solves a captcha.
      const captcha = i % 50 === 0 ? await solvedCaptcha(app) : {};
      const res = await login(
        app,
        { username: owner.username, password: `Guess-${i}-x`, ...captcha },
        from(i % 250),
      );
      expect(res.statusCode).not.toBe(200);
      const code = res.json().code as string;
      outcomes.set(code, (outcomes.get(code) ?? 0) + 1);
    }
    expect(
      [...outcomes.keys()].every((c) =>
        ['INVALID_CREDENTIALS', 'CAPTCHA_REQUIRED', 'RATE_LIMITED'].includes(c),
      ),
    ).toBe(true);
    expect(outcomes.get('CAPTCHA_REQUIRED')).toBeGreaterThan(900);

    // The owner, from their own address, with the right password and a solved captcha.
    const ok = await login(
      app,
      { username: owner.username, password: GOOD_PASSWORD, ...(await solvedCaptcha(app)) },
      { 'x-forwarded-for': '192.0.2.44' },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value.userName).toBe(owner.username);
    // A thousand sign-ins one after another: a load, given room on a busy two-core machine.
  }, 120_000);

  it('slows down one address that keeps failing, with Retry-After', async () => {
    const app = await createTestApp(dialect, { TRUSTED_PROXIES: '127.0.0.1' });
    const owner = await registerMember(app);
    const ip = { 'x-forwarded-for': '198.51.100.9' };
    let limited;
    for (let i = 0; i < 15 && !limited; i++) {
      const res = await login(
        app,
        { username: `nobody${i}`, password: 'Wrong-pass-1', ...(await solvedCaptcha(app)) },
        ip,
      );
      if (res.statusCode === 429) limited = res;
    }
    expect(limited?.json().code).toBe('RATE_LIMITED');
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    // Elsewhere the owner is unaffected.
    const ok = await login(
      app,
      { username: owner.username, password: GOOD_PASSWORD },
      { 'x-forwarded-for': '203.0.113.5' },
    );
    expect(ok.statusCode).toBe(200);
  });

  it('keeps a remembered session longer and records the standalone device', async () => {
    const app = await createTestApp(dialect);
    const alice = await registerMember(app);
    const res = await login(
      app,
      { username: alice.username, password: GOOD_PASSWORD, rememberMe: true },
      { device: 'OTHERS' },
    );
    const plain = await login(app, { username: alice.username, password: GOOD_PASSWORD });
    const remembered = res.json().value;
    expect(remembered.expiresAt).toBeGreaterThan(plain.json().value.expiresAt);
    const rows = await app.services.db
      .selectFrom('sessions')
      .select(['device', 'idle_ms', 'expires_at'])
      .where('subject_type', '=', 'member')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(rows[1]).toMatchObject({ device: 'OTHERS' });
    expect(Number(rows[1]!.idle_ms)).toBeGreaterThan(Number(rows[0]!.idle_ms));
  });

  it('signs in by mobile number and SMS code', async () => {
    const app = await createTestApp(dialect);
    await patchSettings(app, { register: { captcha: { enabled: false } } });
    const code = await smsCode(app, 'register', '+63', '9171234567');
    const reg = await register(app, {
      username: newUsername(),
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
      countryDialingCode: '+63',
      mobileNum: '09171234567',
      verificationCode: code,
    });
    expect(reg.statusCode).toBe(200);

    await passResendCountdown(app);
    const loginCode = await smsCode(app, 'noLogin', '+63', '9171234567');
    const wrong = await login(app, {
      type: 'sms',
      countryDialingCode: '+63',
      mobileNum: '9171234567',
      verificationCode: loginCode === '000000' ? '111111' : '000000',
    });
    expect(wrong.json()).toMatchObject({ code: 'VERIFICATION_CODE_ERROR', captchaRequired: true });
    expect(wrong.json().message).toBe('Verification code error');
    const ok = await login(app, {
      type: 'sms',
      countryDialingCode: '+63',
      mobileNum: '9171234567',
      verificationCode: loginCode,
      ...(await solvedCaptcha(app)),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value.userName).toBe(reg.json().value.userName);

    await patchSettings(app, { whitelabel: { REGMOBVERF3: false } });
    const off = await login(app, {
      type: 'sms',
      countryDialingCode: '+63',
      mobileNum: '9171234567',
      verificationCode: '1',
    });
    expect(off.json().code).toBe('LOGIN_METHOD_DISABLED');
  });

  it('logs out on the server, and ends every session of a disabled account', async () => {
    const app = await createTestApp(dialect);
    const alice = await registerMember(app);
    const auth = { authorization: `Bearer ${alice.token}` };
    const out = await app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: auth });
    expect(out.statusCode).toBe(200);
    const after = await app.inject({ url: '/wps/member/info', headers: { ...auth, language: 'EN' } });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('The account has been logged out, please log in again');
    expect((await app.inject({ url: '/wps/member/info', headers: { language: 'EN' } })).json().message).toBe(
      'Sorry, you are not logged in! please login first.',
    );

    const a = (await login(app, { username: alice.username, password: GOOD_PASSWORD })).json().value.token;
    const b = (await login(app, { username: alice.username, password: GOOD_PASSWORD })).json().value.token;
    const id = (
      await app.inject({ url: '/wps/member/info', headers: { authorization: `Bearer ${a}` } })
    ).json().value.id;
    const disabled = await app.inject({
      method: 'PUT',
      url: `/bo/api/members/${id}/status`,
      headers: await staffAuth(app),
      payload: { status: 'disabled' },
    });
    expect(disabled.statusCode).toBe(200);
    for (const token of [a, b]) {
      expect(
        (await app.inject({ url: '/wps/wallets/gcs', headers: { authorization: `Bearer ${token}` } }))
          .statusCode,
      ).toBe(401);
    }
    const refused = await login(app, { username: alice.username, password: GOOD_PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'ACCOUNT_UNAVAILABLE',
      message: 'Sorry, the user does not exist or is disabled.',
    });

    const audit = await app.inject({
      url: '/bo/api/audit?action=member.logout',
      headers: await staffAuth(app),
    });
    expect(audit.json().value.list[0]).toMatchObject({ actorType: 'member', action: 'member.logout' });
  });

  it('tells the client to force a password change on first login, and refuses trial accounts', async () => {
    const app = await createTestApp(dialect);
    const alice = await registerMember(app);
    await app.services.db
      .updateTable('members')
      .set({ first_time_login: 1 })
      .where('username', '=', alice.username)
      .execute();
    const first = await login(app, { username: alice.username, password: GOOD_PASSWORD });
    expect(first.json().value.firstTimeLogin).toBe(true);
    // Choosing a new password ends the forced change.
    const changed = await app.inject({
      method: 'POST',
      url: '/wps/member/password',
      headers: { authorization: `Bearer ${first.json().value.token}` },
      payload: {
        oldPassword: GOOD_PASSWORD,
        newPassword: 'Lantern9Meadow',
        confirmNewPassword: 'Lantern9Meadow',
      },
    });
    expect(changed.statusCode).toBe(200);
    const again = await login(app, { username: alice.username, password: 'Lantern9Meadow' });
    expect(again.json().value.firstTimeLogin).toBe(false);
    // A trial account given a password still cannot sign in as a member.
    await app.services.db
      .updateTable('members')
      .set({ type: 4, first_time_login: 0 })
      .where('username', '=', alice.username)
      .execute();
    const trial = await login(app, { username: alice.username, password: 'Lantern9Meadow' });
    expect(trial.statusCode).toBe(403);
    expect(trial.json()).toMatchObject({
      code: 'NON_MEMBER_LOGIN',
      message: 'Non-member account unable to login',
    });
  });

  it('creates trial accounts and applies the free-play type rules', async () => {
    const app = await createTestApp(dialect);
    const trial = await app.inject({ url: '/wps/member/trialuser' });
    expect(trial.statusCode).toBe(200);
    const t = trial.json().value;
    expect(t).toMatchObject({ type: 4, firstTimeLogin: false, trialName: t.userName });
    const info = await app.inject({
      url: '/wps/member/info',
      headers: { authorization: `Bearer ${t.token}` },
    });
    expect(info.json().value.type).toBe(4);
    const freeplay = (authorization: string) =>
      app.inject({
        method: 'POST',
        url: '/wps/session/login/freeplay',
        headers: { authorization },
        payload: {},
      });
    const rejected = await freeplay(`Bearer ${t.token}`);
    expect(rejected.statusCode).toBe(403);
    expect(rejected.json().code).toBe('FREE_REJECT');
    for (const [type, allowed] of [
      [0, true],
      [1, true],
      [2, true],
      [40, false],
      [5, false],
    ] as const) {
      const m = await createTestMember(app, { type });
      expect((await freeplay(m.authorization)).statusCode).toBe(allowed ? 200 : 403);
    }
    // A trial account has no password, so it cannot sign in by one.
    const noPassword = await login(app, { username: t.userName, password: GOOD_PASSWORD });
    expect(noPassword.json().code).toBe('INVALID_CREDENTIALS');
    expect(
      (await app.inject({ method: 'POST', url: '/wps/session/login/freeplay', payload: {} })).statusCode,
    ).toBe(401);
  });
});
