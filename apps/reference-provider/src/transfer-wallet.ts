import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AmountSchema, formatMoney, parseMoney } from '@playhouse/contract/money';
import type { ProviderConfig } from './config.ts';

/**
 * The vendor's side of the transfer wallet: the vendor keeps each player's balance itself (in
 * memory here) and our server moves money in and out of it, signed like the seamless wallet
 * (`X-Vendor`, `X-Signature: hex(HMAC-SHA256(secret, raw body))`; a GET signs its reference).
 *
 * - `POST /transfer {userName, reference, direction, amount}`: "in" credits the player, "out" debits
 *   them (refused with INSUFFICIENT_FUNDS when short). Idempotent by reference: a repeat answers the
 *   first outcome. 200 `{status: "done"}` or 409 `{status: "failed", code}`.
 * - `GET /transfer/:reference`: `{status: "done" | "failed"}`. A reference never seen is recorded as
 *   failed, so a copy of that transfer arriving late is refused (the answer stays true).
 * - `POST /transfer/balance {userName}`: `{balance}`.
 * Test controls (`POST /control/transfer`): make the next N transfers time out after applying
 * (`timeoutApplied`), arrive late (`timeoutNotApplied`: answered after `delayMs`, by when a status
 * query has refused them), be refused (`fail`), or the next N status queries answer 503 (`statusUnavailable`).
 */
const TransferSchema = z
  .object({
    userName: z.string().min(1).max(64),
    reference: z.string().min(1).max(64),
    direction: z.enum(['in', 'out']),
    amount: AmountSchema,
  })
  .strict();

export const TransferControlSchema = z
  .object({
    timeoutApplied: z.number().int().min(0).max(100).optional(),
    timeoutNotApplied: z.number().int().min(0).max(100).optional(),
    fail: z.number().int().min(0).max(100).optional(),
    statusUnavailable: z.number().int().min(0).max(100).optional(),
    delayMs: z.number().int().min(0).max(60_000).optional(),
  })
  .strict();

type Outcome = { status: 'done' } | { status: 'failed'; code: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function registerTransferWallet(app: FastifyInstance, config: ProviderConfig) {
  const balances = new Map<string, number>();
  const outcomes = new Map<string, Outcome>();
  const controls = { timeoutApplied: 0, timeoutNotApplied: 0, fail: 0, statusUnavailable: 0, delayMs: 2_000 };
  const rawBodies = new WeakMap<FastifyRequest, Buffer>();

  const signatureOk = (request: FastifyRequest, signed: Buffer) => {
    const given = request.headers['x-signature'];
    if (request.headers['x-vendor'] !== config.vendor) return false;
    if (typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given)) return false;
    const expected = createHmac('sha256', config.secret).update(signed).digest();
    return timingSafeEqual(expected, Buffer.from(given, 'hex'));
  };

  function apply(t: z.infer<typeof TransferSchema>): Outcome {
    const known = outcomes.get(t.reference);
    if (known) return known;
    const amount = parseMoney(t.amount)!;
    const balance = balances.get(t.userName) ?? 0;
    let outcome: Outcome;
    if (controls.fail > 0) {
      controls.fail--;
      outcome = { status: 'failed', code: 'REFUSED' };
    } else if (t.direction === 'out' && balance < amount) {
      outcome = { status: 'failed', code: 'INSUFFICIENT_FUNDS' };
    } else {
      balances.set(t.userName, balance + (t.direction === 'in' ? amount : -amount));
      outcome = { status: 'done' };
    }
    outcomes.set(t.reference, outcome);
    return outcome;
  }

  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      rawBodies.set(request, body as Buffer);
      try {
        done(null, JSON.parse((body as Buffer).toString('utf8')));
      } catch (error) {
        done(error as Error, undefined);
      }
    });

    scope.post('/transfer', async (request, reply) => {
      const raw = rawBodies.get(request);
      if (!raw || !signatureOk(request, raw))
        return reply.code(401).send({ status: 'failed', code: 'INVALID_SIGNATURE' });
      const parsed = TransferSchema.safeParse(request.body);
      if (!parsed.success) return reply.code(400).send({ status: 'failed', code: 'INVALID_REQUEST' });
      const t = parsed.data;
      let outcome: Outcome;
      if (!outcomes.has(t.reference) && controls.timeoutApplied > 0) {
        controls.timeoutApplied--;
        outcome = apply(t);
        await sleep(controls.delayMs);
      } else if (!outcomes.has(t.reference) && controls.timeoutNotApplied > 0) {
        controls.timeoutNotApplied--;
        await sleep(controls.delayMs);
        outcome = apply(t);
      } else {
        outcome = apply(t);
      }
      const balance = formatMoney(balances.get(t.userName) ?? 0);
      return reply
        .code(outcome.status === 'done' ? 200 : 409)
        .send({ ...outcome, reference: t.reference, balance });
    });

    scope.post('/transfer/balance', async (request, reply) => {
      const raw = rawBodies.get(request);
      if (!raw || !signatureOk(request, raw)) return reply.code(401).send({ code: 'INVALID_SIGNATURE' });
      const userName = (request.body as { userName?: unknown } | null)?.userName;
      if (typeof userName !== 'string') return reply.code(400).send({ code: 'INVALID_REQUEST' });
      return { userName, balance: formatMoney(balances.get(userName) ?? 0) };
    });
  });

  app.get<{ Params: { reference: string } }>('/transfer/:reference', async (request, reply) => {
    const { reference } = request.params;
    if (!signatureOk(request, Buffer.from(reference, 'utf8')))
      return reply.code(401).send({ code: 'INVALID_SIGNATURE' });
    if (controls.statusUnavailable > 0) {
      controls.statusUnavailable--;
      return reply.code(503).send({ code: 'UNAVAILABLE' });
    }
    let outcome = outcomes.get(reference);
    if (!outcome) {
      // Never seen: refused from now on, so the answer cannot change when the transfer arrives late.
      outcome = { status: 'failed', code: 'NOT_FOUND' };
      outcomes.set(reference, outcome);
    }
    return { ...outcome, reference };
  });

  app.post('/control/transfer', async (request, reply) => {
    const parsed = TransferControlSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: 'invalid request' });
    Object.assign(controls, parsed.data);
    return { ...controls };
  });

  /** What the vendor holds per player (test inspection). */
  app.get('/control/transfer/balances', async () =>
    Object.fromEntries([...balances].map(([k, v]) => [k, formatMoney(v)])),
  );
}
