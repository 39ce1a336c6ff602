import i18n from 'i18next';

const TOKEN_KEY = 'boToken';
export const SIGNED_OUT_EVENT = 'bo:signed-out';
/** The server answered as if the session's role or password state changed: the console reloads it. */
export const SESSION_CHANGED_EVENT = 'bo:session-changed';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string[]> = {},
    /** The envelope's flags, such as `captchaRequired` and `retryAfterMs`. */
    readonly flags: { captchaRequired?: boolean; retryAfterMs?: number } = {},
  ) {
    super(message);
  }
}

export function getToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string | null): void {
  if (token) sessionStorage.setItem(TOKEN_KEY, token);
  else sessionStorage.removeItem(TOKEN_KEY);
}

/** Calls the back-office API in the console's language; a 401 signs the operator out. */
export async function boFetch<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method ?? 'GET',
      headers: {
        accept: 'application/json',
        Language: i18n.language || 'EN',
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', i18n.t('errors.network'));
  }
  const envelope = (await res.json().catch(() => null)) as
    | { success: true; value: T }
    | {
        success: false;
        code: string;
        message: string;
        fields?: Record<string, string[]>;
        captchaRequired?: boolean;
        retryAfterMs?: number;
      }
    | null;
  if (!envelope) throw new ApiError(res.status, 'INTERNAL', i18n.t('errors.network'));
  if (!envelope.success) {
    if (res.status === 401 && token) {
      setToken(null);
      window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
    }
    // A role changed by an admin, or a password that must now be changed: the menu follows.
    if (envelope.code === 'ROLE_FORBIDDEN' || envelope.code === 'PASSWORD_CHANGE_REQUIRED')
      window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
    throw new ApiError(res.status, envelope.code, envelope.message, envelope.fields, {
      captchaRequired: envelope.captchaRequired,
      retryAfterMs: envelope.retryAfterMs,
    });
  }
  return envelope.value;
}

export interface Page<T> {
  list: T[];
  pageNo: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
}

/**
 * Downloads a file the back-office API serves (a CSV report) in the console's language and hands it
 * to the browser as a download; answers the file's name. Errors come back as the API's message.
 */
export async function boDownload(path: string): Promise<string> {
  const token = getToken();
  const res = await fetch(path, {
    headers: {
      Language: i18n.language || 'EN',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  }).catch(() => {
    throw new ApiError(0, 'NETWORK', i18n.t('errors.network'));
  });
  if (!res.ok) {
    const envelope = (await res.json().catch(() => null)) as { code?: string; message?: string } | null;
    throw new ApiError(
      res.status,
      envelope?.code ?? 'INTERNAL',
      envelope?.message ?? i18n.t('errors.network'),
    );
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'download.csv';
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
