import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Seamless-wallet request signatures: `hex(HMAC-SHA256(secret, raw body))`, computed over the exact
 * bytes received (never a re-serialised body, whose spacing and key order may differ) and compared
 * in constant time.
 */
export function signBody(secret: string | Buffer, body: string | Buffer): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;

/** Whether `signature` is the body's HMAC under `secret`; malformed or missing signatures are false. */
export function verifySignature(secret: string | Buffer, body: Buffer, signature: unknown): boolean {
  if (typeof signature !== 'string' || !HEX_SHA256.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
