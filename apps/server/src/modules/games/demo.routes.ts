import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import { ProviderSessionRequestSchema, ProviderSessionSchema } from '@playhouse/contract/games';
import { SEAMLESS_BODY_LIMIT, SEAMLESS_HEADERS } from '@playhouse/contract/wallet';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { parseJson } from '../../lib/untrusted-input.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });
const headers = z.looseObject({
  [SEAMLESS_HEADERS.vendor]: z.string().max(16).describe('The vendor the launch token was issued for'),
  [SEAMLESS_HEADERS.signature]: z.string().max(128).describe('hex(HMAC-SHA256(demo secret, raw body))'),
});

/**
 * `POST /wps/provider/session {token}`: the reference provider, standing in for a vendor in demo
 * mode, exchanges a member's launch token for who to play for. Signed like the seamless wallet
 * (over the raw bytes, hence this plugin's own JSON parser); the token works once, for minutes.
 */
export const demoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { demo } = app.services;
  const rawBodies = new WeakMap<FastifyRequest, Buffer>();

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: SEAMLESS_BODY_LIMIT },
    (request, body, done) => {
      const bytes = body as Buffer;
      rawBodies.set(request, bytes);
      try {
        done(null, parseJson(utf8.decode(bytes)));
      } catch {
        done(fieldError('body', 'invalidFormat'), undefined);
      }
    },
  );

  app.post(
    '/wps/provider/session',
    {
      bodyLimit: SEAMLESS_BODY_LIMIT,
      schema: {
        tags: ['provider wallet'],
        summary:
          'Demo mode: exchange a single-use launch token for the member to play for (LAUNCH_TOKEN_INVALID when unknown, used or expired)',
        headers,
        body: ProviderSessionRequestSchema,
        response: { 200: envelopeOf(ProviderSessionSchema) },
      },
    },
    async (request) => {
      const raw = rawBodies.get(request);
      if (!raw) throw new AppError('INVALID_SIGNATURE');
      return ok(
        await demo.redeem(request.operator.id, {
          vendor: request.headers[SEAMLESS_HEADERS.vendor],
          signature: request.headers[SEAMLESS_HEADERS.signature],
          rawBody: raw,
          token: request.body.token,
        }),
      );
    },
  );
};
