import { createHmac } from 'node:crypto';

/**
 * An authenticator app's side of RFC 6238 (SHA-1, 30 s, 6 digits), written apart from the server's so
 * the tests check the server against the standard rather than against itself.
 */
export function authenticatorCode(base32Secret: string, step: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of base32Secret.replace(/[\s=]/g, '').toUpperCase())
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** The 30-second step an authenticator app is showing now. */
export const currentStep = (): number => Math.floor(Date.now() / 30_000);
