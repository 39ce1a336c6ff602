import { encryptCredentials } from '@playhouse/contract/credential-encryption';
import { inject } from 'vitest';
import { baseUrl } from './workers.ts';

/** Calls the running server's JSON API and returns the parsed envelope. */
export async function api<T = unknown>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: { success: boolean; value?: T; code?: string; message?: string } }> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as never };
}

let cachedToken: string | undefined;

/** Signs in to the back office as the first operator account (once per test file) and returns the token. */
export async function staffToken(): Promise<string> {
  if (cachedToken) return cachedToken;
  const { body } = await api<{ token: string }>('POST', '/bo/api/session', {
    body: { username: 'admin', password: inject('adminPassword') },
  });
  if (!body.value) throw new Error(`staff login failed: ${body.code}`);
  cachedToken = body.value.token;
  return cachedToken;
}

/** Applies a settings patch through the back-office API. */
export async function patchSettings(token: string, patch: unknown): Promise<void> {
  const { status, body } = await api('PUT', '/bo/api/settings', { token, body: patch });
  if (status !== 200) throw new Error(`settings update failed: ${body.code} ${JSON.stringify(body)}`);
}

export interface MemberSession {
  token: string;
  userName: string;
  type: number;
}

/**
 * Registers a fresh member through the real (encrypted) register API and returns its session. The
 * operator's registration captcha is turned off for it, then put back as it was.
 */
export async function registerMember(prefix: string): Promise<MemberSession> {
  const staff = await staffToken();
  const { body: settings } = await api<{ settings: { register: { captcha: { enabled: boolean } } } }>(
    'GET',
    '/bo/api/settings',
    { token: staff },
  );
  const captcha = settings.value!.settings.register.captcha.enabled;
  await patchSettings(staff, { register: { captcha: { enabled: false } } });
  try {
    const { body: key } = await api<{ publicKey: string }>('GET', '/wps/system/publicKey');
    const username = `${prefix}${Date.now().toString(36)}`;
    const password = 'Member-pass-2026';
    const sealed = await encryptCredentials(key.value!.publicKey, {
      username,
      password,
      confirmPassword: password,
    });
    const { body } = await api<MemberSession>('PUT', '/wps/member/register', {
      body: sealed.body,
      headers: { encryption: sealed.header },
    });
    if (!body.value) throw new Error(`register failed: ${body.code} ${body.message}`);
    return body.value;
  } finally {
    await patchSettings(staff, { register: { captcha: { enabled: captcha } } });
  }
}

/** Browser storage that makes a phone signed in as `member`. */
export const signedInStorage = (member: MemberSession): Record<string, string> => ({
  MC_SESSION_INFO: JSON.stringify({ token: member.token, userName: member.userName, type: member.type }),
});
