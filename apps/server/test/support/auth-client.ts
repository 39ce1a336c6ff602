import { encryptCredentials } from '@playhouse/contract/credential-encryption';
import type { App } from '../../src/app.ts';
import { staffAuth } from './test-app.ts';

/** Sends an encrypted credential request the way the browser does. */
export async function sendEncrypted(
  app: App,
  method: 'POST' | 'PUT',
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  const { publicKey } = (await app.inject({ url: '/wps/system/publicKey' })).json().value as {
    publicKey: string;
  };
  const { header, body } = await encryptCredentials(publicKey, payload);
  return app.inject({
    method,
    url,
    headers: { encryption: header, language: 'EN', ...headers },
    payload: body,
  });
}

/** A fresh captcha with its answer, straight from the service (the HTTP route never reveals it). */
export async function solvedCaptcha(app: App): Promise<{ captcha: string; captchaKey: string }> {
  const operator = await app.services.settings.defaultOperator();
  const { code, captchaKey } = await app.services.captcha.issue(operator.id);
  return { captcha: code, captchaKey };
}

export async function patchSettings(app: App, patch: unknown) {
  const res = await app.inject({
    method: 'PUT',
    url: '/bo/api/settings',
    headers: await staffAuth(app),
    payload: patch as object,
  });
  if (res.statusCode !== 200) throw new Error(`settings: ${res.body}`);
}

export const login = (app: App, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  sendEncrypted(app, 'POST', '/wps/session/login', { type: 'username', ...payload }, headers);

export const register = (app: App, payload: Record<string, unknown>, mobile = false) =>
  sendEncrypted(app, 'PUT', mobile ? '/wps/member/register/mobile' : '/wps/member/register', payload);

let seq = 0;
/** A username unique within the test run that the default rules accept. */
export const newUsername = () => `u${Date.now().toString(36).slice(-6)}${seq++}`;
export const GOOD_PASSWORD = 'Harbour7Tangerine';

/** Registers by username with a solved captcha and returns the login result. */
export async function registerMember(app: App, extra: Record<string, unknown> = {}) {
  const username = newUsername();
  const res = await register(app, {
    username,
    password: GOOD_PASSWORD,
    confirmPassword: GOOD_PASSWORD,
    ...(await solvedCaptcha(app)),
    ...extra,
  });
  if (res.statusCode !== 200) throw new Error(`register: ${res.body}`);
  return { username, ...(res.json().value as { token: string; userName: string; type: number }) };
}

/** Asks for an SMS code and reads it back from the operator outbox, as an operator would. */
export async function smsCode(
  app: App,
  kind: 'register' | 'noLogin',
  countryDialingCode: string,
  mobileNum: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<string> {
  const sent = await app.inject({
    method: 'POST',
    url: `/wps/verification/sms/${kind}`,
    headers,
    payload: { countryDialingCode, mobileNum, ...extra },
  });
  if (sent.statusCode !== 200) throw new Error(`sms: ${sent.body}`);
  const outbox = await app.inject({
    url: '/bo/api/outbox?channel=sms&pageSize=1',
    headers: await staffAuth(app),
  });
  const body = (outbox.json().value.list[0]?.body ?? '') as string;
  const code = /\b(\d{6})\b/.exec(body)?.[1];
  if (!code) throw new Error(`no code in ${body}`);
  return code;
}

/** Moves every sent SMS code back in time, past the resend countdown (not past its expiry). */
export async function passResendCountdown(app: App, ms = 61_000) {
  const rows = await app.services.db.selectFrom('sms_codes').select(['id', 'created_at']).execute();
  for (const r of rows)
    await app.services.db
      .updateTable('sms_codes')
      .set({ created_at: Number(r.created_at) - ms })
      .where('id', '=', r.id)
      .execute();
}
