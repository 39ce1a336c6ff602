import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { paymentMember } from './support/payments.ts';
import { race, responseLabel, tally } from './support/race.ts';
import { DIALECTS, createTestApp, createTestMember, staffAuth } from './support/test-app.ts';

type Member = { authorization: string; id: number };

/**
 * The security centre binds a phone number or an e-mail address with a code (decision 018): wrong,
 * expired and replayed codes, another member's address, the resend countdown and hourly limits, and
 * changing a bound one with the login password.
 */
describe.each(DIALECTS)('binding phone and e-mail (%s)', (dialect) => {
  const appReady = createTestApp(dialect);
  let ip = 0;
  /** Every test from its own client address, so the per-address hourly limit is one test's own. */
  const post = (app: App, m: Member, url: string, payload: object, remoteAddress?: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: { authorization: m.authorization },
      payload,
      remoteAddress: remoteAddress ?? `10.9.0.${ip}`,
    });

  /** The newest code the outbox holds for a recipient. */
  async function codeFor(app: App, channel: 'sms' | 'email', recipient: string) {
    const res = await app.inject({ url: `/bo/api/outbox?channel=${channel}`, headers: await staffAuth(app) });
    const message = (res.json().value.list as { recipient: string; body: string }[]).find(
      (m) => m.recipient === recipient,
    );
    return /\b(\d{6})\b/.exec(message!.body)![1]!;
  }
  const number = () =>
    `9${String(Math.floor(Math.random() * 1e9))
      .padStart(9, '0')
      .slice(0, 9)}`;

  it('binds a phone with its code once; wrong, replayed and expired codes are refused', async () => {
    const app = await appReady;
    ip += 1;
    const m = await createTestMember(app);
    const mobileNum = `917${number().slice(3)}`;
    const target = { kind: 'phone', countryDialingCode: '+63', mobileNum };
    const sent = await post(app, m, '/wps/member/contact/code', target);
    expect(sent.statusCode).toBe(200);
    const code = await codeFor(app, 'sms', `+63${mobileNum}`);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    const bad = await post(app, m, '/wps/member/contact/bind', { ...target, verificationCode: wrong });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VERIFICATION_CODE_ERROR');
    expect(bad.json().message).toBeTruthy();

    const bound = await post(app, m, '/wps/member/contact/bind', { ...target, verificationCode: code });
    expect(bound.statusCode).toBe(200);
    expect(bound.json().value.mobileNum).toBe(`****${mobileNum.slice(-4)}`);
    // The same code again: used.
    const replay = await post(app, m, '/wps/member/contact/bind', { ...target, verificationCode: code });
    expect(replay.json().code).toBe('VERIFICATION_CODE_ERROR');
    const profile = await app.inject({
      url: '/wps/member/info/renewed',
      headers: { authorization: m.authorization },
    });
    expect(profile.json().value.mobileNum).toBe(`****${mobileNum.slice(-4)}`);

    // An expired code: sent, then its five minutes pass.
    const n = await createTestMember(app);
    const other = { kind: 'phone', countryDialingCode: '+63', mobileNum: `918${number().slice(3)}` };
    expect((await post(app, n, '/wps/member/contact/code', other)).statusCode).toBe(200);
    const late = await codeFor(app, 'sms', `+63${other.mobileNum}`);
    await app.services.db
      .updateTable('sms_codes')
      .set({ expires_at: Date.now() - 1 })
      .where('recipient', '=', `+63${other.mobileNum}`)
      .execute();
    const expired = await post(app, n, '/wps/member/contact/bind', { ...other, verificationCode: late });
    expect(expired.json().code).toBe('VERIFICATION_CODE_ERROR');
  });

  it('refuses a phone or e-mail another member has bound, also when two bind it at once', async () => {
    const app = await appReady;
    ip += 1;
    const owner = await paymentMember(app);
    const row = await app.services.db
      .selectFrom('members')
      .select(['mobile_num'])
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    const m = await createTestMember(app);
    // paymentMember stores "63" without the plus: still the same number.
    const taken = await post(app, m, '/wps/member/contact/code', {
      kind: 'phone',
      countryDialingCode: '+63',
      mobileNum: row.mobile_num!,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'MOBILE_TAKEN' });
    expect(taken.json().message).toBeTruthy();

    await app.services.db
      .updateTable('members')
      .set({ email: 'Taken.Person@example.com' })
      .where('id', '=', owner.id)
      .execute();
    const takenMail = await post(app, m, '/wps/member/contact/code', {
      kind: 'email',
      email: 'taken.person@EXAMPLE.com',
    });
    expect(takenMail.statusCode).toBe(409);
    expect(takenMail.json().code).toBe('EMAIL_TAKEN');

    // Two members each get a code for one free address, then bind at the same moment: one wins.
    const a = await createTestMember(app);
    const b = await createTestMember(app);
    const email = `shared${Date.now()}@example.com`;
    expect((await post(app, a, '/wps/member/contact/code', { kind: 'email', email })).statusCode).toBe(200);
    const codeA = await codeFor(app, 'email', email);
    // The resend countdown is per address: the second code comes a minute later.
    await app.services.db
      .updateTable('sms_codes')
      .set({ created_at: Date.now() - 61_000 })
      .where('recipient', '=', email)
      .execute();
    expect(
      (await post(app, b, '/wps/member/contact/code', { kind: 'email', email }, '10.9.9.9')).statusCode,
    ).toBe(200);
    const codeB = await codeFor(app, 'email', email);
    // Both codes are live for the address; each member sends the newest they got.
    const outcomes = await race(2, (i) =>
      post(app, i ? b : a, '/wps/member/contact/bind', {
        kind: 'email',
        email,
        verificationCode: i ? codeB : codeA,
      }),
    );
    const labels = tally(outcomes, responseLabel);
    expect(labels['200']).toBe(1);
    const holders = await app.services.db
      .selectFrom('members')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(holders).toHaveLength(1);
  });

  it('binds an e-mail with its code and changes a bound one only with the login password', async () => {
    const app = await appReady;
    ip += 1;
    const m = await paymentMember(app);
    const first = `first${Date.now()}@example.com`;
    expect((await post(app, m, '/wps/member/contact/code', { kind: 'email', email: first })).statusCode).toBe(
      200,
    );
    const bound = await post(app, m, '/wps/member/contact/bind', {
      kind: 'email',
      email: first,
      verificationCode: await codeFor(app, 'email', first),
    });
    expect(bound.statusCode).toBe(200);
    expect(bound.json().value.email).toBe(`fi***@example.com`);

    const second = `second${Date.now()}@example.com`;
    expect(
      (await post(app, m, '/wps/member/contact/code', { kind: 'email', email: second })).statusCode,
    ).toBe(200);
    const code = await codeFor(app, 'email', second);
    const noPassword = await post(app, m, '/wps/member/contact/bind', {
      kind: 'email',
      email: second,
      verificationCode: code,
    });
    expect(noPassword.json().code).toBe('OLD_PASSWORD_INCORRECT');
    // That try used the code: a new one, and the password.
    await app.services.db
      .updateTable('sms_codes')
      .set({ created_at: Date.now() - 61_000 })
      .where('recipient', '=', second)
      .execute();
    expect(
      (await post(app, m, '/wps/member/contact/code', { kind: 'email', email: second })).statusCode,
    ).toBe(200);
    const changed = await post(app, m, '/wps/member/contact/bind', {
      kind: 'email',
      email: second,
      verificationCode: await codeFor(app, 'email', second),
      loginPassword: m.password,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().value.email).toBe('se***@example.com');
    const audit = await app.inject({
      url: '/bo/api/audit?action=member.email.bound',
      headers: await staffAuth(app),
    });
    expect(audit.json().value.list.length).toBeGreaterThanOrEqual(2);
  });

  it('keeps the resend countdown and the hourly limit per address', async () => {
    const app = await appReady;
    ip += 1;
    const m = await createTestMember(app);
    const target = { kind: 'phone', countryDialingCode: '+63', mobileNum: `919${number().slice(3)}` };
    const burst = await race(5, () => post(app, m, '/wps/member/contact/code', target));
    expect(tally(burst, responseLabel)).toEqual({ '200': 1, '429 RATE_LIMITED': 4 });
    // Past the countdown, up to five codes an hour per number.
    for (let i = 0; i < 4; i++) {
      await app.services.db
        .updateTable('sms_codes')
        .set((eb) => ({ created_at: eb('created_at', '-', 61_000) }))
        .where('recipient', '=', `+63${target.mobileNum}`)
        .execute();
      expect((await post(app, m, '/wps/member/contact/code', target)).statusCode).toBe(200);
    }
    await app.services.db
      .updateTable('sms_codes')
      .set((eb) => ({ created_at: eb('created_at', '-', 61_000) }))
      .where('recipient', '=', `+63${target.mobileNum}`)
      .execute();
    const sixth = await post(app, m, '/wps/member/contact/code', target);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('RATE_LIMITED');
  });
});
