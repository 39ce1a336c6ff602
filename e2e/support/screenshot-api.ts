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
