import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The reference gateway's signatures, the same scheme both ways:
 * - merchant → gateway API calls: `X-Gateway-Timestamp` (epoch seconds) and
 *   `X-Gateway-Signature: hex(HMAC-SHA256(secret, timestamp + "." + METHOD + " " + path + "." + raw body))`;
 * - gateway → merchant webhooks: the same headers over `timestamp + "." + raw body`.
 * A timestamp more than five minutes away from the receiver's clock is refused, which bounds replays
 * of a captured request; the receiver's own idempotency handles the rest.
 */
export const TIMESTAMP_HEADER = 'x-gateway-timestamp';
export const SIGNATURE_HEADER = 'x-gateway-signature';
export const MAX_SKEW_SECONDS = 300;

export function sign(secret: string, timestamp: string, payload: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(payload).digest('hex');
}

export function requestPayload(method: string, path: string, body: string | Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${method.toUpperCase()} ${path}.`), Buffer.from(body)]);
}

/** Whether a signature and timestamp are right for the payload, in constant time. */
export function verify(
  secret: string,
  timestamp: unknown,
  signature: unknown,
  payload: string | Buffer,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (typeof timestamp !== 'string' || typeof signature !== 'string') return false;
  if (!/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > MAX_SKEW_SECONDS) return false;
  const expected = Buffer.from(sign(secret, timestamp, payload), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
