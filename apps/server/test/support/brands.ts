import type { App } from '../../src/app.ts';
import { createOperator } from '../../src/modules/operators/provision.ts';
import { GOOD_PASSWORD, newUsername, sendEncrypted } from './auth-client.ts';

export interface Brand {
  id: number;
  code: string;
  host: string;
  owner: { authorization: string };
  ownerPassword: string;
}

let seq = 0;

/** A second operator on its own host, made as the platform console makes one; its owner signed in. */
export async function createBrand(
  app: App,
  input: { code?: string; host?: string; currency?: string; name?: string; demoMode?: boolean } = {},
): Promise<Brand> {
  const code = input.code ?? `brand${Date.now().toString(36)}${seq++}`;
  const host = input.host ?? `${code}.example.test`;
  const ownerPassword = `owner-of-${code}-pass`;
  const id = await createOperator(app.services.db, app.services, {
    code,
    name: input.name ?? `Brand ${code}`,
    currency: input.currency ?? 'USD',
    languages: { supported: ['EN', 'TH'], default: 'EN' },
    domains: [host],
    owner: { username: 'admin', password: ownerPassword },
    ...(input.demoMode ? { demoMode: true } : {}),
  });
  const res = await app.inject({
    method: 'POST',
    url: '/bo/api/session',
    headers: { host },
    payload: { username: 'admin', password: ownerPassword },
  });
  if (res.statusCode !== 200) throw new Error(`brand owner sign-in failed: ${res.body}`);
  return { id, code, host, ownerPassword, owner: { authorization: `Bearer ${res.json().value.token}` } };
}

/** Registers a member on a host (with that operator's captcha), as its site would. */
export async function registerOn(app: App, host: string, operatorId: number) {
  const username = newUsername();
  const { code, captchaKey } = await app.services.captcha.issue(operatorId);
  const res = await sendEncrypted(
    app,
    'PUT',
    '/wps/member/register',
    { username, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD, captcha: code, captchaKey },
    { host },
  );
  if (res.statusCode !== 200) throw new Error(`register on ${host}: ${res.body}`);
  const value = res.json().value as { token: string };
  return { username, token: value.token, authorization: `Bearer ${value.token}` };
}
