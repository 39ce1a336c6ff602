import { describe, expect, it } from 'vitest';
import { encryptCredentials } from '@playhouse/contract/credential-encryption';
import type { App } from '../src/app.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import {
  SMS_LIMITS,
  SMS_MAX_ATTEMPTS,
  verifyAndConsumeSmsCode,
} from '../src/modules/verification/verification.service.ts';
import { normalizeMobile } from '../src/modules/verification/mobile.ts';
import { consumeLoginCode, insertLoginCode } from '../src/modules/social/social.repository.ts';
import {
  GOOD_PASSWORD,
  newUsername,
  patchSettings,
  register,
  smsCode,
  solvedCaptcha,
} from './support/auth-client.ts';
import { race, responseLabel, tally } from './support/race.ts';
import { createTestApp, createTestMember, DIALECTS, staffAuth } from './support/test-app.ts';

/**
 * Every counted code, token and throttle, raced: hundreds of requests at once, and the count allowed
 * is never exceeded. On PostgreSQL the requests really interleave on pooled connections.
 */
const RACERS = 300;
const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
const wrongCode = (i: number, right: string) => {
  const code = String(i).padStart(6, '0');
  return code === right ? '999999' : code;
};

/** The public key once per app: the browser fetches it once too. */
async function encryptor(app: App) {
  const { publicKey } = (await app.inject({ url: '/wps/system/publicKey' })).json().value as {
    publicKey: string;
  };
  return async (method: 'POST' | 'PUT', url: string, payload: unknown, remoteAddress = '127.0.0.1') => {
    const { header, body } = await encryptCredentials(publicKey, payload);
    return app.inject({
      method,
      url,
      remoteAddress,
      headers: { encryption: header, language: 'EN' },
      payload: body,
    });
  };
}

async function captchas(app: App, count: number) {
  return Promise.all(Array.from({ length: count }, () => solvedCaptcha(app)));
}

async function auditCount(app: App, action: string) {
  const res = await app.inject({
    url: `/bo/api/audit?action=${action}&pageSize=1`,
    headers: await staffAuth(app),
  });
  return res.json().value.totalCount as number;
}

async function memberWithMobile(app: App, mobile: string) {
  await patchSettings(app, { register: { captcha: { enabled: false } } });
  const code = await smsCode(app, 'register', '+63', mobile);
  const res = await register(app, {
    username: newUsername(),
    password: GOOD_PASSWORD,
    confirmPassword: GOOD_PASSWORD,
    countryDialingCode: '+63',
    mobileNum: mobile,
    verificationCode: code,
  });
  if (res.statusCode !== 200) throw new Error(`register: ${res.body}`);
  await app.services.db.deleteFrom('sms_codes').execute();
  await app.services.db.deleteFrom('login_throttles').execute();
}

describe.each(DIALECTS)('races on counted codes, tokens and throttles on %s', (dialect) => {
  it('compares an SMS sign-in code at most five times, however many guesses arrive at once', async () => {
    const app = await createTestApp(dialect);
    await memberWithMobile(app, '9171230001');
    const right = await smsCode(app, 'noLogin', '+63', '9171230001');
    const send = await encryptor(app);
    // Each guess solves its own captcha and comes from its own address: only the code's limit is left.
    const solved = await captchas(app, RACERS);
    const outcomes = await race(RACERS, (i) =>
      send(
        'POST',
        '/wps/session/login',
        {
          type: 'sms',
          countryDialingCode: '+63',
          mobileNum: '9171230001',
          verificationCode: wrongCode(i, right),
          ...solved[i],
        },
        address(i),
      ),
    );
    expect(tally(outcomes, responseLabel)).toEqual({ '400 VERIFICATION_CODE_ERROR': RACERS });
    const row = await app.services.db.selectFrom('sms_codes').select('attempts').executeTakeFirstOrThrow();
    expect(Number(row.attempts)).toBe(SMS_MAX_ATTEMPTS);

    // The code is dead even for its rightful owner, who must ask for a new one.
    const late = await send('POST', '/wps/session/login', {
      type: 'sms',
      countryDialingCode: '+63',
      mobileNum: '9171230001',
      verificationCode: right,
      ...(await solvedCaptcha(app)),
    });
    expect(late.json().code).toBe('VERIFICATION_CODE_ERROR');
  });

  it('accepts the right SMS code at most once among parallel guesses, within five tries', async () => {
    const app = await createTestApp(dialect);
    const operator = await app.services.settings.defaultOperator();
    const right = await smsCode(app, 'register', '+63', '9171230002');
    const rightAt = Math.floor(Math.random() * RACERS);
    const outcomes = await race(RACERS, (i) =>
      verifyAndConsumeSmsCode(app.services.db, {
        operatorId: operator.id,
        purpose: 'register',
        countryDialingCode: '+63',
        mobileNum: '9171230002',
        code: i === rightAt ? right : wrongCode(i, right),
      }),
    );
    expect(outcomes.filter((o) => o.ok).length).toBeLessThanOrEqual(1);
    const row = await app.services.db.selectFrom('sms_codes').select('attempts').executeTakeFirstOrThrow();
    expect(Number(row.attempts)).toBeLessThanOrEqual(SMS_MAX_ATTEMPTS);
  });

  it('checks one password of a burst of parallel wrong ones, from one address or many', async () => {
    const app = await createTestApp(dialect);
    const { username } = await (async () => {
      const username = newUsername();
      const res = await register(app, {
        username,
        password: GOOD_PASSWORD,
        confirmPassword: GOOD_PASSWORD,
        ...(await solvedCaptcha(app)),
      });
      if (res.statusCode !== 200) throw new Error(res.body);
      return { username };
    })();
    const send = await encryptor(app);
    for (const spread of [false, true]) {
      await app.services.db.deleteFrom('login_throttles').execute();
      const before = await auditCount(app, 'member.login.failed');
      const outcomes = await race(RACERS, (i) =>
        send(
          'POST',
          '/wps/session/login',
          { type: 'username', username, password: `Wrong-guess-${i}` },
          spread ? address(i) : '10.9.9.9',
        ),
      );
      const labels = tally(outcomes, responseLabel);
      // The first attempt found no failure before it; every other one had to bring a captcha.
      expect(labels).toEqual({ '401 INVALID_CREDENTIALS': 1, '400 CAPTCHA_REQUIRED': RACERS - 1 });
      expect((await auditCount(app, 'member.login.failed')) - before).toBe(1);
    }
    // The owner still gets in: right password and a solved captcha.
    const owner = await send('POST', '/wps/session/login', {
      type: 'username',
      username,
      password: GOOD_PASSWORD,
      ...(await solvedCaptcha(app)),
    });
    expect(owner.statusCode).toBe(200);
  });

  it('uses a captcha once, however many requests carry it at once', async () => {
    const app = await createTestApp(dialect);
    const operator = await app.services.settings.defaultOperator();
    const one = await solvedCaptcha(app);
    const direct = await race(RACERS, () => app.services.captcha.consume(operator.id, one));
    expect(direct.filter((o) => o.ok && o.value).length).toBe(1);

    const shared = await solvedCaptcha(app);
    const send = await encryptor(app);
    const outcomes = await race(100, (i) =>
      send(
        'PUT',
        '/wps/member/register',
        { username: newUsername(), password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD, ...shared },
        address(i),
      ),
    );
    expect(tally(outcomes, responseLabel)).toEqual({ '200': 1, '400 CAPTCHA_INVALID': 99 });
  });

  it('lets one of many parallel submissions of a reset link through', async () => {
    const app = await createTestApp(dialect);
    const m = await createTestMember(app);
    await app.services.db
      .updateTable('members')
      .set({ password_hash: await hashPassword(GOOD_PASSWORD), email: `${m.username}@example.com` })
      .where('id', '=', m.id)
      .execute();
    await app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: m.username, email: `${m.username}@example.com` }).toString(),
    });
    await app.services.password.idle();
    const mail = await app.inject({ url: '/bo/api/outbox?channel=email', headers: await staffAuth(app) });
    const token = /[?&]token=([A-Za-z0-9_-]{43})/.exec(mail.json().value.list[0].body as string)![1]!;
    const send = await encryptor(app);
    const outcomes = await race(100, (i) =>
      send(
        'POST',
        '/wps/member/password/reset',
        {
          token,
          newPassword: `Brand-new-${i}-Tangerine`,
          confirmNewPassword: `Brand-new-${i}-Tangerine`,
        },
        address(i),
      ),
    );
    expect(tally(outcomes, responseLabel)).toEqual({ '200': 1, '400 RESET_TOKEN_INVALID': 99 });
  });

  it('lets one of many parallel password resets by SMS code through', async () => {
    const app = await createTestApp(dialect);
    await patchSettings(app, { whitelabel: { PSWPHONE3: true } });
    await memberWithMobile(app, '9171230003');
    const code = await smsCode(app, 'noLogin', '+63', '9171230003', { purpose: 'reset-password' });
    const send = await encryptor(app);
    const outcomes = await race(100, (i) =>
      send(
        'POST',
        '/wps/member/password/verification',
        {
          countryDialingCode: '+63',
          mobileNum: '9171230003',
          verificationCode: code,
          newPassword: `Brand-new-${i}-Tangerine`,
        },
        address(i),
      ),
    );
    expect(tally(outcomes, responseLabel)).toEqual({ '200': 1, '400 VERIFICATION_CODE_ERROR': 99 });
  });

  it('sends one SMS per number per countdown and no more than the hourly cap per address', async () => {
    const app = await createTestApp(dialect);
    const ask = (mobileNum: string, remoteAddress: string, human: object = {}) =>
      app.inject({
        method: 'POST',
        url: '/wps/verification/sms/register',
        remoteAddress,
        payload: { countryDialingCode: '+63', mobileNum, ...human },
      });
    const sameNumber = await race(100, (i) => ask('9171230004', address(i)));
    expect(tally(sameNumber, responseLabel)).toEqual({ '200': 1, '429 RATE_LIMITED': 99 });

    // The service's own hourly cap per address, below the route's per-address request limit.
    const operator = await app.services.settings.defaultOperator();
    const oneAddress = await race(100, (i) =>
      app.services.verification.send({
        operatorId: operator.id,
        siteName: 'Playhouse',
        language: 'EN',
        purpose: 'register',
        mobile: normalizeMobile('+63', `91780${String(i).padStart(5, '0')}`),
        ip: '10.8.8.8',
      }),
    );
    expect(tally(oneAddress, (o) => (o.ok ? 'sent' : String((o.error as { code?: string }).code)))).toEqual({
      sent: SMS_LIMITS.perIpPerHour,
      RATE_LIMITED: 100 - SMS_LIMITS.perIpPerHour,
    });
    const sent = await app.services.db.selectFrom('sms_codes').select('id').execute();
    expect(sent).toHaveLength(1 + SMS_LIMITS.perIpPerHour);
  });

  it('asks a busy address for a captcha under a race, not only when requests come one by one', async () => {
    const app = await createTestApp(dialect);
    const outcomes = await race(100, (i) =>
      app.inject({
        method: 'POST',
        url: '/wps/verification/sms/register',
        remoteAddress: '10.7.7.7',
        payload: { countryDialingCode: '+63', mobileNum: `91790${String(i).padStart(5, '0')}` },
      }),
    );
    // Three codes an hour are free for an address; the rest must bring a captcha (or meet the
    // route's own per-address limit first).
    const labels = tally(outcomes, responseLabel);
    expect(labels['200']).toBe(3);
    expect((labels['400 CAPTCHA_REQUIRED'] ?? 0) + (labels['429 RATE_LIMITED'] ?? 0)).toBe(97);
  });

  it('uses a social sign-in code once under a race', async () => {
    const app = await createTestApp(dialect);
    const m = await createTestMember(app);
    const operator = await app.services.settings.defaultOperator();
    const at = Date.now();
    await insertLoginCode(app.services.db, {
      operator_id: operator.id,
      member_id: m.id,
      provider: 'google',
      code_hash: 'h'.repeat(64),
      created_at: at,
      expires_at: at + 60_000,
    });
    const outcomes = await race(RACERS, () =>
      consumeLoginCode(app.services.db, operator.id, 'h'.repeat(64), Date.now()),
    );
    expect(outcomes.filter((o) => o.ok && o.value).length).toBe(1);
  });
});
