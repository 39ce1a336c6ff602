import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { GatewayConfig } from './config.ts';
import { hostedPage, resultPage } from './hosted-page.ts';
import { requestPayload, sign, SIGNATURE_HEADER, TIMESTAMP_HEADER, verify } from './signature.ts';

/**
 * The reference payment gateway: what a QR / e-wallet / card gateway offers a merchant, over real
 * HTTP, kept in memory.
 *
 * - `POST /v1/payments` (signed) creates a payment for a merchant reference (idempotent: the same
 *   reference answers the same payment) and returns its hosted page `payUrl`.
 * - `GET /pay/{paymentId}` is that page: the payer presses Pay or Cancel (`POST /pay/{id}/pay|cancel`),
 *   then goes back to the merchant's `returnUrl`.
 * - Every change of a payment is an event sent to the webhook address, signed, retried with doubling
 *   delays until the merchant answers 2xx (or `maxAttempts`). `POST /v1/payments/{id}/notify` (signed)
 *   sends the current state again, as gateways' "resend notification" does.
 * - `GET /v1/payments/{id}` (signed) answers a payment's state; `POST /v1/payouts` (signed) pays a
 *   merchant's customer (idempotent by merchant reference). An account number ending in `0000` is
 *   refused (`ACCOUNT_REJECTED`), so the refusal path can be tried.
 */

type PaymentStatus = 'PENDING' | 'PAID' | 'FAILED' | 'CANCELLED' | 'EXPIRED';

interface Delivery {
  eventId: string;
  status: PaymentStatus;
  attempts: number;
  deliveredAt: number | null;
  lastError: string | null;
}

interface Payment {
  paymentId: string;
  merchantReference: string;
  amount: string;
  currency: string;
  method: string;
  description: string;
  returnUrl: string | null;
  status: PaymentStatus;
  createdAt: number;
  expiresAt: number;
  deliveries: Delivery[];
}

interface Payout {
  payoutId: string;
  merchantReference: string;
  amount: string;
  currency: string;
  status: 'PAID' | 'FAILED';
  reason: string | null;
  createdAt: number;
}

const Amount = z.string().regex(/^(0|[1-9]\d{0,11})(\.\d{1,2})?$/);
const CreatePaymentSchema = z.object({
  merchantReference: z.string().min(1).max(64),
  amount: Amount,
  currency: z.string().regex(/^[A-Z]{3}$/),
  method: z.string().min(1).max(16).default('QR'),
  description: z.string().max(200).default(''),
  returnUrl: z.string().url().max(1000).optional(),
});
const PayoutSchema = z.object({
  merchantReference: z.string().min(1).max(64),
  amount: Amount,
  currency: z.string().regex(/^[A-Z]{3}$/),
  account: z.object({
    bankName: z.string().min(1).max(64),
    accountNo: z.string().min(1).max(64),
    payeeName: z.string().min(1).max(64),
  }),
});

const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

export function buildGatewayApp(config: GatewayConfig, options: { logger?: boolean } = {}) {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 16 * 1024 });
  const payments = new Map<string, Payment>();
  const byReference = new Map<string, string>();
  const payouts = new Map<string, Payout>();
  const timers = new Set<NodeJS.Timeout>();
  let closing = false;
  /** Where payers reach the hosted page: configured, or this server's own address once it listens. */
  const publicUrl = () => {
    if (config.publicUrl) return config.publicUrl.replace(/\/$/, '');
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  };

  const rawBodies = new WeakMap<FastifyRequest, Buffer>();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    rawBodies.set(request, body as Buffer);
    try {
      done(null, (body as Buffer).length ? JSON.parse((body as Buffer).toString('utf8')) : {});
    } catch {
      done(Object.assign(new Error('invalid JSON'), { statusCode: 400 }), undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  /** Merchant API calls must be signed over method, path and raw body. */
  const signed = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url;
    const body = rawBodies.get(request) ?? Buffer.alloc(0);
    if (
      !verify(
        config.secret,
        request.headers[TIMESTAMP_HEADER],
        request.headers[SIGNATURE_HEADER],
        requestPayload(request.method, path, body),
      )
    ) {
      void reply.code(401).send({ error: 'INVALID_SIGNATURE' });
      return false;
    }
    return true;
  };

  const view = (p: Payment) => ({
    paymentId: p.paymentId,
    merchantReference: p.merchantReference,
    amount: p.amount,
    currency: p.currency,
    method: p.method,
    status: p.status,
    payUrl: `${publicUrl()}/pay/${p.paymentId}`,
    createdAt: p.createdAt,
    expiresAt: p.expiresAt,
    deliveries: p.deliveries.map((d) => ({ ...d })),
  });

  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };

  /** Sends one event of a payment until the merchant acknowledges it (2xx) or attempts run out. */
  function deliver(payment: Payment, delivery: Delivery) {
    if (closing) return;
    const body = JSON.stringify({
      eventId: delivery.eventId,
      paymentId: payment.paymentId,
      merchantReference: payment.merchantReference,
      status: delivery.status,
      amount: payment.amount,
      currency: payment.currency,
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    delivery.attempts += 1;
    fetch(config.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [TIMESTAMP_HEADER]: timestamp,
        [SIGNATURE_HEADER]: sign(config.secret, timestamp, body),
      },
      body,
      signal: AbortSignal.timeout(10_000),
    })
      .then(async (res) => {
        await res.arrayBuffer().catch(() => undefined);
        if (res.ok) {
          delivery.deliveredAt = Date.now();
          delivery.lastError = null;
          return;
        }
        throw new Error(`HTTP ${res.status}`);
      })
      .catch((error: unknown) => {
        delivery.lastError = error instanceof Error ? error.message : String(error);
        if (delivery.attempts >= config.maxAttempts) return;
        later(config.retryBaseMs * 2 ** (delivery.attempts - 1), () => deliver(payment, delivery));
      });
  }

  function notify(payment: Payment) {
    const delivery: Delivery = {
      eventId: newId('evt'),
      status: payment.status,
      attempts: 0,
      deliveredAt: null,
      lastError: null,
    };
    payment.deliveries.push(delivery);
    deliver(payment, delivery);
  }

  function settle(payment: Payment, status: Exclude<PaymentStatus, 'PENDING'>) {
    if (payment.status !== 'PENDING') return false;
    payment.status = status;
    notify(payment);
    return true;
  }

  app.addHook('onClose', async () => {
    closing = true;
    for (const timer of timers) clearTimeout(timer);
  });

  app.get('/health', async () => ({ status: 'ok', payments: payments.size, payouts: payouts.size }));

  app.post('/v1/payments', async (request, reply) => {
    if (!signed(request, reply)) return reply;
    const parsed = CreatePaymentSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: 'INVALID_REQUEST' });
    const known = byReference.get(parsed.data.merchantReference);
    if (known) {
      const existing = payments.get(known)!;
      if (existing.amount !== parsed.data.amount || existing.currency !== parsed.data.currency)
        return reply.code(409).send({ error: 'REFERENCE_REUSED' });
      return view(existing);
    }
    const at = Date.now();
    const payment: Payment = {
      paymentId: newId('pay'),
      ...parsed.data,
      returnUrl: parsed.data.returnUrl ?? null,
      status: 'PENDING',
      createdAt: at,
      expiresAt: at + config.expiryMinutes * 60_000,
      deliveries: [],
    };
    payments.set(payment.paymentId, payment);
    byReference.set(payment.merchantReference, payment.paymentId);
    later(config.expiryMinutes * 60_000, () => settle(payment, 'EXPIRED'));
    return view(payment);
  });

  app.get<{ Params: { id: string } }>('/v1/payments/:id', async (request, reply) => {
    if (!signed(request, reply)) return reply;
    const payment = payments.get(request.params.id);
    if (!payment) return reply.code(404).send({ error: 'NOT_FOUND' });
    return view(payment);
  });

  app.post<{ Params: { id: string } }>('/v1/payments/:id/notify', async (request, reply) => {
    if (!signed(request, reply)) return reply;
    const payment = payments.get(request.params.id);
    if (!payment) return reply.code(404).send({ error: 'NOT_FOUND' });
    if (payment.status === 'PENDING') return reply.code(409).send({ error: 'NOTHING_TO_NOTIFY' });
    notify(payment);
    return view(payment);
  });

  app.post('/v1/payouts', async (request, reply) => {
    if (!signed(request, reply)) return reply;
    const parsed = PayoutSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: 'INVALID_REQUEST' });
    const { merchantReference, amount, currency, account } = parsed.data;
    const existing = payouts.get(merchantReference);
    if (existing) {
      if (existing.amount !== amount || existing.currency !== currency)
        return reply.code(409).send({ error: 'REFERENCE_REUSED' });
      return existing;
    }
    const refused = /0000$/.test(account.accountNo.replace(/\s/g, ''));
    const payout: Payout = {
      payoutId: newId('po'),
      merchantReference,
      amount,
      currency,
      status: refused ? 'FAILED' : 'PAID',
      reason: refused ? 'ACCOUNT_REJECTED' : null,
      createdAt: Date.now(),
    };
    payouts.set(merchantReference, payout);
    return payout;
  });

  // ---------- the hosted payment page (the payer's browser) ----------

  const securePage = (reply: FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'",
      );

  app.get<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
    const payment = payments.get(request.params.id);
    if (!payment) return securePage(reply.code(404)).send(resultPage('Payment not found', null));
    return securePage(reply).send(hostedPage(payment));
  });

  const finish =
    (action: 'pay' | 'cancel') =>
    async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const payment = payments.get(request.params.id);
      if (!payment) return securePage(reply.code(404)).send(resultPage('Payment not found', null));
      settle(payment, action === 'pay' ? 'PAID' : 'CANCELLED');
      if (payment.returnUrl) {
        const back = new URL(payment.returnUrl);
        back.searchParams.set('paymentStatus', payment.status);
        return reply.redirect(back.toString(), 303);
      }
      return securePage(reply).send(resultPage(`Payment ${payment.status.toLowerCase()}`, null));
    };
  app.post('/pay/:id/pay', finish('pay'));
  app.post('/pay/:id/cancel', finish('cancel'));

  return app;
}
