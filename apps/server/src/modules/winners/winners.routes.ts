import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import { RankListQuerySchema, RankListSchema } from '@playhouse/contract/games';
import { currencySymbol } from '@playhouse/contract/money';
import { sendShared } from '../../lib/shared-body.ts';

/** The winner board (spec §2): real settled wins, biggest first, names masked. */
export const winnersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/wps/relay/GCSGAME_getRankList',
    {
      schema: {
        tags: ['games'],
        summary:
          "Biggest settled wins of the last 7 days (up to 20) of at least the operator's minimum, one per player and game, names masked",
        querystring: RankListQuerySchema,
        response: { 200: envelopeOf(RankListSchema) },
      },
    },
    async (request, reply) =>
      sendShared(
        request,
        reply,
        await app.services.winners.board(request.operator.id, {
          gameCategory: request.query.gameCategory,
          limit: request.query.limitNum,
          minWin: request.settings.games.winnerMinWin,
          currencySymbol: currencySymbol(request.settings.site.currency),
        }),
      ),
  );
};
