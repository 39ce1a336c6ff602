import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hashRecoveryCode,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  totpCode,
  totpStep,
} from './totp.ts';

// RFC 6238 appendix B, SHA-1 rows (the key is the ASCII digits 1234567890 twice); last six digits.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));
const RFC_VECTORS: [number, string][] = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
  [20000000000, '353130'],
];

describe('TOTP', () => {
  it('gives the RFC 6238 test vectors', () => {
    for (const [seconds, code] of RFC_VECTORS)
      expect(totpCode(RFC_SECRET, totpStep(seconds * 1000))).toBe(code);
  });

  it('round-trips base32 as authenticator apps write it', () => {
    expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode(RFC_SECRET.toLowerCase()).toString()).toBe('12345678901234567890');
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
  });

  it('accepts the step before and after, and nothing further', () => {
    const at = 1111111111 * 1000;
    const step = totpStep(at);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step), at)).toBe(step);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step - 1), at)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + 1), at)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + 2), at)).toBeUndefined();
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step - 2), at)).toBeUndefined();
    expect(matchTotp(RFC_SECRET, '12345', at)).toBeUndefined();
  });

  it('writes the key URI authenticator apps read', () => {
    const text = otpauthUri('Play House', 'admin', RFC_SECRET);
    expect(text.startsWith('otpauth://totp/Play%20House:admin?')).toBe(true);
    const uri = new URL(text);
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: RFC_SECRET,
      issuer: 'Play House',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });

  it('makes distinct recovery codes whose hash ignores case and dashes', () => {
    const codes = newRecoveryCodes(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(hashRecoveryCode(1, codes[0]!)).toBe(
      hashRecoveryCode(1, codes[0]!.toUpperCase().replace('-', ' ')),
    );
    expect(hashRecoveryCode(1, codes[0]!)).not.toBe(hashRecoveryCode(2, codes[0]!));
  });
});
