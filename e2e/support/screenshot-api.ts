import { encryptCredentials } from '@playhouse/contract/credential-encryption';

/**
 * For the screenshot scripts (plain scripts, not tests: no vitest `inject`): a JSON API caller for
 * one running server that returns the envelope's value and throws on any refusal, and the staff
 * sign-in every script starts with.
 */
export function apiCaller(baseUrl: string) {
  return async <T = Record<string, string>>(
    method: string,
    route: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> => {
    const res = await fetch(`${baseUrl}${route}`, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    const json = (await res.json()) as { success?: boolean; value?: T; code?: string; message?: string };
    if (!res.ok || json.success === false)
      throw new Error(`${method} ${route}: ${json.code ?? res.status} ${json.message ?? ''}`);
    return json.value!;
  };
}
export type ApiCaller = ReturnType<typeof apiCaller>;

/** Signs in as the first operator account; the headers for the back-office API. */
export async function staffHeaders(call: ApiCaller, password: string): Promise<{ authorization: string }> {
  const { token } = await call<{ token: string }>('POST', '/bo/api/session', { username: 'admin', password });
  return { authorization: `Bearer ${token}` };
}

export interface ScreenshotSession {
  token: string;
  userName: string;
  type: number;
}

/**
 * A server made ready for members: staff signed in, sign-up without captcha; `register` signs a member
 * up through the sealed form and credits 5,000.00, `playUntil` plays in-house rounds through the API
 * until one is wanted, acknowledging every other as shown (so the game opens on the wanted one).
 */
export async function memberScripts<R extends { roundId: string }>(call: ApiCaller, password: string) {
  const staff = await staffHeaders(call, password);
  await call('PUT', '/bo/api/settings', { register: { captcha: { enabled: false } } }, staff);
  const { publicKey } = await call<{ publicKey: string }>('GET', '/wps/system/publicKey');

  const register = async (userName: string): Promise<ScreenshotSession> => {
    const sealed = await encryptCredentials(publicKey, {
      username: userName,
      password: 'Member-pass-2026',
      confirmPassword: 'Member-pass-2026',
    });
    const session = await call<ScreenshotSession>('PUT', '/wps/member/register', sealed.body, {
      encryption: sealed.header,
    });
    await call(
      'POST',
      '/bo/api/wallet/adjustments',
      { userName, amount: '5000.00', reason: 'Demo credit' },
      staff,
    );
    return session;
  };

  const playUntil = async (
    token: string,
    gameCode: string,
    stake: string,
    options: unknown,
    wanted: (r: R) => boolean,
  ): Promise<R> => {
    const member = { authorization: `Bearer ${token}` };
    for (let i = 0; i < 3000; i++) {
      const round = await call<R>(
        'POST',
        '/play/api/rounds',
        {
          gameCode,
          stake,
          requestId: `shot-${gameCode}-${Date.now()}-${i}`,
          ...(options ? { options } : {}),
        },
        member,
      );
      if (wanted(round)) return round;
      await call('POST', `/play/api/rounds/${round.roundId}/shown`, undefined, member);
    }
    throw new Error(`no wanted round of ${gameCode}`);
  };

  return { staff, register, playUntil };
}
