import { describe, expect, it } from 'vitest';
import { signBody, verifySignature } from './provider-signature.ts';

describe('provider signatures', () => {
  const secret = 'vendor-secret-0123456789';
  const body = '{"userName":"alice","transactionId":"t1","roundId":"r1","gameCode":"G","amount":"1.00"}';

  it('matches the published HMAC-SHA256 test vector', () => {
    // RFC 4231 test case 2.
    expect(signBody('Jefe', 'what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('accepts the signature of the exact bytes, in either hex case', () => {
    const signature = signBody(secret, body);
    expect(verifySignature(secret, Buffer.from(body), signature)).toBe(true);
    expect(verifySignature(secret, Buffer.from(body), signature.toUpperCase())).toBe(true);
  });

  it('refuses another body, another secret, and malformed signatures', () => {
    const signature = signBody(secret, body);
    expect(verifySignature(secret, Buffer.from(body.replace('1.00', '9.00')), signature)).toBe(false);
    expect(verifySignature(secret, Buffer.from(`${body} `), signature)).toBe(false);
    expect(verifySignature('other-secret', Buffer.from(body), signature)).toBe(false);
    for (const bad of [undefined, '', 'zz', signature.slice(0, 63), `${signature}00`, ['x']])
      expect(verifySignature(secret, Buffer.from(body), bad)).toBe(false);
  });
});
