import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import {
  FavouriteBodySchema,
  FavouriteIdsQuerySchema,
  FavouriteIdsSchema,
  FavouriteListQuerySchema,
  FavouriteListSchema,
  FavouriteResultSchema,
  GameListQuerySchema,
  GameListSchema,
  GamesSchema,
  HotGamesQuerySchema,
  LaunchQuerySchema,
  LaunchResultSchema,
  RecentAddResultSchema,
  RecentAddSchema,
  RecentListQuerySchema,
  RecentListSchema,
  VassGameTypeQuerySchema,
  VassGameTypeSchema,
} from '@playhouse/contract/games';
import { ok } from '../../lib/envelope.ts';
import { requireMember } from '../../lib/require-member.ts';
import { memoisedQueryValidator } from './memoised-query.ts';
import { sendShared, type SharedBody } from '../../lib/shared-body.ts';

/** Sends a shared body once it has been built (the route's promise resolves to the sent reply). */
const sendWhenReady = async (request: FastifyRequest, reply: FastifyReply, body: Promise<SharedBody>) =>
  sendShared(request, reply, await body);

const tags = ['games'];
const security = [{ bearer: [] }];

/** The lobby's game APIs (spec §7 Games): catalogue, hot games, favourites, recent games, launch. */
export const gamesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalogue, playerGames } = app.services;
  // The shared lobby reads see the same few query strings over and over: their validated queries are
  // remembered per route (decision 008).
  const sharedQuery = memoisedQueryValidator();

  app.get(
    '/wps/relay/GCSGAME_getVassGameType',
    {
      schema: {
        tags,
        summary: 'Game categories in lobby order with their vendors and game counts',
        querystring: VassGameTypeQuerySchema,
        response: { 200: envelopeOf(VassGameTypeSchema) },
      },
      validatorCompiler: sharedQuery,
    },
    async (request, reply) => sendShared(request, reply, await catalogue.vendorTypes(request.operator.id)),
  );

  app.get(
    '/wps/relay/GCSGAME_gameList',
    {
      schema: {
        tags,
        summary: 'A page of games filtered by name, type, vendor, classification, stake, lines and newness',
        querystring: GameListQuerySchema,
        response: { 200: envelopeOf(GameListSchema) },
      },
      validatorCompiler: sharedQuery,
    },
    (request, reply) => {
      const { operator, query } = request;
      const page = catalogue.gameListNow(operator.id, query);
      // Answered synchronously (nothing returned: the reply is already sent) when the catalogue is in
      // memory; otherwise once it has been read.
      if (page) {
        sendShared(request, reply, page);
        return;
      }
      return sendWhenReady(request, reply, catalogue.gameList(operator.id, query));
    },
  );

  app.get(
    '/wps/relay/GCSGAME_hotGamesV2',
    {
      schema: {
        tags,
        summary: 'Hot games in hot-list order (optionally of one type)',
        querystring: HotGamesQuerySchema,
        response: { 200: envelopeOf(GamesSchema) },
      },
      validatorCompiler: sharedQuery,
    },
    async (request, reply) =>
      sendShared(request, reply, await catalogue.hot(request.operator.id, request.query.gameType)),
  );

  app.get(
    '/lgw/games/popular',
    {
      schema: {
        tags,
        summary: 'Games most players opened this week, topped up from the hot list',
        querystring: HotGamesQuerySchema,
        response: { 200: envelopeOf(GamesSchema) },
      },
    },
    async (request) => ok({ games: await playerGames.popular(request.operator.id, request.query.gameType) }),
  );

  // ---------- favourites ----------

  app.post(
    '/wps/relay/MCSFE_addFavoriteGameV2',
    {
      schema: {
        tags,
        security,
        summary: 'Add a game to my favourites (no-op when it is one already)',
        body: FavouriteBodySchema,
        response: { 200: envelopeOf(FavouriteResultSchema) },
      },
    },
    async (request) => {
      const member = await requireMember(request);
      return ok(await playerGames.addFavourite(request.operator.id, member.id, request.body));
    },
  );

  app.delete(
    '/wps/relay/MCSFE_removeFavoriteGameV2',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a game from my favourites',
        body: FavouriteBodySchema,
        response: { 200: envelopeOf(FavouriteResultSchema) },
      },
    },
    async (request) => {
      const member = await requireMember(request);
      return ok(await playerGames.removeFavourite(request.operator.id, member.id, request.body));
    },
  );

  app.get(
    '/wps/relay/MCSFE_getFavoriteGames',
    {
      schema: {
        tags,
        security,
        summary: 'Node ids of my favourite games, newest first',
        querystring: FavouriteIdsQuerySchema,
        response: { 200: envelopeOf(FavouriteIdsSchema) },
      },
    },
    async (request) => {
      const member = await requireMember(request);
      return ok({ ids: await playerGames.favouriteIds(request.operator.id, member.id) });
    },
  );

  app.get(
    '/wps/relay/MCSFE_getFavoriteGamesList',
    {
      schema: {
        tags,
        security,
        summary: 'A page of my favourite games (pageSize up to 200)',
        querystring: FavouriteListQuerySchema,
        response: { 200: envelopeOf(FavouriteListSchema) },
      },
    },
    async (request) => {
      const member = await requireMember(request);
      const q = request.query;
      return ok(
        await playerGames.favouriteList(request.operator.id, member.id, {
          gameType: q.gameType,
          vendor: q.vendor,
          pageNo: q.pageNo,
          pageSize: q.pageSize,
        }),
      );
    },
  );

  // ---------- recent games ----------

  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/wps/relay/MCSFE_addRecentGame',
      schema: {
        tags,
        security,
        summary: 'Record that I opened a game (also done by launchGame)',
        ...(method === 'GET' ? { querystring: RecentAddSchema } : { body: RecentAddSchema }),
        response: { 200: envelopeOf(RecentAddResultSchema) },
      },
      handler: async (request) => {
        const member = await requireMember(request);
        const ref = (method === 'GET' ? request.query : request.body) as z.infer<typeof RecentAddSchema>;
        return ok(await playerGames.recordRecent(request.operator.id, member.id, ref));
      },
    });
  }

  app.get(
    '/wps/relay/MCSFE_getRecentGames',
    {
      schema: {
        tags,
        security,
        summary: 'A page of the games I opened most recently',
        querystring: RecentListQuerySchema,
        response: { 200: envelopeOf(RecentListSchema) },
      },
    },
    async (request) => {
      const member = await requireMember(request);
      const q = request.query;
      return ok(
        await playerGames.recentList(request.operator.id, member.id, {
          gameType: q.gameType,
          vendor: q.vendor,
          pageNo: q.page ?? q.pageNo ?? 1,
          pageSize: q.pageSize,
        }),
      );
    },
  );

  // ---------- launch ----------

  app.get(
    '/wps/game/launchGame',
    {
      schema: {
        tags,
        security,
        summary:
          'Launch address of a game (freeplay=1: play money, member types 0, 1, 2 only, else FREE_REJECT); VENDOR_NOT_CONNECTED while the vendor has no credentials and no demo stands in',
        querystring: LaunchQuerySchema,
        response: { 200: envelopeOf(LaunchResultSchema) },
      },
    },
    async (request) => {
      const member = await requireMember(request);
      const q = request.query;
      // Back to the page the player left, on the address they reached us by.
      const returnUrl = `${request.protocol}://${request.host}${q.returnUrl ?? '/m/home'}`;
      return ok(
        await playerGames.launch(
          request.operator.id,
          member,
          { nodeId: q.nodeId, gameId: q.gameCode },
          {
            language: q.language ?? request.language,
            playType: q.playType,
            prizeMode: q.prizeMode,
            freeplay: q.freeplay === '1' || q.freeplay === 'true',
            returnUrl,
            origin: { protocol: request.protocol, hostname: request.hostname },
          },
        ),
      );
    },
  );
};
