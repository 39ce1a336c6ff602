import { afterEach, describe, expect, it, vi } from 'vitest';
import { totpCode, totpStep } from '../src/lib/totp.ts';
import { GOOD_PASSWORD, login, registerMember } from './support/auth-client.ts';
import { race, responseLabel, tally } from './support/race.ts';
import { DIALECTS, createTestApp, staffAuth } from './support/test-app.ts';
import type { App } from '../src/app.ts';

/** The server's clock, movable and freezable (Date.now is what the server reads). */
function serverClock() {
  const real = Date.now.bind(Date);
  let offset = 0;
  let frozen: number | undefined;
  vi.spyOn(Date, 'now').mockImplementation(() => frozen ?? real() + offset);
  return {
    freeze: () => (frozen = real() + offset),
    thaw: () => {
      if (frozen !== undefined) offset = frozen - real();
      frozen = undefined;
    },
    advance: (ms: number) => (frozen === undefined ? (offset += ms) : (frozen += ms)),
  };
}

// Password hashing and 300-request races take a while on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

afterEach(() => {
  vi.restoreAllMocks();
});

const call = (app: App, method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, language: 'EN' },
    ...(payload ? { payload } : {}),
  });

const secondStep = (app: App, body: Record<string, unknown>, ip = '203.0.113.9') =>
  app.inject({
    method: 'POST',
    url: '/wps/session/login/2fa',
    headers: { language: 'EN', 'x-forwarded-for': ip },
    remoteAddress: ip,
    payload: body,
  });

async function enrol(app: App, token: string) {
  const started = await call(app, 'POST', '/wps/member/2fa/totp', token);
  expect(started.statusCode, started.body).toBe(200);
  const { secret, uri, qrCode } = started.json().value as { secret: string; uri: string; qrCode: string };
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  const step = totpStep(Date.now());
  const confirmed = await call(app, 'POST', '/wps/member/2fa/totp/confirm', token, {
    code: totpCode(secret, step),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const recoveryCodes = confirmed.json().value.recoveryCodes as string[];
  return { secret, step, recoveryCodes };
}

async function challengeOf(app: App, username: string) {
  const res = await login(app, { username, password: GOOD_PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  const value = res.json().value as { twoFactorRequired?: boolean; challenge: string; methods: string[] };
  expect(value.twoFactorRequired).toBe(true);
  return value;
}

describe.each(DIALECTS)('member two-factor sign-in (%s)', (dialect) => {
  const ready = createTestApp(dialect);

  it('enrols an authenticator, then asks a right password for a code and signs in with it once', async () => {
    const app = await ready;
    const clock = serverClock();
    const member = await registerMember(app);
    const status0 = await call(app, 'GET', '/wps/member/2fa', member.token);
    expect(status0.json().value).toMatchObject({
      totpEnabled: false,
      smsEnabled: false,
      recoveryCodesLeft: 0,
    });
    const { secret, step, recoveryCodes } = await enrol(app, member.token);
    expect(recoveryCodes).toHaveLength(10);
    expect((await call(app, 'GET', '/wps/member/2fa', member.token)).json().value).toMatchObject({
      totpEnabled: true,
      recoveryCodesLeft: 10,
    });
    // No secret is stored in clear.
    const row = await app.services.db.selectFrom('member_two_factor').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret);

    const { challenge, methods } = await challengeOf(app, member.username);
    expect(methods).toEqual(['totp', 'recovery']);
    // The code that confirmed the enrolment is used up.
    expect(
      (await secondStep(app, { challenge, method: 'totp', code: totpCode(secret, step) })).json().code,
    ).toBe('TWO_FACTOR_CODE_INVALID');
    clock.advance(30_000);
    const signedIn = await secondStep(app, { challenge, method: 'totp', code: totpCode(secret, step + 1) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = signedIn.json().value as { token: string; userName: string };
    expect(session.userName).toBe(member.username);
    expect((await call(app, 'GET', '/wps/member/2fa', session.token)).statusCode).toBe(200);
    // The challenge is spent.
    expect(
      (await secondStep(app, { challenge, method: 'totp', code: totpCode(secret, step + 2) })).json().code,
    ).toBe('TWO_FACTOR_CHALLENGE_INVALID');

    // A recovery code works once, typed in any case without its dash.
    const typed = recoveryCodes[0]!.toUpperCase().replace('-', '');
    const first = await secondStep(app, {
      challenge: (await challengeOf(app, member.username)).challenge,
      method: 'recovery',
      code: typed,
    });
    expect(first.statusCode, first.body).toBe(200);
    const again = await secondStep(app, {
      challenge: (await challengeOf(app, member.username)).challenge,
      method: 'recovery',
      code: typed,
    });
    expect(again.json().code).toBe('TWO_FACTOR_CODE_INVALID');

    // Turning it off needs a code; then the password alone signs in again.
    const off = await call(app, 'PUT', '/wps/member/2fa', member.token, { method: 'totp', enabled: false });
    expect(off.json().code).toBe('VALIDATION_FAILED');
    clock.advance(30_000);
    const disabled = await call(app, 'PUT', '/wps/member/2fa', member.token, {
      method: 'totp',
      enabled: false,
      proof: { method: 'totp', code: totpCode(secret, step + 2) },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const plain = await login(app, { username: member.username, password: GOOD_PASSWORD });
    expect(plain.json().value.token).toEqual(expect.any(String));
    const audit = await app.services.db
      .selectFrom('audit_log')
      .select('action')
      .where('actor_id', '=', String(row.member_id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['member.2fa.enabled', 'member.2fa.failed', 'member.2fa.disabled']),
    );
  });

  it('sends an SMS code as the second step to the bound number', async () => {
    const app = await ready;
    const member = await registerMember(app);
    const off = await call(app, 'PUT', '/wps/member/2fa', member.token, { method: 'sms', enabled: true });
    expect(off.json().fields).toHaveProperty('method');
    await app.services.db
      .updateTable('members')
      .set({ mobile_num: '9171234567', country_dialing_code: '63' })
      .where('username', '=', member.username)
      .execute();
    const on = await call(app, 'PUT', '/wps/member/2fa', member.token, { method: 'sms', enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    const { challenge, methods } = await challengeOf(app, member.username);
    expect(methods).toEqual(['sms']);
    const sent = await app.inject({
      method: 'POST',
      url: '/wps/session/login/2fa/sms',
      payload: { challenge },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // Once a minute.
    const soon = await app.inject({
      method: 'POST',
      url: '/wps/session/login/2fa/sms',
      payload: { challenge },
    });
    expect(soon.json().code).toBe('RATE_LIMITED');
    const outbox = await app.inject({
      url: '/bo/api/outbox?channel=sms&pageSize=1',
      headers: await staffAuth(app),
    });
    const latest = outbox.json().value.list[0] as { recipient: string; body: string };
    expect(latest.recipient).toBe('+639171234567');
    const code = /\b(\d{6})\b/.exec(latest.body)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await secondStep(app, { challenge, method: 'sms', code: wrong })).json().code).toBe(
      'TWO_FACTOR_CODE_INVALID',
    );
    const ok = await secondStep(app, { challenge, method: 'sms', code });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('checks at most five of 300 parallel wrong codes, over one challenge or many', async () => {
    const app = await ready;
    const clock = serverClock();
    const member = await registerMember(app);
    const { secret, step } = await enrol(app, member.token);
    const wrong = totpCode(secret, step + 9);
    const memberId = Number(
      (
        await app.services.db
          .selectFrom('members')
          .select('id')
          .where('username', '=', member.username)
          .executeTakeFirstOrThrow()
      ).id,
    );
    const checked = async () =>
      (
        await app.services.db
          .selectFrom('audit_log')
          .select('id')
          .where('actor_id', '=', String(memberId))
          .where('action', '=', 'member.2fa.failed')
          .execute()
      ).length;

    // 300 wrong codes at once on one challenge: five tries, five checks.
    const one = (await challengeOf(app, member.username)).challenge;
    clock.freeze();
    const single = tally(
      await race(300, (i) =>
        secondStep(app, { challenge: one, method: 'totp', code: wrong }, `198.51.100.${i % 250}`),
      ),
      responseLabel,
    );
    clock.thaw();
    expect(single['400 TWO_FACTOR_CODE_INVALID']).toBeLessThanOrEqual(5);
    expect(await checked()).toBeLessThanOrEqual(5);
    expect(single['200']).toBeUndefined();

    // 300 challenges, 300 wrong codes at once from 300 addresses, with the clock frozen.
    const before = await checked();
    const challenges: string[] = [];
    // Made by the service a right password calls (300 password checks would take minutes).
    const operator = await app.services.settings.defaultOperator();
    const client = {
      operatorId: operator.id,
      ip: '192.0.2.1',
      settings: (await app.services.settings.get(operator.id)).settings,
    };
    for (let i = 0; i < 300; i++) {
      const made = await app.services.memberTwoFactor.challengeFor(
        client,
        { id: memberId, mobileNum: null, dialingCode: null },
        { remember: false, signedInBySms: false },
      );
      challenges.push(made!.challenge);
    }
    clock.freeze();
    const many = tally(
      await race(300, (i) =>
        secondStep(app, { challenge: challenges[i], method: 'totp', code: wrong }, `192.0.2.${i % 250}`),
      ),
      responseLabel,
    );
    clock.thaw();
    const total = await checked();
    // Past five failures the member gets one check per wait (the first wait passed while the
    // challenges were made): of these 300 at most one was looked at.
    expect(total - before, JSON.stringify(many)).toBeLessThanOrEqual(1);
    expect(total - before).toBe(many['400 TWO_FACTOR_CODE_INVALID'] ?? 0);
    expect(many['429 RATE_LIMITED']).toBeGreaterThanOrEqual(299);
    // A right code too waits its turn, then signs in.
    clock.advance(16 * 60_000);
    const right = await secondStep(app, {
      challenge: (await challengeOf(app, member.username)).challenge,
      method: 'totp',
      code: totpCode(secret, totpStep(Date.now())),
    });
    expect(right.statusCode, right.body).toBe(200);
  }, 180_000);
});

describe.each(DIALECTS)('sign-in devices and alerts (%s)', (dialect) => {
  const ready = createTestApp(dialect);
  const from = (deviceId: string, ip = '203.0.113.20') => ({
    'x-device-id': deviceId,
    'x-forwarded-for': ip,
    'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
  });

  it('alerts a sign-in from a new device by inbox and e-mail, and lists devices and history', async () => {
    const app = await ready;
    const member = await registerMember(app, { email: `m${Date.now()}@example.com` });
    const known = 'a'.repeat(32);
    const other = 'b'.repeat(32);
    const signIn = (headers: Record<string, string>) =>
      login(app, { username: member.username, password: GOOD_PASSWORD }, headers);
    const inbox = async (token: string) =>
      (await call(app, 'GET', '/wps/inbox?pageSize=50', token)).json().value as {
        list: { title: string; content?: string }[];
      };
    const alerts = async (token: string) =>
      (await inbox(token)).list.filter((m) => /sign-in|signed in/i.test(JSON.stringify(m))).length;
    // The browser's id is new to the account (it registered without one).
    const first = (await signIn(from(known))).json().value as { token: string };
    const afterFirst = await alerts(first.token);
    // The same device again: no alert.
    expect((await signIn(from(known))).statusCode).toBe(200);
    expect(await alerts(first.token)).toBe(afterFirst);
    // Another browser: one alert more.
    const session = (await signIn(from(other))).json().value as { token: string };
    expect(await alerts(session.token)).toBe(afterFirst + 1);
    const outbox = await app.inject({
      url: '/bo/api/outbox?channel=email&pageSize=5',
      headers: await staffAuth(app),
    });
    expect(JSON.stringify(outbox.json().value.list)).toContain('Chrome · Android');

    const history = (await call(app, 'GET', '/wps/member/sign-ins', session.token)).json().value as {
      devices: unknown[];
      signIns: { newDevice: boolean }[];
    };
    expect(history.devices).toHaveLength(3);
    expect(history.signIns.map((s) => s.newDevice).slice(0, 3)).toEqual([true, false, true]);
  }, 90_000);

  it('asks for an SMS code from a new device when the operator requires it', async () => {
    const app = await ready;
    const member = await registerMember(app);
    await app.services.db
      .updateTable('members')
      .set({ mobile_num: '9170000001', country_dialing_code: '63' })
      .where('username', '=', member.username)
      .execute();
    const signIn = (deviceId: string) =>
      login(app, { username: member.username, password: GOOD_PASSWORD }, from(deviceId));
    expect((await signIn('c'.repeat(32))).json().value.token).toEqual(expect.any(String));
    const settings = await app.inject({
      method: 'PUT',
      url: '/bo/api/settings',
      headers: await staffAuth(app),
      payload: { security: { newDeviceCode: true } },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    try {
      // The known device signs in with the password alone; a new one gets an SMS challenge.
      expect((await signIn('c'.repeat(32))).json().value.token).toEqual(expect.any(String));
      const challenged = (await signIn('d'.repeat(32))).json().value as {
        methods: string[];
        challenge: string;
      };
      expect(challenged.methods).toEqual(['sms']);
      const sent = await app.inject({
        method: 'POST',
        url: '/wps/session/login/2fa/sms',
        payload: { challenge: challenged.challenge },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const outbox = await app.inject({
        url: '/bo/api/outbox?channel=sms&pageSize=1',
        headers: await staffAuth(app),
      });
      const code = /\b(\d{6})\b/.exec(outbox.json().value.list[0].body as string)![1]!;
      const done = await secondStep(app, { challenge: challenged.challenge, method: 'sms', code });
      expect(done.statusCode, done.body).toBe(200);
    } finally {
      await app.inject({
        method: 'PUT',
        url: '/bo/api/settings',
        headers: await staffAuth(app),
        payload: { security: { newDeviceCode: false } },
      });
    }
  });
});

describe.each(DIALECTS)('two-step sign-in for withdrawals (%s)', (dialect) => {
  const ready = createTestApp(dialect);

  it('refuses a withdrawal without two-step sign-in when the operator requires it', async () => {
    const app = await ready;
    const member = await registerMember(app);
    const put = async (on: boolean) =>
      app.inject({
        method: 'PUT',
        url: '/bo/api/settings',
        headers: await staffAuth(app),
        payload: { security: { memberTwoFactorForWithdrawal: on } },
      });
    const withdraw = () =>
      call(app, 'POST', '/wps/transaction/withdraw', member.token, {
        amount: '10.00',
        bankCardId: 1,
        fundPassword: 'whatever',
      });
    expect((await withdraw()).json().code).not.toBe('TWO_FACTOR_REQUIRED_FOR_WITHDRAWAL');
    expect((await put(true)).statusCode).toBe(200);
    try {
      const refused = await withdraw();
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED_FOR_WITHDRAWAL' });
      expect(refused.json().message).toMatch(/two-step/i);
      expect(
        (await call(app, 'GET', '/wps/member/2fa', member.token)).json().value.requiredForWithdrawal,
      ).toBe(true);
      // With an authenticator on, the request goes on to the usual checks.
      await enrol(app, member.token);
      expect((await withdraw()).json().code).not.toBe('TWO_FACTOR_REQUIRED_FOR_WITHDRAWAL');
    } finally {
      await put(false);
    }
  });
});
