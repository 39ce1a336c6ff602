import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, parseKey } from './secret-box.ts';

describe('secret box', () => {
  const box = createSecretBox(randomBytes(32));

  it('opens what it sealed, with a fresh IV each time and no plaintext in the sealed text', () => {
    const a = box.seal('vendor-secret', 'hmac-secret-value');
    const b = box.seal('vendor-secret', 'hmac-secret-value');
    expect(a).not.toBe(b);
    expect(a).not.toContain('hmac-secret-value');
    expect(box.open('vendor-secret', a)).toBe('hmac-secret-value');
  });

  it('refuses a value sealed for another purpose, with another key, or tampered with', () => {
    const sealed = box.seal('vendor-secret', 'x');
    expect(() => box.open('totp-seed', sealed)).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open('vendor-secret', sealed)).toThrow();
    const parts = sealed.split('.');
    parts[2] = Buffer.from('y').toString('base64url');
    expect(() => box.open('vendor-secret', parts.join('.'))).toThrow();
    expect(() => box.open('vendor-secret', 'plain text')).toThrow();
  });

  it('takes a 32-byte key as hex or base64 and refuses anything else', () => {
    const key = randomBytes(32);
    expect(parseKey(key.toString('hex'))).toEqual(key);
    expect(parseKey(key.toString('base64'))).toEqual(key);
    expect(() => parseKey('too-short')).toThrow(/32 bytes/);
  });
});
