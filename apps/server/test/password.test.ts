import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { encryptCredentials } from '@playhouse/contract/credential-encryption';
import type { App } from '../src/app.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { createVerificationService } from '../src/modules/verification/verification.service.ts';
import { normalizeMobile } from '../src/modules/verification/mobile.ts';
import { createTestApp, createTestMember, DIALECTS, staffAuth } from './support/test-app.ts';

const OLD = 'Harbour-light-42';
const NEW = 'Quiet-meadow-77';

/** A member with a password, an e-mail address and a mobile number on file. */
async function memberWithPassword(app: App, extra: { email?: string; mobile?: string } = {}) {
  const m = await createTestMember(app);
  const mobile = extra.mobile ? normalizeMobile('+63', extra.mobile) : undefined;
  await app.services.db
    .updateTable('members')
    .set({
      password_hash: await hashPassword(OLD),
      email: extra.email ?? `${m.username}@example.com`,
      ...(mobile ? { country_dialing_code: mobile.dialingCode, mobile_num: mobile.national } : {}),
    })
    .where('id', '=', m.id)
    .execute();
  return { ...m, email: extra.email ?? `${m.username}@example.com` };
}

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded', language: 'EN' },
  payload: new URLSearchParams(fields).toString(),
});

async function forgot(app: App, fields: Record<string, string>) {
  const res = await app.inject({ method: 'POST', url: '/wps/member/password/email', ...form(fields) });
  await app.services.password.idle();
  return res;
}

async function outbox(app: App, channel: 'email' | 'sms') {
  const auth = await staffAuth(app);
  const res = await app.inject({ url: `/bo/api/outbox?channel=${channel}`, headers: auth });
  return res.json().value.list as { recipient: string; body: string; subject: string | null }[];
}

const tokenIn = (body: string) => /[?&]token=([A-Za-z0-9_-]{43})/.exec(body)?.[1];

async function encrypted(app: App, url: string, payload: unknown) {
  const key = (await app.inject({ url: '/wps/system/publicKey' })).json().value.publicKey as string;
  const { header, body } = await encryptCredentials(key, payload);
  return app.inject({ method: 'POST', url, headers: { encryption: header, language: 'EN' }, payload: body });
}

const changePassword = (app: App, authorization: string, body: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/wps/member/password',
    headers: { authorization, language: 'EN' },
    payload: body,
  });

const signedIn = async (app: App, authorization: string) =>
  (await app.inject({ url: '/wps/member/info/renewed', headers: { authorization } })).statusCode === 200;

describe.each(DIALECTS)('forgot password by e-mail on %s', (dialect) => {
  it('mails a single-use link only when username and e-mail match, answering the same either way', async () => {
    const app = await createTestApp(dialect);
    const m = await memberWithPassword(app);
    const other = await memberWithPassword(app);

    const hit = await forgot(app, { username: `  ${m.username.toUpperCase()} `, email: ` ${m.email} ` });
    expect(hit.statusCode).toBe(200);
    expect(hit.json()).toEqual({ success: true, value: {} });
    const mails = await outbox(app, 'email');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.recipient).toBe(m.email);
    expect(mails[0]!.subject).toContain('password');
    const token = tokenIn(mails[0]!.body)!;
    expect(mails[0]!.body).toContain('http://localhost:80/m/forget?token=');
    expect(token).toBeTruthy();
    // Only the hash is stored.
    const rows = await app.services.db.selectFrom('password_reset_tokens').selectAll().execute();
    expect(rows.map((r) => r.token_hash).join()).not.toContain(token);

    // Wrong e-mail for a real user, another member's e-mail, unknown user: same answer, no mail.
    for (const fields of [
      { username: m.username, email: 'someone@example.com' },
      { username: m.username, email: other.email },
      { username: 'nobody_here', email: m.email },
    ]) {
      const miss = await forgot(app, fields);
      expect(miss.statusCode).toBe(200);
      expect(miss.body).toBe(hit.body);
    }
    expect(await outbox(app, 'email')).toHaveLength(1);

    // The link sets a new password, signs in, and ends every older session.
    const weak = await encrypted(app, '/wps/member/password/reset', {
      token,
      newPassword: 'short',
      confirmNewPassword: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(Object.keys(weak.json().fields)).toEqual(['newPassword']);
    const mismatch = await encrypted(app, '/wps/member/password/reset', {
      token,
      newPassword: NEW,
      confirmNewPassword: `${NEW}x`,
    });
    expect(mismatch.json().fields.confirmNewPassword).toEqual(['Confirmation password not matched']);

    const done = await encrypted(app, '/wps/member/password/reset', {
      token,
      newPassword: NEW,
      confirmNewPassword: NEW,
    });
    expect(done.statusCode).toBe(200);
    const session = done.json().value;
    expect(session).toMatchObject({ userName: m.username, type: 0, firstTimeLogin: false });
    expect(await signedIn(app, `Bearer ${session.token}`)).toBe(true);
    expect(await signedIn(app, m.authorization)).toBe(false);

    // Single use.
    const again = await encrypted(app, '/wps/member/password/reset', {
      token,
      newPassword: 'Another-pass-93',
      confirmNewPassword: 'Another-pass-93',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('RESET_TOKEN_INVALID');

    // The new password is the one that now works.
    const changed = await changePassword(app, `Bearer ${session.token}`, {
      oldPassword: NEW,
      newPassword: OLD,
      confirmNewPassword: OLD,
    });
    expect(changed.statusCode).toBe(200);
  });

  it('refuses expired, superseded, malformed and plain-text resets', async () => {
    const app = await createTestApp(dialect);
    const m = await memberWithPassword(app);
    await forgot(app, { username: m.username, email: m.email });
    await forgot(app, { username: m.username, email: m.email });
    const [newer, older] = (await outbox(app, 'email')).map((x) => tokenIn(x.body)!);
    const reset = (token: string) =>
      encrypted(app, '/wps/member/password/reset', { token, newPassword: NEW, confirmNewPassword: NEW });

    // A newer link replaces the older one.
    expect((await reset(older!)).json().code).toBe('RESET_TOKEN_INVALID');

    await app.services.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('used_at', 'is', null)
      .execute();
    expect((await reset(newer!)).json().code).toBe('RESET_TOKEN_INVALID');

    const malformed = await reset('not-a-token');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toHaveProperty('token');

    const plain = await app.inject({
      method: 'POST',
      url: '/wps/member/password/reset',
      payload: { token: newer, newPassword: NEW, confirmNewPassword: NEW },
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().code).toBe('ENCRYPTION_REQUIRED');
  });

  it('validates input formats with field messages, caps mails per hour and honours the flag', async () => {
    const app = await createTestApp(dialect);
    const m = await memberWithPassword(app);
    const bad = await forgot(app, { username: 'bad name!', email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      username: ['Account format is incorrect'],
      email: ['E-mail format is incorrect'],
    });
    const missing = await forgot(app, { username: m.username });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.email).toEqual(['This field is required']);
    const extra = await forgot(app, { username: m.username, email: m.email, admin: '1' });
    expect(extra.json().fields).toEqual({ admin: ['This field is not accepted'] });

    for (let i = 0; i < 5; i++) {
      expect((await forgot(app, { username: m.username, email: m.email })).statusCode).toBe(200);
    }
    expect(await outbox(app, 'email')).toHaveLength(3);

    await app.inject({
      method: 'PUT',
      url: '/bo/api/settings',
      headers: await staffAuth(app),
      payload: { whitelabel: { PSWMAIL3: false } },
    });
    const off = await forgot(app, { username: m.username, email: m.email });
    expect(off.statusCode).toBe(403);
    expect(off.json().code).toBe('FORBIDDEN');
  });

  it('delivers by SMTP when SMTP_URL is set, keeping the link out of the outbox log', async () => {
    const received: { from: string; to: string[]; raw: string; user?: string }[] = [];
    const smtp = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 's3cret') callback(null, { user: auth.username });
        else callback(new Error('bad credentials'));
      },
      onData(stream, session, callback) {
        let raw = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => (raw += chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            user: session.user as string | undefined,
          });
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
    const { port } = smtp.server.address() as AddressInfo;

    const app = await createTestApp(dialect, {
      SMTP_URL: `smtp://mailer:s3cret@127.0.0.1:${port}`,
      SMTP_FROM: 'Playhouse <accounts@playhouse.test>',
      PUBLIC_URL: 'https://play.example.com/',
    });
    const m = await memberWithPassword(app);
    expect((await forgot(app, { username: m.username, email: m.email })).statusCode).toBe(200);

    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe('accounts@playhouse.test');
    expect(received[0]!.to).toEqual([m.email]);
    expect(received[0]!.user).toBe('mailer');
    const raw = received[0]!.raw.replace(/=\r?\n/g, '');
    expect(raw).toMatch(
      /https:\/\/play\.example\.com\/m\/forget\?token=3D[A-Za-z0-9_-]{43}|https:\/\/play\.example\.com\/m\/forget\?token=[A-Za-z0-9_-]{43}/,
    );

    const logged = await outbox(app, 'email');
    expect(logged).toHaveLength(1);
    expect(tokenIn(logged[0]!.body)).toBeUndefined();
    expect(logged[0]!.body).toContain('[link removed]');
  });
});

describe.each(DIALECTS)('set password by phone on %s', (dialect) => {
  const MOBILE = '9171234567';

  async function sendCode(app: App, mobile: string) {
    const operator = await app.services.settings.defaultOperator();
    const verification = createVerificationService(app.services.db, app.services.outbox);
    await app.services.db.deleteFrom('sms_codes').execute();
    await verification.send({
      operatorId: operator.id,
      siteName: 'Playhouse',
      language: 'EN',
      purpose: 'reset-password',
      mobile: normalizeMobile('+63', mobile),
      ip: '127.0.0.1',
    });
    const [latest] = await outbox(app, 'sms');
    return /\b(\d{6})\b/.exec(latest!.body)![1]!;
  }

  const setByPhone = (app: App, body: Record<string, unknown>) =>
    encrypted(app, '/wps/member/password/verification', {
      countryDialingCode: '+63',
      mobileNum: MOBILE,
      ...body,
    });

  it('checks the code first, keeps it usable after a refused password, then signs in', async () => {
    const app = await createTestApp(dialect);
    const m = await memberWithPassword(app, { mobile: MOBILE });
    const code = await sendCode(app, MOBILE);

    const wrong = await setByPhone(app, {
      newPassword: NEW,
      verificationCode: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('VERIFICATION_CODE_ERROR');

    const same = await setByPhone(app, { newPassword: OLD, verificationCode: code });
    expect(same.statusCode).toBe(400);
    expect(same.json().code).toBe('PASSWORD_UNCHANGED');

    const weak = await setByPhone(app, { newPassword: 'password', verificationCode: code });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields).toHaveProperty('newPassword');

    const done = await setByPhone(app, { newPassword: NEW, verificationCode: code });
    expect(done.statusCode).toBe(200);
    expect(done.json().value.userName).toBe(m.username);
    expect(await signedIn(app, `Bearer ${done.json().value.token}`)).toBe(true);
    expect(await signedIn(app, m.authorization)).toBe(false);

    // The code is used up.
    const replay = await setByPhone(app, { newPassword: 'Another-pass-93', verificationCode: code });
    expect(replay.json().code).toBe('VERIFICATION_CODE_ERROR');
  });

  it('answers an unregistered number only after a good code, and honours the flag', async () => {
    const app = await createTestApp(dialect);
    const code = await sendCode(app, '9179999999');
    const guess = await encrypted(app, '/wps/member/password/verification', {
      countryDialingCode: '+63',
      mobileNum: '9179999999',
      newPassword: NEW,
      verificationCode: '12345',
    });
    expect(guess.json().code).toBe('VERIFICATION_CODE_ERROR');
    const unknown = await encrypted(app, '/wps/member/password/verification', {
      countryDialingCode: '+63',
      mobileNum: '9179999999',
      newPassword: NEW,
      verificationCode: code,
    });
    expect(unknown.json().code).toBe('ACCOUNT_UNAVAILABLE');

    const bad = await encrypted(app, '/wps/member/password/verification', {
      countryDialingCode: 'PH',
      mobileNum: 'abc',
      newPassword: NEW,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual([
      'countryDialingCode',
      'mobileNum',
      'verificationCode',
    ]);

    await app.inject({
      method: 'PUT',
      url: '/bo/api/settings',
      headers: await staffAuth(app),
      payload: { whitelabel: { PSWPHONE3: false } },
    });
    const off = await setByPhone(app, { newPassword: NEW, verificationCode: code });
    expect(off.json().code).toBe('FORBIDDEN');
  });
});

describe.each(DIALECTS)('change password on %s', (dialect) => {
  it('needs a session, the right old password, a different and valid new one', async () => {
    const app = await createTestApp(dialect);
    const m = await memberWithPassword(app);
    const guest = await app.inject({
      method: 'POST',
      url: '/wps/member/password',
      payload: { oldPassword: OLD, newPassword: NEW, confirmNewPassword: NEW },
    });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().code).toBe('NOT_LOGGED_IN');

    const wrongOld = await changePassword(app, m.authorization, {
      oldPassword: 'Not-the-password-1',
      newPassword: NEW,
      confirmNewPassword: NEW,
    });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json().code).toBe('OLD_PASSWORD_INCORRECT');

    const same = await changePassword(app, m.authorization, {
      oldPassword: OLD,
      newPassword: OLD,
      confirmNewPassword: OLD,
    });
    expect(same.json().code).toBe('PASSWORD_UNCHANGED');

    const mismatch = await changePassword(app, m.authorization, {
      oldPassword: OLD,
      newPassword: NEW,
      confirmNewPassword: 'Quiet-meadow-78',
    });
    expect(mismatch.json().fields).toEqual({ confirmNewPassword: ['Confirmation password not matched'] });

    const weak = await changePassword(app, m.authorization, {
      oldPassword: OLD,
      newPassword: m.username,
      confirmNewPassword: m.username,
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields).toHaveProperty('newPassword');

    const missing = await changePassword(app, m.authorization, { newPassword: NEW });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields).sort()).toEqual(['confirmNewPassword', 'oldPassword']);
  });

  it('signs other sessions out unless asked to keep them; the current one always stays', async () => {
    const app = await createTestApp(dialect);
    const m = await memberWithPassword(app);
    const operator = await app.services.settings.defaultOperator();
    const { MEMBER_SESSION } = await import('../src/modules/members/member-auth.service.ts');
    const second = async () =>
      `Bearer ${(await app.services.sessions.create({ type: 'member', id: m.id, operatorId: operator.id }, MEMBER_SESSION, {})).token}`;

    const phone = await second();
    const kept = await changePassword(app, m.authorization, {
      oldPassword: OLD,
      newPassword: NEW,
      confirmNewPassword: NEW,
      signOutOthers: false,
    });
    expect(kept.json()).toEqual({ success: true, value: { signedOutSessions: 0 } });
    expect(await signedIn(app, phone)).toBe(true);

    const tablet = await second();
    const out = await changePassword(app, m.authorization, {
      oldPassword: NEW,
      newPassword: OLD,
      confirmNewPassword: OLD,
    });
    expect(out.json().value.signedOutSessions).toBe(2);
    expect(await signedIn(app, phone)).toBe(false);
    expect(await signedIn(app, tablet)).toBe(false);
    expect(await signedIn(app, m.authorization)).toBe(true);

    const audit = await app.inject({
      url: '/bo/api/audit?action=member.password.changed',
      headers: await staffAuth(app),
    });
    expect(audit.json().value.totalCount).toBe(2);
  });

  it('refuses trial accounts', async () => {
    const app = await createTestApp(dialect);
    const trial = await createTestMember(app, { type: 4 });
    const res = await changePassword(app, trial.authorization, {
      oldPassword: OLD,
      newPassword: NEW,
      confirmNewPassword: NEW,
    });
    expect(res.statusCode).toBe(403);
  });
});
