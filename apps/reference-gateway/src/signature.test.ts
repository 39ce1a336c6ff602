import { describe, expect, it } from 'vitest';
import { signGatewayBody, verifyGatewaySignature } from '../../server/src/modules/payments/gateway.ts';
import { requestPayload, sign, verify } from './signature.ts';

/** The gateway and our server's adapter must agree on every byte of the signing scheme. */
describe('reference gateway signatures', () => {
  const secret = 'a-shared-secret-of-some-length';
  const body = JSON.stringify({ paymentId: 'pay_1', status: 'PAID', amount: '10.00' });

  it('signs webhooks the way the server verifies them, and refuses what was changed', () => {
    const ts = String(Math.floor(Date.now() / 1000));
    const signature = sign(secret, ts, body);
    expect(verifyGatewaySignature(secret, ts, signature, Buffer.from(body))).toBe(true);
    expect(verifyGatewaySignature(secret, ts, signature, Buffer.from(body.replace('10.00', '99.00')))).toBe(
      false,
    );
    expect(verifyGatewaySignature('another-secret-entirely', ts, signature, Buffer.from(body))).toBe(false);
    expect(
      verifyGatewaySignature(
        secret,
        String(Number(ts) - 301),
        sign(secret, String(Number(ts) - 301), body),
        Buffer.from(body),
      ),
    ).toBe(false);
    expect(verifyGatewaySignature(secret, ts, signature.toUpperCase(), Buffer.from(body))).toBe(false);
  });

  it('verifies what the server signs, and binds merchant calls to their method and path', () => {
    const headers = signGatewayBody(secret, body);
    expect(verify(secret, headers['x-gateway-timestamp'], headers['x-gateway-signature'], body)).toBe(true);
    const ts = String(Math.floor(Date.now() / 1000));
    const get = sign(secret, ts, requestPayload('GET', '/v1/payments/pay_1', ''));
    expect(verify(secret, ts, get, requestPayload('GET', '/v1/payments/pay_1', ''))).toBe(true);
    expect(verify(secret, ts, get, requestPayload('GET', '/v1/payments/pay_2', ''))).toBe(false);
    expect(verify(secret, ts, get, requestPayload('POST', '/v1/payments/pay_1', ''))).toBe(false);
  });
});
