import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Authenticator-app codes (RFC 6238 TOTP over RFC 4226 HOTP): HMAC-SHA-1, 30-second steps, six digits,
 * the parameters every authenticator app assumes when an otpauth:// URI names none. A code of the step
 * before or after the server's is accepted too, for clocks a little off.
 */
export const TOTP = { algorithm: 'SHA1', digits: 6, periodMs: 30_000, window: 1, secretBytes: 20 } as const;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding, the form authenticator apps take a secret in. */
export function base32Encode(bytes: Buffer): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new 160-bit secret (RFC 4226's recommended length for SHA-1), base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(TOTP.secretBytes));
}

/** RFC 4226 HOTP: the code of one counter value. */
export function hotp(key: Buffer, counter: number, digits: number = TOTP.digits): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The 30-second step a moment falls in. */
export const totpStep = (at: number): number => Math.floor(at / TOTP.periodMs);

/** The code an authenticator shows for a base32 secret at a step. */
export function totpCode(secret: string, step: number): string {
  return hotp(base32Decode(secret), step);
}

/**
 * The step (within the window around `at`) whose code is `code`, or undefined. Every candidate is
 * compared, in constant time, so the answer's timing says nothing about which step matched.
 */
export function matchTotp(secret: string, code: string, at: number): number | undefined {
  const key = base32Decode(secret);
  const given = Buffer.from(code.padEnd(TOTP.digits, ' ').slice(0, TOTP.digits));
  const now = totpStep(at);
  let matched: number | undefined;
  for (let step = now - TOTP.window; step <= now + TOTP.window; step++) {
    if (timingSafeEqual(Buffer.from(hotp(key, step)), given)) matched = step;
  }
  return matched;
}

/** The otpauth:// URI (Key URI format) an authenticator app reads from the QR code. */
export function otpauthUri(issuer: string, account: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: TOTP.algorithm,
    digits: String(TOTP.digits),
    period: String(TOTP.periodMs / 1000),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}

// No 0/o, 1/l/i: recovery codes are read off paper and typed by hand.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** One-time recovery codes, `xxxxx-xxxxx` (about 50 bits each). */
export function newRecoveryCodes(count: number): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/** A recovery code as stored: SHA-256 bound to its owner, of the code without case, spaces or dashes. */
export function hashRecoveryCode(ownerId: number, code: string, namespace = ''): string {
  const normalised = code.replace(/[\s-]+/g, '').toLowerCase();
  return createHash('sha256').update(`${namespace}${ownerId}:${normalised}`).digest('hex');
}
