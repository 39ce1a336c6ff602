import { createHmac, timingSafeEqual } from 'node:crypto';
import { GATEWAY_HEADERS, GatewayCallbackSchema, type GatewayCallback } from '@playhouse/contract/payments';
import { AppError } from '../../lib/app-error.ts';
import { parseJson } from '../../lib/untrusted-input.ts';

/**
 * Payment gateways behind one adapter. A gateway creates payments (the payer finishes them on the
 * gateway's hosted page), calls us back with signed events, answers status queries, and pays out
 * withdrawals. `createReferenceGateway` speaks to apps/reference-gateway; a real provider gets its
 * own adapter with the same four methods.
 */
export interface PaymentGateway {
  readonly code: string;
  createPayment(payment: {
    merchantReference: string;
    amount: string;
    currency: string;
    method: string;
    description: string;
    returnUrl?: string | undefined;
  }): Promise<{ paymentId: string; payUrl: string }>;
  /** The event of a callback, or INVALID_SIGNATURE (forged, altered, or too old). */
  verifyCallback(headers: Record<string, unknown>, rawBody: Buffer): GatewayCallback;
  queryPayment(paymentId: string): Promise<{
    paymentId: string;
    merchantReference: string;
    status: string;
    amount: string;
    currency: string;
  }>;
  payout(payout: {
    merchantReference: string;
    amount: string;
    currency: string;
    account: { bankName: string; accountNo: string; payeeName: string };
  }): Promise<{ payoutId: string; status: 'PAID' | 'FAILED'; reason: string | null }>;
}

/** The code the reference gateway's channels and callbacks use. */
export const REFERENCE_GATEWAY_CODE = 'REFPAY';
/** How far a callback's timestamp may be from our clock. */
const MAX_SKEW_SECONDS = 300;
const CALL_TIMEOUT_MS = 10_000;

const hmac = (secret: string, timestamp: string, payload: Buffer) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(payload).digest('hex');

/** Checks `X-Gateway-Timestamp` / `X-Gateway-Signature` over `timestamp + "." + raw body`. */
export function verifyGatewaySignature(
  secret: string,
  timestamp: unknown,
  signature: unknown,
  rawBody: Buffer,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (typeof timestamp !== 'string' || typeof signature !== 'string') return false;
  if (!/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > MAX_SKEW_SECONDS) return false;
  return timingSafeEqual(Buffer.from(hmac(secret, timestamp, rawBody), 'hex'), Buffer.from(signature, 'hex'));
}

/** Signs a callback body as a gateway does (tests and tools). */
export function signGatewayBody(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)) {
  const ts = String(timestamp);
  return {
    [GATEWAY_HEADERS.timestamp]: ts,
    [GATEWAY_HEADERS.signature]: hmac(secret, ts, Buffer.from(body)),
  };
}

/** The reference gateway's adapter (apps/reference-gateway): signed JSON over HTTP. */
export function createReferenceGateway(config: {
  code: string;
  baseUrl: string;
  secret: string;
}): PaymentGateway {
  const base = config.baseUrl.replace(/\/$/, '');

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const payload = Buffer.concat([Buffer.from(`${method} ${path}.`), Buffer.from(text)]);
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          [GATEWAY_HEADERS.timestamp]: timestamp,
          [GATEWAY_HEADERS.signature]: hmac(config.secret, timestamp, payload),
        },
        ...(body === undefined ? {} : { body: text }),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (error) {
      throw new AppError('GATEWAY_UNAVAILABLE', { cause: error });
    }
    const answer = await res.text();
    if (!res.ok)
      throw new AppError('GATEWAY_UNAVAILABLE', {
        cause: new Error(`${config.code} ${method} ${path}: HTTP ${res.status} ${answer.slice(0, 200)}`),
      });
    try {
      return parseJson(answer) as T;
    } catch (error) {
      throw new AppError('GATEWAY_UNAVAILABLE', { cause: error });
    }
  }

  return {
    code: config.code,
    async createPayment(payment) {
      const created = await call<{ paymentId: string; payUrl: string }>('POST', '/v1/payments', payment);
      return { paymentId: created.paymentId, payUrl: created.payUrl };
    },
    verifyCallback(headers, rawBody) {
      if (
        !verifyGatewaySignature(
          config.secret,
          headers[GATEWAY_HEADERS.timestamp],
          headers[GATEWAY_HEADERS.signature],
          rawBody,
        )
      )
        throw new AppError('INVALID_SIGNATURE');
      let parsed: unknown;
      try {
        parsed = parseJson(rawBody.toString('utf8'));
      } catch {
        throw new AppError('VALIDATION_FAILED', { fields: { body: [{ key: 'invalidFormat' }] } });
      }
      const event = GatewayCallbackSchema.safeParse(parsed);
      if (!event.success)
        throw new AppError('VALIDATION_FAILED', { fields: { body: [{ key: 'invalidFormat' }] } });
      return event.data;
    },
    queryPayment: (paymentId) => call('GET', `/v1/payments/${encodeURIComponent(paymentId)}`),
    payout: (payout) => call('POST', '/v1/payouts', payout),
  };
}
