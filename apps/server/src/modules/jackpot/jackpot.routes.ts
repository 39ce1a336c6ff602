import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import { JackpotHitsSchema, JackpotSchema } from '@playhouse/contract/games';
import { formatMinor } from '@playhouse/contract/envelope';
import { currencySymbol } from '@playhouse/contract/money';
import { ok } from '../../lib/envelope.ts';
import { PLAY_VENDOR } from '../play/play.service.ts';
import { maskName } from '../winners/mask-name.ts';

/** The real progressive jackpot for the lobby counter, with its published rules. */
export const jackpotRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/wps/game/jackpot',
    {
      schema: {
        tags: ['games'],
        summary: 'The progressive jackpot pool now, with its seed, ceiling and contribution rate',
        response: { 200: envelopeOf(JackpotSchema) },
      },
    },
    async (request) =>
      ok(await app.services.jackpot.get(request.operator.id, request.settings.site.currency)),
  );

  app.get(
    '/wps/game/jackpot/hits',
    {
      schema: {
        tags: ['games'],
        summary: "The jackpot's latest hits, newest first: game, masked winner, amount and time",
        response: { 200: envelopeOf(JackpotHitsSchema) },
      },
    },
    async (request) => {
      const operatorId = request.operator.id;
      const [hits, { byCode }] = await Promise.all([
        app.services.jackpot.hits(operatorId),
        app.services.catalogue.catalogue(operatorId),
      ]);
      return ok({
        currencySymbol: currencySymbol(request.settings.site.currency),
        list: hits.map((h) => ({
          gameName: byCode.get(`${PLAY_VENDOR}-${h.gameCode}`.toUpperCase())?.gameName ?? h.gameCode,
          customerName: maskName(h.username),
          amount: formatMinor(h.amount),
          wonAt: h.wonAt,
        })),
      });
    },
  );
};
