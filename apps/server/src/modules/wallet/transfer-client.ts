import { signBody } from './provider-signature.ts';

/**
 * Our side of a transfer-mode vendor's API, over HTTP (signed like the seamless wallet: `X-Vendor`
 * and `X-Signature: hex(HMAC-SHA256(secret, raw body))`; a GET signs its reference):
 * - `POST {base}/transfer {userName, reference, direction, amount}`: 200 `{status: "done"}`, or a
 *   4xx (`{status: "failed", code}`) that moved nothing; idempotent by reference.
 * - `GET {base}/transfer/{reference}`: `{status: "done" | "failed"}`. A reference the vendor never
 *   saw is answered `failed` and stays refused, so a late copy of the transfer can never apply.
 * - `POST {base}/transfer/balance {userName}`: `{balance}`.
 * No answer (timeout, network error, 5xx, unreadable body) is `unknown`: the vendor may or may not
 * have acted, so only a status query decides.
 */
export type VendorAnswer = { kind: 'done' } | { kind: 'failed'; code: string } | { kind: 'unknown' };

export interface VendorEndpoint {
  code: string;
  secret: Buffer;
  baseUrl: string;
}

const base = (url: string) => url.replace(/[?#].*$/, '').replace(/\/+$/, '');

async function call(
  vendor: VendorEndpoint,
  path: string,
  init: { method: 'GET' | 'POST'; body?: string; signed: string },
  timeoutMs: number,
): Promise<{ status: number; json: Record<string, unknown> } | undefined> {
  try {
    const res = await fetch(`${base(vendor.baseUrl)}${path}`, {
      method: init.method,
      headers: {
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        'x-vendor': vendor.code,
        'x-signature': signBody(vendor.secret, init.signed),
      },
      ...(init.body !== undefined ? { body: init.body } : {}),
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: res.status, json: json && typeof json === 'object' ? json : {} };
  } catch {
    return undefined;
  }
}

function answerOf(res: { status: number; json: Record<string, unknown> } | undefined): VendorAnswer {
  if (!res || res.status >= 500) return { kind: 'unknown' };
  if (res.status === 200 && res.json.status === 'done') return { kind: 'done' };
  if (res.status >= 400 || res.json.status === 'failed')
    return { kind: 'failed', code: typeof res.json.code === 'string' ? res.json.code : `HTTP_${res.status}` };
  return { kind: 'unknown' };
}

export function transferCall(
  vendor: VendorEndpoint,
  body: { userName: string; reference: string; direction: 'in' | 'out'; amount: string },
  timeoutMs: number,
): Promise<VendorAnswer> {
  const raw = JSON.stringify(body);
  return call(vendor, '/transfer', { method: 'POST', body: raw, signed: raw }, timeoutMs).then(answerOf);
}

export function transferStatus(vendor: VendorEndpoint, reference: string, timeoutMs: number) {
  return call(
    vendor,
    `/transfer/${encodeURIComponent(reference)}`,
    { method: 'GET', signed: reference },
    timeoutMs,
  ).then(answerOf);
}

/** The member's balance at the vendor, or undefined when the vendor did not answer. */
export async function vendorBalance(
  vendor: VendorEndpoint,
  userName: string,
  timeoutMs: number,
): Promise<string | undefined> {
  const raw = JSON.stringify({ userName });
  const res = await call(vendor, '/transfer/balance', { method: 'POST', body: raw, signed: raw }, timeoutMs);
  return res?.status === 200 && typeof res.json.balance === 'string' ? res.json.balance : undefined;
}
