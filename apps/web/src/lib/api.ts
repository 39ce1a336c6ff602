import i18n from 'i18next';
import { STORAGE, readJson } from './storage.ts';

export interface SessionInfo {
  token: string;
  merchantCode?: string;
  userName: string;
  type: number;
  firstTimeLogin?: boolean;
  trialName?: string;
}

/** A failed API call, carrying the server's machine code, localized message and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

type Envelope<T> =
  | { success: true; value: T }
  | { success: false; code: string; message: string; fields?: Record<string, string[]> };

export function currentSession(): SessionInfo | undefined {
  return readJson<SessionInfo>(STORAGE.session) ?? readJson<SessionInfo>(STORAGE.session, sessionStorage);
}

/** Calls the platform API with the language and session headers and unwraps the envelope. */
export async function apiFetch<T>(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<T> {
  const session = currentSession();
  const headers: Record<string, string> = {
    accept: 'application/json',
    Language: i18n.language || 'EN',
    // URLSearchParams bodies go form-urlencoded (the spec's forgot-password and head-icon calls).
    ...(init.body instanceof URLSearchParams
      ? { 'content-type': 'application/x-www-form-urlencoded' }
      : init.body !== undefined
        ? { 'content-type': 'application/json' }
        : {}),
    ...(session?.token ? { authorization: `Bearer ${session.token}` } : {}),
    ...init.headers,
  };
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method ?? 'GET',
      headers,
      ...(init.body instanceof URLSearchParams
        ? { body: init.body.toString() }
        : init.body !== undefined
          ? { body: JSON.stringify(init.body) }
          : {}),
      ...(init.signal ? { signal: init.signal } : {}),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', i18n.t('web:toast.offline'));
  }
  let envelope: Envelope<T> | undefined;
  try {
    envelope = (await res.json()) as Envelope<T>;
  } catch {
    envelope = undefined;
  }
  if (!envelope) throw new ApiError(res.status, 'INTERNAL', i18n.t('common:errors.INTERNAL'));
  if (!envelope.success) throw new ApiError(res.status, envelope.code, envelope.message, envelope.fields);
  return envelope.value;
}
