import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import { JackpotSchema } from '@playhouse/contract/games';
import { ok } from '../../lib/envelope.ts';

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
};
