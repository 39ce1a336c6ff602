import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import {
  BingoCardsQuerySchema,
  BingoCardsSchema,
  BingoRoundSchema,
  CancelTicketRequestSchema,
  CancelTicketSchema,
  DRAW_PATHS,
  DrawAdminPageSchema,
  DrawAdminQuerySchema,
  DrawAdminSchema,
  DrawGameAdminListSchema,
  DrawGameAdminSchema,
  DrawGameSettingsRequestSchema,
  DrawIdParamsSchema,
  DrawListQuerySchema,
  DrawListSchema,
  DrawOrderRequestSchema,
  DrawOrderSchema,
  DrawRulesSchema,
  GameCodeParamsSchema,
  GameCodeQuerySchema,
  OpenDrawSchema,
  ResultsPageSchema,
  ResultsQuerySchema,
  TicketListSchema,
  TicketsQuerySchema,
  VoidDrawRequestSchema,
} from '@playhouse/contract/draws';
import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../../lib/bearer.ts';
import { ok } from '../../lib/envelope.ts';
import { requireMember } from '../../lib/require-member.ts';
import { staffActor } from '../games/require-staff.ts';

/** The signed-in member, or undefined for a visitor (the bingo screen shows a visitor the round). */
async function optionalMember(request: FastifyRequest) {
  return bearerToken(request) === undefined ? undefined : requireMember(request);
}

const tags = ['draw games'];
const boTags = ['back office: draw games'];
const security = [{ bearer: [] }];
// Buying and cancelling are money movements; a player places a few a minute, never hundreds.
const moneyRateLimit = { rateLimit: { max: 120, timeWindow: 60_000 } };

/**
 * Draw games (decision 026): the lottery calls of spec §7 (`/lotto/lgw/…`), the ticket cancel
 * (`/lgw/orders/suborders/cancel`), and the back office's schedules, odds, limits, report and void.
 */
export const drawsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { draws } = app.services;

  app.get(
    DRAW_PATHS.list,
    {
      schema: {
        tags,
        summary: 'The lottery (playType=trad) or e-lottery (ent) list, each game with its open draw',
        querystring: DrawListQuerySchema,
        response: { 200: envelopeOf(DrawListSchema) },
      },
    },
    async (request) => ok(await draws.list(request.operator.id, request.query.playType)),
  );

  app.get(
    DRAW_PATHS.opened,
    {
      schema: {
        tags,
        summary:
          "The draw taking tickets now: its numero, closing and draw times and its server seed's SHA-256 (published before it opened)",
        querystring: GameCodeQuerySchema,
        response: { 200: envelopeOf(OpenDrawSchema) },
      },
    },
    async (request) => ok(await draws.opened(request.operator.id, request.query.gameCode)),
  );

  app.get(
    DRAW_PATHS.rules,
    {
      schema: {
        tags,
        summary:
          "A draw game's bet types: selections, odds, stake limits and each type's exact return to player (worst selection)",
        querystring: GameCodeQuerySchema,
        response: { 200: envelopeOf(DrawRulesSchema) },
      },
    },
    async (request) =>
      ok(await draws.rules(request.operator.id, request.query.gameCode, request.settings.site.currency)),
  );

  app.get(
    DRAW_PATHS.results,
    {
      schema: {
        tags,
        summary:
          'Past draws, newest first, with results, serverSeedHash and (once settled) serverSeed: result = the game on HMAC stream (serverSeed, clientSeed, nonce 0)',
        querystring: ResultsQuerySchema,
        response: { 200: envelopeOf(ResultsPageSchema) },
      },
    },
    async (request) => ok(await draws.results(request.operator.id, request.query)),
  );

  app.post(
    DRAW_PATHS.orders,
    {
      config: moneyRateLimit,
      schema: {
        tags,
        security,
        summary:
          'Buy tickets on the open draw: the stakes move in one ledger entry; a replayed requestId answers the first order and moves nothing',
        body: DrawOrderRequestSchema,
        response: { 200: envelopeOf(DrawOrderSchema) },
      },
    },
    async (request) => ok(await draws.order(await requireMember(request), request.body)),
  );

  app.get(
    DRAW_PATHS.tickets,
    {
      schema: {
        tags,
        security,
        summary: "The member's own draw tickets, newest first (open or settled)",
        querystring: TicketsQuerySchema,
        response: { 200: envelopeOf(TicketListSchema) },
      },
    },
    async (request) => ok({ list: await draws.tickets(await requireMember(request), request.query) }),
  );

  app.post(
    DRAW_PATHS.cancel,
    {
      config: moneyRateLimit,
      schema: {
        tags: ['member'],
        security,
        summary:
          "Cancel one of the member's open tickets before its draw closes: the stake is refunded once, however often this is asked",
        body: CancelTicketRequestSchema,
        response: { 200: envelopeOf(CancelTicketSchema) },
      },
    },
    async (request) => ok(await draws.cancel(await requireMember(request), request.body.ticketId)),
  );

  // ---------- 75-ball bingo (decision 032) ----------

  app.get(
    DRAW_PATHS.bingoRound,
    {
      schema: {
        tags,
        summary:
          "Bingo: the round taking cards, the round being called with the balls called so far (ball i at closeAt + (i+1) × callMs), the prize table with its exact return, and the signed-in member's cards with their daubs and outcomes",
        response: { 200: envelopeOf(BingoRoundSchema) },
      },
    },
    async (request) => ok(await draws.bingoRound(request.operator.id, await optionalMember(request))),
  );

  app.get(
    DRAW_PATHS.bingoCards,
    {
      schema: {
        tags,
        summary:
          'Bingo: fresh cards to choose from; a card is bought with POST /lotto/lgw/orders (gameCode BINGO75, betType CARD, selection = cardCode)',
        querystring: BingoCardsQuerySchema,
        response: { 200: envelopeOf(BingoCardsSchema) },
      },
    },
    async (request) => ok(draws.bingoCards(request.query.count)),
  );

  // ---------- back office ----------

  app.get(
    '/bo/api/draws/games',
    {
      config: { permission: 'draws.read' },
      schema: {
        tags: boTags,
        security,
        summary:
          'Draw games with their schedule, closing time, exposure cap and bet types (odds, limits, RTP)',
        response: { 200: envelopeOf(DrawGameAdminListSchema) },
      },
    },
    async (request) =>
      ok({ list: await draws.adminGames(request.operator.id, request.settings.site.currency) }),
  );

  app.put(
    '/bo/api/draws/games/:gameCode',
    {
      config: { permission: 'draws.write' },
      schema: {
        tags: boTags,
        security,
        summary:
          "Change a draw game's schedule, closing time, exposure cap or bet types (odds refused above 99% return); audited",
        params: GameCodeParamsSchema,
        body: DrawGameSettingsRequestSchema,
        response: { 200: envelopeOf(DrawGameAdminSchema) },
      },
    },
    async (request) =>
      ok(
        await draws.updateGame(
          request.operator.id,
          request.params.gameCode,
          request.body,
          staffActor(request),
          request.settings.site.currency,
        ),
      ),
  );

  app.get(
    '/bo/api/draws',
    {
      config: { permission: 'draws.read' },
      schema: {
        tags: boTags,
        security,
        summary:
          'Draws newest first with results, tickets, stakes, wins and exposure (results and settlement report)',
        querystring: DrawAdminQuerySchema,
        response: { 200: envelopeOf(DrawAdminPageSchema) },
      },
    },
    async (request) => ok(await draws.adminDraws(request.operator.id, request.query)),
  );

  app.post(
    '/bo/api/draws/:id/void',
    {
      config: { permission: 'draws.write' },
      schema: {
        tags: boTags,
        security,
        summary: 'Void a draw that has not been drawn: every ticket is refunded; audited',
        params: DrawIdParamsSchema,
        body: VoidDrawRequestSchema,
        response: { 200: envelopeOf(DrawAdminSchema) },
      },
    },
    async (request) => {
      const row = await draws.voidDraw(
        request.operator.id,
        request.params.id,
        request.body.reason,
        staffActor(request),
      );
      return ok(await draws.adminDraw(request.operator.id, Number(row.id)));
    },
  );
};
