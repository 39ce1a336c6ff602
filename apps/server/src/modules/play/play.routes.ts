import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import {
  ClientSeedRequestSchema,
  GameInfoSchema,
  GameParamsSchema,
  OrderDetailQuerySchema,
  OrderDetailSchema,
  OrdersPageSchema,
  OrdersQuerySchema,
  RotateResultSchema,
  RoundIdParamsSchema,
  RoundListSchema,
  RoundRequestSchema,
  RoundSchema,
  RoundsQuerySchema,
  SeedsSchema,
  ShownResultSchema,
  VerifyRequestSchema,
  VerifyResultSchema,
} from '@playhouse/contract/play';
import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../../lib/bearer.ts';
import { ok } from '../../lib/envelope.ts';
import { requireMember } from '../../lib/require-member.ts';

const tags = ['play'];
const security = [{ bearer: [] }];
// Anyone may check rounds; each check is a few HMACs, and a fairness page may check a whole list.
const verifyRateLimit = { rateLimit: { max: 300, timeWindow: 60_000 } };
// Rotating reveals a seed and writes a new one; a member rotates now and then, not in a loop.
const rotateRateLimit = { rateLimit: { max: 30, timeWindow: 60_000 } };

/** The signed-in member, or undefined for a guest (a game's rules are public). */
async function optionalMember(request: FastifyRequest) {
  return bearerToken(request) === undefined ? undefined : requireMember(request);
}

/**
 * In-house play (architecture: "In-house play"): rounds, seeds, unshown and recent rounds, game
 * rules and the public fairness check; and the member's bet records (`/lgw/orders`), behind the
 * operator's RECORDS3 flag (spec §6: else 'contact_service').
 */
export const playRoutes: FastifyPluginAsyncZod = async (app) => {
  const { play, betRecords } = app.services;

  app.post(
    '/play/api/rounds',
    {
      schema: {
        tags,
        security,
        summary:
          'Play one round: the stake and win move in one ledger entry; a replayed requestId answers the first round and moves nothing',
        body: RoundRequestSchema,
        response: { 200: envelopeOf(RoundSchema) },
      },
    },
    async (request) => ok(await play.play(await requireMember(request), request.body)),
  );

  app.get(
    '/play/api/rounds/unshown',
    {
      schema: {
        tags,
        security,
        summary: 'Rounds drawn but not yet shown (a closed tab, a lost connection): finish them on return',
        querystring: RoundsQuerySchema,
        response: { 200: envelopeOf(RoundListSchema) },
      },
    },
    async (request) => ok({ list: await play.unshown(await requireMember(request), request.query.gameCode) }),
  );

  app.post(
    '/play/api/rounds/:roundId/shown',
    {
      schema: {
        tags,
        security,
        summary: 'The client showed this round; it no longer comes back as unshown',
        params: RoundIdParamsSchema,
        response: { 200: envelopeOf(ShownResultSchema) },
      },
    },
    async (request) => {
      await play.markShown(await requireMember(request), request.params.roundId);
      return ok({ roundId: request.params.roundId, shown: true as const });
    },
  );

  app.get(
    '/play/api/rounds/recent',
    {
      schema: {
        tags,
        security,
        summary: "The member's last 10 rounds with their results, newest first (replay)",
        querystring: RoundsQuerySchema,
        response: { 200: envelopeOf(RoundListSchema) },
      },
    },
    async (request) => ok({ list: await play.recent(await requireMember(request), request.query.gameCode) }),
  );

  app.get(
    '/play/api/seeds',
    {
      schema: {
        tags,
        security,
        summary: "The member's seed pair: the server seed's SHA-256, the client seed and the next nonce",
        response: { 200: envelopeOf(SeedsSchema) },
      },
    },
    async (request) => ok(await play.seeds(await requireMember(request))),
  );

  app.put(
    '/play/api/seeds/client',
    {
      schema: {
        tags,
        security,
        summary: 'Choose the client seed of the next rounds',
        body: ClientSeedRequestSchema,
        response: { 200: envelopeOf(SeedsSchema) },
      },
    },
    async (request) => ok(await play.setClientSeed(await requireMember(request), request.body.clientSeed)),
  );

  app.post(
    '/play/api/seeds/rotate',
    {
      config: rotateRateLimit,
      schema: {
        tags,
        security,
        summary: 'Reveal the server seed (every round of it can then be recomputed) and commit to a new one',
        response: { 200: envelopeOf(RotateResultSchema) },
      },
    },
    async (request) => ok(await play.rotate(await requireMember(request))),
  );

  app.get(
    '/play/api/games/:gameCode',
    {
      schema: {
        tags,
        summary:
          "A game's rules: RTP, hit rate, paytable, stakes, layout, play safety (no autoplay, minimum spin time) and the member's reality check",
        params: GameParamsSchema,
        response: { 200: envelopeOf(GameInfoSchema) },
      },
    },
    async (request) =>
      ok(
        await play.gameInfo(
          request.params.gameCode,
          request.operator.id,
          request.settings,
          await optionalMember(request),
        ),
      ),
  );

  app.post(
    '/play/api/verify',
    {
      config: verifyRateLimit,
      schema: {
        tags,
        summary: 'Recompute a round from its revealed server seed, client seed and nonce (public)',
        body: VerifyRequestSchema,
        response: { 200: envelopeOf(VerifyResultSchema) },
      },
    },
    async (request) => ok(play.verify(request.body)),
  );

  app.get(
    '/lgw/orders',
    {
      config: { feature: 'RECORDS3' },
      schema: {
        tags: ['member'],
        security,
        summary:
          "The member's bets (in-house rounds and vendor rounds) in a period, newest first, with totals; gameType filters",
        querystring: OrdersQuerySchema,
        response: { 200: envelopeOf(OrdersPageSchema) },
      },
    },
    async (request) => {
      const member = await requireMember(request);
      return ok(await betRecords.list(member, request.query));
    },
  );

  app.get(
    '/lgw/orders/detail',
    {
      config: { feature: 'RECORDS3' },
      schema: {
        tags: ['member'],
        security,
        summary: "One of the member's rounds with its result and fairness data (own rounds only)",
        querystring: OrderDetailQuerySchema,
        response: { 200: envelopeOf(OrderDetailSchema) },
      },
    },
    async (request) => {
      const member = await requireMember(request);
      return ok(await betRecords.detail(member, request.query.roundId, request.settings.site.currency));
    },
  );
};
