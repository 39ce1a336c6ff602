import i18n from 'i18next';
import { encryptCredentials } from '@playhouse/contract/credential-encryption';
import { ApiError, currentSession } from './api.ts';
import { deviceHeader, detectPlatform } from './platform.ts';

/** An API failure that may also ask for a captcha (failed login, missing or wrong captcha). */
export class CredentialError extends ApiError {
  constructor(
    status: number,
    code: string,
    message: string,
    fields: Record<string, string[]>,
    readonly captchaRequired: boolean,
  ) {
    super(status, code, message, fields);
  }
}

let publicKey: Promise<string> | undefined;

async function fetchPublicKey(): Promise<string> {
  const res = await fetch('/wps/system/publicKey', { headers: { accept: 'application/json' } });
  const body = (await res.json()) as { success: boolean; value?: { publicKey: string } };
  if (!body.success || !body.value) throw new Error('no public key');
  return body.value.publicKey;
}

function loadPublicKey(refresh = false): Promise<string> {
  if (refresh || !publicKey) {
    publicKey = fetchPublicKey();
    // A failed fetch is not cached: the next call tries again.
    publicKey.catch(() => (publicKey = undefined));
  }
  return publicKey;
}

type Envelope<T> =
  | { success: true; value: T }
  | {
      success: false;
      code: string;
      message: string;
      fields?: Record<string, string[]>;
      captchaRequired?: boolean;
    };

const DEVICE_ID_KEY = 'MC_DEVICE_ID';
/**
 * This browser's own random id, kept in localStorage and sent with sign-ins (`X-Device-Id`) so the
 * server can tell a new device from a known one (sign-in alerts); it identifies nothing else.
 */
function browserDeviceId(): string | undefined {
  try {
    let id = localStorage.getItem(DEVICE_ID_KEY);
    if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
      id = crypto.randomUUID().replace(/-/g, '');
      localStorage.setItem(DEVICE_ID_KEY, id);
    }
    return id;
  } catch {
    return undefined;
  }
}

async function send<T>(path: string, method: string, payload: unknown, key: string): Promise<T> {
  const { header, body } = await encryptCredentials(key, payload);
  const session = currentSession();
  const device = deviceHeader(detectPlatform());
  const deviceId = browserDeviceId();
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        Language: i18n.language || 'EN',
        Encryption: header,
        ...(device ? { Device: device } : {}),
        ...(deviceId ? { 'X-Device-Id': deviceId } : {}),
        ...(session?.token ? { authorization: `Bearer ${session.token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  } catch {
    throw new CredentialError(0, 'NETWORK', i18n.t('web:toast.offline'), {}, false);
  }
  let envelope: Envelope<T> | undefined;
  try {
    envelope = (await res.json()) as Envelope<T>;
  } catch {
    envelope = undefined;
  }
  if (!envelope)
    throw new CredentialError(res.status, 'INTERNAL', i18n.t('common:errors.INTERNAL'), {}, false);
  if (!envelope.success)
    throw new CredentialError(
      res.status,
      envelope.code,
      envelope.message,
      envelope.fields ?? {},
      envelope.captchaRequired === true,
    );
  return envelope.value;
}

/**
 * Sends credentials encrypted as the architecture asks (RSA-OAEP-256 wraps a one-time AES-256-GCM
 * key; WebCrypto does both): header `Encryption`, body `{data}`. Used for login, registration and
 * set-password-by-phone. Retries once with a fresh public key if the server could not decrypt.
 */
export async function sendEncrypted<T>(path: string, method: 'POST' | 'PUT', payload: unknown): Promise<T> {
  try {
    return await send<T>(path, method, payload, await loadPublicKey());
  } catch (error) {
    if (error instanceof ApiError && error.code === 'DECRYPTION_FAILED')
      return send<T>(path, method, payload, await loadPublicKey(true));
    throw error;
  }
}
