import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import { ProviderAuthenticateSchema, ProviderSessionRequestSchema } from '@playhouse/contract/games';
import {
  SEAMLESS_BODY_LIMIT,
  SEAMLESS_HEADERS,
  SeamlessBalanceRequestSchema,
  SeamlessRequestSchema,
  SeamlessResultSchema,
} from '@playhouse/contract/wallet';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { parseJson } from '../../lib/untrusted-input.ts';

const tags = ['provider wallet'];
// Loose: other headers (Language, Content-Type) must survive validation.
const headers = z.looseObject({
  [SEAMLESS_HEADERS.vendor]: z.string().max(16).describe('Vendor code, e.g. JILI'),
  [SEAMLESS_HEADERS.signature]: z.string().max(128).describe('hex(HMAC-SHA256(vendor secret, raw body))'),
});
const response = { 200: envelopeOf(SeamlessResultSchema) };
const utf8 = new TextDecoder('utf-8', { fatal: true });
const AUTHENTICATE = '/wps/provider/wallet/authenticate';

/**
 * The seamless wallet providers call: `POST /wps/provider/wallet/{balance|bet|win|rollback}`, and
 * `authenticate`, the exchange of a game launch's token for the player (any wallet mode).
 *
 * These routes keep the raw request bytes (their own JSON parser, in this plugin only), because the
 * signature covers exactly what was sent. The vendor and signature are checked before the body is
 * validated, so an unsigned caller learns nothing about the API. They stay open in maintenance
 * (request-context ALWAYS_OPEN: rounds in play must settle), are not rate-limited (a provider's
 * traffic is the game's traffic) and take at most SEAMLESS_BODY_LIMIT bytes.
 */
export const seamlessRoutes: FastifyPluginAsyncZod = async (app) => {
  const { seamless, demo } = app.services;
  const rawBodies = new WeakMap<FastifyRequest, Buffer>();
  const vendors = new WeakMap<FastifyRequest, string>();

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: SEAMLESS_BODY_LIMIT },
    (request, body, done) => {
      const bytes = body as Buffer;
      rawBodies.set(request, bytes);
      try {
        // As the app's own JSON parser: UTF-8 or refused, prototype-poisoning keys dropped.
        done(null, parseJson(utf8.decode(bytes)));
      } catch {
        done(fieldError('body', 'invalidFormat'), undefined);
      }
    },
  );

  app.addHook('preValidation', async (request) => {
    const raw = rawBodies.get(request);
    if (!raw) throw new AppError('INVALID_SIGNATURE');
    vendors.set(
      request,
      await seamless.authenticate(
        request.operator.id,
        request.headers[SEAMLESS_HEADERS.vendor],
        request.headers[SEAMLESS_HEADERS.signature],
        raw,
        // Transfer-mode vendors launch games too: only the money calls need the seamless mode.
        { anyWalletMode: request.routeOptions.url === AUTHENTICATE },
      ),
    );
  });
  const vendorOf = (request: FastifyRequest) => vendors.get(request)!;

  app.post(
    AUTHENTICATE,
    {
      bodyLimit: SEAMLESS_BODY_LIMIT,
      schema: {
        tags,
        summary:
          "Exchange a game launch's single-use token for the player: user name, currency, language, game and balance (LAUNCH_TOKEN_INVALID when unknown, used, expired or another vendor's)",
        headers,
        body: ProviderSessionRequestSchema,
        response: { 200: envelopeOf(ProviderAuthenticateSchema) },
      },
    },
    async (request) => ok(await demo.exchange(request.operator.id, vendorOf(request), request.body.token)),
  );

  app.post(
    '/wps/provider/wallet/balance',
    {
      bodyLimit: SEAMLESS_BODY_LIMIT,
      schema: {
        tags,
        summary: "A member's balance",
        headers,
        body: SeamlessBalanceRequestSchema,
        response,
      },
    },
    async (request) => ok(await seamless.balance(request.operator.id, request.body)),
  );

  app.post(
    '/wps/provider/wallet/bet',
    {
      bodyLimit: SEAMLESS_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Take a stake (INSUFFICIENT_FUNDS with the balance when short; a replayed transactionId answers the first result)',
        headers,
        body: SeamlessRequestSchema,
        response,
      },
    },
    async (request) => ok(await seamless.bet(request.operator.id, vendorOf(request), request.body)),
  );

  app.post(
    '/wps/provider/wallet/win',
    {
      bodyLimit: SEAMLESS_BODY_LIMIT,
      schema: {
        tags,
        summary: "Pay a win (needs a bet of the member's in the round that was not rolled back)",
        headers,
        body: SeamlessRequestSchema,
        response,
      },
    },
    async (request) => ok(await seamless.win(request.operator.id, vendorOf(request), request.body)),
  );

  app.post(
    '/wps/provider/wallet/rollback',
    {
      bodyLimit: SEAMLESS_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Cancel the bet refTransactionId (refused after its round was won; before its bet arrives, refuses that bet)',
        headers,
        body: SeamlessRequestSchema,
        response,
      },
    },
    async (request) => ok(await seamless.rollback(request.operator.id, vendorOf(request), request.body)),
  );
};
