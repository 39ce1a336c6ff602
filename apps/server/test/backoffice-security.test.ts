import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { App } from '../src/app.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { insertStaff } from '../src/modules/backoffice/staff.repository.ts';
import { STAFF_CHALLENGE, STAFF_LOGIN_POLICY } from '../src/modules/backoffice/staff.service.ts';
import { totpCode, totpStep } from '../src/lib/totp.ts';
import { TOTP_SEAL_PURPOSE } from '../src/modules/backoffice/two-factor.service.ts';
import { race, responseLabel, tally } from './support/race.ts';
import { createTestApp, DIALECTS, staffAuth } from './support/test-app.ts';

const PASSWORD = 'staff-password-9';

interface Answer {
  statusCode: number;
  body: string;
  json: () => { success: boolean; code?: string; value?: never; [flag: string]: unknown };
}

/**
 * The clock the server reads (lib/clock.ts reads Date.now): moved forward to pass waits and 30-second
 * steps without sleeping, or frozen so that a burst is judged at one instant (then no wait lapses
 * while it runs, and the count allowed is exact rather than "plus one per wait that passed").
 */
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
    now: () => Date.now(),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(DIALECTS)('back-office sign-in security on %s', (dialect) => {
  let app: App;
  let admin: { authorization: string };
  let operatorId: number;
  let block = 0;

  beforeAll(async () => {
    app = await createTestApp(dialect);
    admin = await staffAuth(app);
    operatorId = (await app.services.settings.defaultOperator()).id;
  });

  // Each test signs in from an address of its own, so one test's failures never ask another for a captcha.
  let home = '127.0.0.1';
  let homes = 0;
  beforeEach(() => {
    home = `172.16.${++homes}.1`;
  });

  /** A fresh staff account for one test, so each test's counts start at zero. */
  async function addStaff(username: string, role = 'owner') {
    await insertStaff(app.services.db, operatorId, username, await hashPassword(PASSWORD), role, Date.now());
  }

  /** Addresses of their own for each test: the route's per-address limit (30 a minute) never decides. */
  function addresses() {
    block++;
    return (i: number) => `10.${block}.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  }

  const signIn = (payload: Record<string, unknown>, remoteAddress = home) =>
    app.inject({ method: 'POST', url: '/bo/api/session', payload, remoteAddress }) as Promise<Answer>;

  const secondStep = (payload: Record<string, unknown>, remoteAddress = home) =>
    app.inject({ method: 'POST', url: '/bo/api/session/2fa', payload, remoteAddress }) as Promise<Answer>;

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      remoteAddress: home,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    }) as Promise<Answer>;

  /** A solved captcha (the service hands tests the answer; routes never send it). */
  async function solvedCaptcha() {
    const { captchaKey, code } = await app.services.captcha.issue(operatorId);
    return { captchaKey, captcha: code };
  }

  /** Real password checks of an account, as audited: every wrong one writes `staff.login.failed`. */
  async function passwordFailures(username: string): Promise<number> {
    const row = await app.services.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('action', '=', 'staff.login.failed')
      .where('actor_id', '=', username)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function auditActions(staffId: number): Promise<string[]> {
    const rows = await app.services.db
      .selectFrom('audit_log')
      .select('action')
      .where('actor_id', '=', String(staffId))
      .orderBy('id')
      .execute();
    return rows.map((r) => r.action);
  }

  async function staffRow(username: string) {
    return app.services.db
      .selectFrom('staff_users')
      .selectAll()
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
  }

  /** A full session for a staff member without a second factor. */
  async function sessionOf(username: string): Promise<string> {
    const res = await signIn({ username, password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value!['token'];
  }

  /** Enrols and confirms TOTP; returns the secret, the recovery codes and the step the confirmation used. */
  async function enable(token: string) {
    const enrolment = await call('POST', '/bo/api/staff/2fa/enrol', token);
    expect(enrolment.statusCode, enrolment.body).toBe(200);
    const secret: string = enrolment.json().value!['secret'];
    const step = totpStep(Date.now());
    const confirmed = await call('POST', '/bo/api/staff/2fa/confirm', token, {
      code: totpCode(secret, step),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { secret, recoveryCodes: confirmed.json().value!['recoveryCodes'] as string[], step };
  }

  /** Password step of an account with a second factor: the challenge. */
  async function challengeFor(username: string, remoteAddress?: string): Promise<string> {
    const res = await signIn({ username, password: PASSWORD }, remoteAddress);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ twoFactorRequired: true, username });
    expect(res.json().value).not.toHaveProperty('token');
    return res.json().value!['challenge'];
  }

  describe('per-account throttle', () => {
    it('gives 300 parallel wrong passwords from 60 addresses five password checks, then asks for a captcha', async () => {
      await addStaff('burst1');
      const from = addresses();
      const outcomes = await race(300, (i) =>
        signIn({ username: 'burst1', password: `guess-${i}` }, from(i % 60)),
      );
      const counts = tally(outcomes, responseLabel);
      expect(counts).toEqual({
        '401 INVALID_CREDENTIALS': STAFF_LOGIN_POLICY.accountCaptchaAfter,
        '400 CAPTCHA_REQUIRED': 300 - STAFF_LOGIN_POLICY.accountCaptchaAfter,
      });
      expect(await passwordFailures('burst1')).toBe(5);
      for (const o of outcomes) {
        if (o.ok && o.value.json().code === 'CAPTCHA_REQUIRED')
          expect(o.value.json()).toMatchObject({
            captchaRequired: true,
            fields: { captcha: expect.any(Array) },
          });
      }
      // The refusals are audited too.
      const refused = await app.services.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('action', '=', 'staff.login.refused')
        .where('actor_id', '=', 'burst1')
        .executeTakeFirstOrThrow();
      expect(Number(refused.n)).toBe(295);

      // Still no more from yet other addresses: the count is the account's.
      const later = await signIn({ username: 'burst1', password: 'another-guess' }, from(299));
      expect(later.json().code).toBe('CAPTCHA_REQUIRED');
      expect(await passwordFailures('burst1')).toBe(5);
    });

    it('with a solved captcha each, 200 parallel guesses get ten checks in all plus one per wait, then wait', async () => {
      await addStaff('burst2');
      const from = addresses();
      for (let i = 0; i < 5; i++)
        expect((await signIn({ username: 'burst2', password: `typo-${i}` }, from(i))).json().code).toBe(
          'INVALID_CREDENTIALS',
        );
      const captchas = await Promise.all(Array.from({ length: 200 }, solvedCaptcha));
      const clock = serverClock();
      clock.freeze();
      const outcomes = await race(200, (i) =>
        signIn({ username: 'burst2', password: `guess-${i}`, ...captchas[i] }, from(10 + (i % 50))),
      );
      clock.thaw();
      const counts = tally(outcomes, responseLabel);
      // Five more with captchas (failures 6–10), then exactly one check for the first wait.
      expect(counts).toEqual({ '401 INVALID_CREDENTIALS': 6, '429 RATE_LIMITED': 194 });
      expect(await passwordFailures('burst2')).toBe(11);
      const limited = outcomes.find((o) => o.ok && o.value.statusCode === 429);
      expect(limited?.ok && limited.value.json()).toMatchObject({
        captchaRequired: true,
        retryAfterMs: expect.any(Number),
      });
    });

    it('backs off doubling to a cap, and lets the right password with a captcha in after the wait', async () => {
      await addStaff('slow1');
      const clock = serverClock();
      clock.freeze();
      const wrong = async () =>
        signIn({ username: 'slow1', password: 'wrong-password', ...(await solvedCaptcha()) }, '192.0.2.10');
      for (let i = 0; i < 5; i++)
        expect((await signIn({ username: 'slow1', password: 'wrong' }, '192.0.2.10')).statusCode).toBe(401);
      // The sixth needs a captcha; the address sending it does not matter.
      const bare = await signIn({ username: 'slow1', password: PASSWORD }, '192.0.2.11');
      expect(bare.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', captchaRequired: true });
      const badCaptcha = await signIn({
        username: 'slow1',
        password: PASSWORD,
        captchaKey: 'x'.repeat(24),
        captcha: '1',
      });
      expect(badCaptcha.json().code).toBe('CAPTCHA_INVALID');
      for (let i = 0; i < 5; i++) expect((await wrong()).json().code).toBe('INVALID_CREDENTIALS');

      // From the eleventh failure on, each waits twice as long as the one before: 1 s, 2 s, 4 s, …
      const waits: number[] = [];
      for (let i = 0; i < 12; i++) {
        expect((await wrong()).json().code).toBe('INVALID_CREDENTIALS');
        const refused = await wrong();
        expect(refused.statusCode).toBe(429);
        const wait = refused.json()['retryAfterMs'] as number;
        waits.push(wait);
        clock.advance(wait);
      }
      expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900].map((s) => s * 1000));
      expect((await wrong()).json().code).toBe('INVALID_CREDENTIALS');
      expect(await passwordFailures('slow1')).toBe(23);

      // During a wait even the right password is not checked …
      const early = await signIn({ username: 'slow1', password: PASSWORD, ...(await solvedCaptcha()) });
      expect(early.json()).toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: 900_000 });
      // … and after it, with a captcha, it gets in (never locked), which clears the count.
      clock.advance(900_000);
      const ok = await signIn({ username: 'slow1', password: PASSWORD, ...(await solvedCaptcha()) });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().value).toMatchObject({ token: expect.any(String), username: 'slow1' });
      expect((await signIn({ username: 'slow1', password: 'wrong' })).json().code).toBe(
        'INVALID_CREDENTIALS',
      );
    });

    it('serves staff captchas while the player site is in maintenance', async () => {
      await app.inject({
        method: 'PUT',
        url: '/bo/api/settings',
        headers: admin,
        payload: { status: { maintenance: true } },
      });
      try {
        expect((await app.inject({ url: '/wps/captcha' })).json().code).toBe('MAINTENANCE');
        const res = await app.inject({ url: '/bo/api/captcha' });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.json().value).toMatchObject({
          captchaKey: expect.any(String),
          image: expect.stringMatching(/^data:image\/png;base64,/),
          length: 6,
        });
        expect(res.json().value).not.toHaveProperty('code');
      } finally {
        await app.inject({
          method: 'PUT',
          url: '/bo/api/settings',
          headers: admin,
          payload: { status: { maintenance: false } },
        });
      }
    });
  });

  describe('TOTP two-factor', () => {
    it('enrols with a sealed secret, confirms with a code, and then asks for a code at sign-in', async () => {
      await addStaff('totp1');
      const token = await sessionOf('totp1');
      const other = await sessionOf('totp1');
      const before = await call('GET', '/bo/api/staff/2fa', token);
      expect(before.json().value).toEqual({
        enabled: false,
        enabledAt: null,
        recoveryCodesLeft: 0,
        required: false,
        enrolmentOnly: false,
      });

      const enrolment = await call('POST', '/bo/api/staff/2fa/enrol', token);
      const value = enrolment.json().value!;
      expect(value).toMatchObject({
        account: 'totp1',
        digits: 6,
        period: 30,
        issuer: 'Playhouse back office',
      });
      expect(value['secret']).toMatch(/^[A-Z2-7]{32}$/);
      expect(value['uri']).toBe(
        `otpauth://totp/Playhouse%20back%20office:totp1?secret=${value['secret']}&issuer=Playhouse+back+office&algorithm=SHA1&digits=6&period=30`,
      );
      const svg = Buffer.from((value['qrCode'] as string).split(',')[1]!, 'base64').toString();
      expect(value['qrCode']).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(svg).toContain('<svg');
      const secret: string = value['secret'];
      // Stored sealed, never as the secret itself.
      const pending = (await staffRow('totp1')).totp_pending!;
      expect(pending).not.toContain(secret);
      expect(app.services.secrets.open(TOTP_SEAL_PURPOSE, pending)).toBe(secret);

      const wrongCode = totpCode(secret, totpStep(Date.now()) + 5);
      const wrong = await call('POST', '/bo/api/staff/2fa/confirm', token, { code: wrongCode });
      expect(wrong.json().code).toBe('TWO_FACTOR_CODE_INVALID');
      expect((await call('GET', '/bo/api/staff/2fa', token)).json().value).toMatchObject({ enabled: false });

      const step = totpStep(Date.now());
      const confirmed = await call('POST', '/bo/api/staff/2fa/confirm', token, {
        code: totpCode(secret, step),
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const codes = confirmed.json().value!['recoveryCodes'] as string[];
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      expect(confirmed.json().value).not.toHaveProperty('token');
      const row = await staffRow('totp1');
      expect(row.totp_pending).toBeNull();
      expect(app.services.secrets.open(TOTP_SEAL_PURPOSE, row.totp_secret!)).toBe(secret);
      const stored = await app.services.db
        .selectFrom('staff_recovery_codes')
        .select('code_hash')
        .where('staff_id', '=', row.id)
        .execute();
      expect(stored).toHaveLength(10);
      for (const c of codes) expect(stored.map((s) => s.code_hash)).not.toContain(c);
      expect((await call('GET', '/bo/api/staff/2fa', token)).json().value).toMatchObject({
        enabled: true,
        recoveryCodesLeft: 10,
      });
      // This session stays; the other one, opened on the password alone, ended.
      expect((await call('GET', '/bo/api/settings', token)).statusCode).toBe(200);
      expect((await call('GET', '/bo/api/settings', other)).statusCode).toBe(401);
      expect((await call('POST', '/bo/api/staff/2fa/enrol', token)).json().code).toBe(
        'TWO_FACTOR_ALREADY_ENABLED',
      );

      // The password alone now gives a challenge, no session.
      const challenge = await challengeFor('totp1');
      const bad = await secondStep({ challenge, code: wrongCode });
      expect(bad.json()).toMatchObject({ code: 'TWO_FACTOR_CODE_INVALID' });
      // The confirmation used this step's code; the next step's is accepted (±1 step).
      const good = await secondStep({ challenge, code: totpCode(secret, step + 1) });
      expect(good.statusCode, good.body).toBe(200);
      const session = good.json().value!['token'] as string;
      expect((await call('GET', '/bo/api/settings', session)).statusCode).toBe(200);
      // The challenge worked once.
      expect((await secondStep({ challenge, code: totpCode(secret, step + 1) })).json().code).toBe(
        'TWO_FACTOR_CHALLENGE_INVALID',
      );
      expect(await auditActions(row.id)).toEqual(
        expect.arrayContaining([
          'staff.2fa.enrol',
          'staff.2fa.failed',
          'staff.2fa.enabled',
          'staff.login.password',
          'staff.login',
        ]),
      );
    });

    it('refuses a replayed code, also raced on one challenge and over 30 challenges: one sign-in each', async () => {
      await addStaff('totp2');
      const clock = serverClock();
      const { secret, step } = await enable(await sessionOf('totp2'));
      const code = totpCode(secret, step + 1);
      const first = await secondStep({ challenge: await challengeFor('totp2'), code });
      expect(first.statusCode).toBe(200);
      const replay = await secondStep({ challenge: await challengeFor('totp2'), code });
      expect(replay.json().code).toBe('TWO_FACTOR_CODE_INVALID');
      // An older step's code after a newer one is refused as well.
      expect(
        (await secondStep({ challenge: await challengeFor('totp2'), code: totpCode(secret, step) })).json()
          .code,
      ).toBe('TWO_FACTOR_CODE_INVALID');

      // A step later, one challenge and a fresh code 20 times at once: five tries, one session. (The
      // step after the last one used, step + 1, is still within one step of the clock.)
      clock.advance(30_000);
      const single = await challengeFor('totp2');
      const next = totpCode(secret, step + 2);
      const same = tally(await race(20, () => secondStep({ challenge: single, code: next })), responseLabel);
      expect(same, JSON.stringify(same)).toMatchObject({ '200': 1 });
      // At most five tries reached a code check; the rest found the challenge spent or used.
      expect(same['401 TWO_FACTOR_CHALLENGE_INVALID']).toBeGreaterThanOrEqual(20 - STAFF_CHALLENGE.tries);
      expect((same['400 TWO_FACTOR_CODE_INVALID'] ?? 0) + (same['429 RATE_LIMITED'] ?? 0)).toBeLessThan(
        STAFF_CHALLENGE.tries,
      );

      // A step later again, one fresh code raced over 30 challenges from 30 addresses: one session.
      clock.advance(30_000);
      const from = addresses();
      const challenges: string[] = [];
      for (let i = 0; i < 30; i++) challenges.push(await challengeFor('totp2', from(i)));
      const fresh = totpCode(secret, step + 3);
      const outcomes = await race(30, (i) => secondStep({ challenge: challenges[i], code: fresh }, from(i)));
      const counts = tally(outcomes, responseLabel);
      expect(counts['200']).toBe(1);
      expect(counts['400 TWO_FACTOR_CODE_INVALID']).toBeGreaterThan(0);
      expect(
        Object.keys(counts).every((k) =>
          ['200', '400 TWO_FACTOR_CODE_INVALID', '429 RATE_LIMITED'].includes(k),
        ),
      ).toBe(true);
    });

    it('gives a challenge five tries, counts codes per account and refuses the right code after them', async () => {
      await addStaff('totp3');
      const clock = serverClock();
      const { secret, step } = await enable(await sessionOf('totp3'));
      const challenge = await challengeFor('totp3');
      const wrong = totpCode(secret, step + 7);
      for (let i = 0; i < STAFF_CHALLENGE.tries; i++)
        expect((await secondStep({ challenge, code: wrong })).json().code).toBe('TWO_FACTOR_CODE_INVALID');
      expect((await secondStep({ challenge, code: totpCode(secret, step + 1) })).json().code).toBe(
        'TWO_FACTOR_CHALLENGE_INVALID',
      );
      // Across challenges the account's code count goes on: past five failures, one check per wait.
      clock.freeze();
      const other = await challengeFor('totp3');
      expect((await secondStep({ challenge: other, code: wrong })).json().code).toBe(
        'TWO_FACTOR_CODE_INVALID',
      );
      const waiting = await secondStep({ challenge: other, code: totpCode(secret, step + 1) });
      expect(waiting.json()).toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: 1000 });
      clock.advance(1000);
      expect((await secondStep({ challenge: other, code: totpCode(secret, step + 1) })).statusCode).toBe(200);
      // Expired challenges are refused.
      const late = await challengeFor('totp3');
      clock.advance(STAFF_CHALLENGE.ttlMs + 1);
      expect(
        (await secondStep({ challenge: late, code: totpCode(secret, totpStep(Date.now())) })).json().code,
      ).toBe('TWO_FACTOR_CHALLENGE_INVALID');
      expect((await secondStep({ challenge: 'a'.repeat(43), code: '123456' })).json().code).toBe(
        'TWO_FACTOR_CHALLENGE_INVALID',
      );
    });

    it('accepts each recovery code once, also under a race, and regenerates them for a current code', async () => {
      await addStaff('totp4');
      const clock = serverClock();
      const token = await sessionOf('totp4');
      const { secret, recoveryCodes, step } = await enable(token);

      // Written as the user might type it: upper case, no dash.
      const first = recoveryCodes[0]!.toUpperCase().replace('-', '');
      expect(
        (await secondStep({ challenge: await challengeFor('totp4'), recoveryCode: first })).statusCode,
      ).toBe(200);
      expect(
        (await secondStep({ challenge: await challengeFor('totp4'), recoveryCode: first })).json().code,
      ).toBe('TWO_FACTOR_CODE_INVALID');
      expect((await call('GET', '/bo/api/staff/2fa', token)).json().value).toMatchObject({
        recoveryCodesLeft: 9,
      });

      // New codes need a current code; the old ones then stop working.
      const outOfWindow = totpCode(secret, step + 9);
      expect(
        (await call('POST', '/bo/api/staff/2fa/recovery-codes', token, { code: outOfWindow })).json().code,
      ).toBe('TWO_FACTOR_CODE_INVALID');
      clock.advance(30_000);
      const regenerated = await call('POST', '/bo/api/staff/2fa/recovery-codes', token, {
        code: totpCode(secret, step + 1),
      });
      expect(regenerated.statusCode, regenerated.body).toBe(200);
      const fresh = regenerated.json().value!['recoveryCodes'] as string[];
      expect(fresh).toHaveLength(10);
      expect(fresh).not.toContain(recoveryCodes[1]);
      expect(
        (await secondStep({ challenge: await challengeFor('totp4'), recoveryCode: recoveryCodes[1] })).json()
          .code,
      ).toBe('TWO_FACTOR_CODE_INVALID');

      // One new code raced over 25 challenges from 25 addresses: one session.
      const from = addresses();
      const challenges: string[] = [];
      for (let i = 0; i < 25; i++) challenges.push(await challengeFor('totp4', from(i)));
      const outcomes = await race(25, (i) =>
        secondStep({ challenge: challenges[i], recoveryCode: fresh[0] }, from(i)),
      );
      const counts = tally(outcomes, responseLabel);
      expect(counts, JSON.stringify(counts)).toMatchObject({ '200': 1 });
      expect((await call('GET', '/bo/api/staff/2fa', token)).json().value).toMatchObject({
        recoveryCodesLeft: 9,
      });
      const row = await staffRow('totp4');
      expect(await auditActions(row.id)).toEqual(expect.arrayContaining(['staff.2fa.recovery-codes']));
    });

    it('disables only with a current code, after which the password alone signs in again', async () => {
      await addStaff('totp5');
      const clock = serverClock();
      const token = await sessionOf('totp5');
      const { secret, step } = await enable(token);
      const disable = (body: Record<string, unknown>) =>
        call('POST', '/bo/api/staff/2fa/disable', token, body);
      expect((await disable({})).json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect((await disable({ code: totpCode(secret, step + 9) })).json().code).toBe(
        'TWO_FACTOR_CODE_INVALID',
      );
      // The code that confirmed the enrolment is used up.
      expect((await disable({ code: totpCode(secret, step) })).json().code).toBe('TWO_FACTOR_CODE_INVALID');
      clock.advance(30_000);
      expect((await disable({ code: totpCode(secret, totpStep(Date.now())) })).statusCode).toBe(200);
      expect((await call('GET', '/bo/api/staff/2fa', token)).json().value).toMatchObject({ enabled: false });
      expect((await disable({ code: totpCode(secret, totpStep(Date.now()) + 1) })).json().code).toBe(
        'TWO_FACTOR_NOT_ENABLED',
      );
      const row = await staffRow('totp5');
      expect(row.totp_secret).toBeNull();
      const again = await signIn({ username: 'totp5', password: PASSWORD });
      expect(again.json().value).toMatchObject({ token: expect.any(String) });
      expect(await auditActions(row.id)).toEqual(expect.arrayContaining(['staff.2fa.disabled']));
      // Confirming without enrolling first says so.
      expect((await call('POST', '/bo/api/staff/2fa/confirm', token, { code: '123456' })).json().code).toBe(
        'TWO_FACTOR_NOT_STARTED',
      );
    });

    it('when the settings require it, signs owners without a second factor into enrolment only', async () => {
      await addStaff('owner1', 'owner');
      await addStaff('support1', 'support');
      const settingsPut = (on: boolean) =>
        app.inject({
          method: 'PUT',
          url: '/bo/api/settings',
          headers: admin,
          payload: { security: { staffTwoFactorRequired: on } },
        });
      const defaults = (await app.inject({ url: '/bo/api/settings', headers: admin })).json().value;
      expect(defaults.settings.security).toMatchObject({ staffTwoFactorRequired: false });
      expect((await settingsPut(true)).json().value.settings.security).toMatchObject({
        staffTwoFactorRequired: true,
      });
      try {
        const res = await signIn({ username: 'owner1', password: PASSWORD });
        expect(res.json().value).toMatchObject({ enrolmentRequired: true, token: expect.any(String) });
        const limited = res.json().value!['token'] as string;
        // The limited session can do nothing but enrol.
        for (const url of ['/bo/api/settings', '/bo/api/audit', '/bo/api/outbox']) {
          const refused = await call('GET', url, limited);
          expect(refused.statusCode).toBe(403);
          expect(refused.json().code).toBe('TWO_FACTOR_ENROLMENT_REQUIRED');
        }
        expect(
          (await call('POST', '/bo/api/staff/2fa/disable', limited, { code: '123456' })).json().code,
        ).toBe('TWO_FACTOR_ENROLMENT_REQUIRED');
        expect((await call('GET', '/bo/api/session', limited)).json().value).toEqual({
          username: 'owner1',
          role: 'owner',
          enrolmentRequired: true,
          passwordChangeRequired: false,
        });
        expect((await call('GET', '/bo/api/staff/2fa', limited)).json().value).toMatchObject({
          enabled: false,
          required: true,
          enrolmentOnly: true,
        });

        // Enrolling ends the limited session and opens a full one.
        const secret: string = (await call('POST', '/bo/api/staff/2fa/enrol', limited)).json().value![
          'secret'
        ];
        const step = totpStep(Date.now());
        const confirmed = await call('POST', '/bo/api/staff/2fa/confirm', limited, {
          code: totpCode(secret, step),
        });
        expect(confirmed.statusCode, confirmed.body).toBe(200);
        const full = confirmed.json().value!['token'] as string;
        expect(confirmed.json().value!['recoveryCodes']).toHaveLength(10);
        expect((await call('GET', '/bo/api/settings', full)).statusCode).toBe(200);
        expect((await call('GET', '/bo/api/session', limited)).statusCode).toBe(401);
        // From now on: password, then code.
        const challenge = await challengeFor('owner1');
        expect((await secondStep({ challenge, code: totpCode(secret, step + 1) })).statusCode).toBe(200);

        // Roles the rule does not cover sign in as before.
        expect((await signIn({ username: 'support1', password: PASSWORD })).json().value).toMatchObject({
          token: expect.any(String),
        });
        expect((await signIn({ username: 'support1', password: PASSWORD })).json().value).not.toHaveProperty(
          'enrolmentRequired',
        );
      } finally {
        await settingsPut(false);
      }
      expect((await signIn({ username: 'support1', password: PASSWORD })).statusCode).toBe(200);
    });
  });
});
