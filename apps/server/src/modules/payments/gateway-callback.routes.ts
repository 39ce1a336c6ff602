import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import { GATEWAY_HEADERS } from '@playhouse/contract/payments';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';

/** A gateway event is a few hundred bytes. */
const CALLBACK_BODY_LIMIT = 16 * 1024;

/**
 * `POST /wps/payments/{gateway}/callback`: payment gateways report payments here. The raw bytes are
 * kept (this plugin's own JSON parser) because the signature covers exactly what was sent; the
 * signature is checked before anything else. A 2xx acknowledges the event (the gateway stops
 * retrying); a replay answers `duplicate: true` and moves nothing.
 */
export const gatewayCallbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const rawBodies = new WeakMap<FastifyRequest, Buffer>();
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: CALLBACK_BODY_LIMIT },
    (request, body, done) => {
      rawBodies.set(request, body as Buffer);
      done(null, {});
    },
  );

  app.post(
    '/wps/payments/:gateway/callback',
    {
      bodyLimit: CALLBACK_BODY_LIMIT,
      schema: {
        tags: ['payment gateway'],
        summary:
          'Signed payment events (X-Gateway-Timestamp, X-Gateway-Signature = hex HMAC-SHA256(secret, timestamp + "." + raw body)); a replayed or out-of-order event credits once',
        params: z.object({ gateway: z.string().regex(/^[A-Z0-9_]{2,32}$/) }),
        headers: z.looseObject({
          [GATEWAY_HEADERS.timestamp]: z.string().max(16).optional(),
          [GATEWAY_HEADERS.signature]: z.string().max(128).optional(),
        }),
        response: {
          200: envelopeOf(z.object({ received: z.boolean(), status: z.string(), duplicate: z.boolean() })),
        },
      },
    },
    async (request) => {
      const raw = rawBodies.get(request);
      if (!raw) throw new AppError('INVALID_SIGNATURE');
      return ok(
        await app.services.payments.deposits.callback(
          request.operator.id,
          request.params.gateway,
          request.headers as Record<string, unknown>,
          raw,
        ),
      );
    },
  );
};
