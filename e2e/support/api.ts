import { inject } from 'vitest';

/** Calls the running server's JSON API and returns the parsed envelope. */
export async function api<T = unknown>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: { success: boolean; value?: T; code?: string; message?: string } }> {
  const res = await fetch(`${inject('baseUrl')}${path}`, {
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
