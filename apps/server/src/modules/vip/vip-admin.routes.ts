import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import { VipLevelParamsSchema, VipRankBodySchema, VipRankSchema } from '@playhouse/contract/vip';
import { ok } from '../../lib/envelope.ts';
import { staffActor } from '../games/require-staff.ts';

const tags = ['back office: VIP'];
const security = [{ bearer: [] }];

/** The back office's VIP ranks: conditions, bonuses, withdrawal limits and rebate rates (audited). */
export const vipAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { vip } = app.services;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/bo/api/vip/ranks',
    {
      config: { permission: 'rewards.read' },
      schema: {
        tags,
        security,
        summary: 'VIP ranks by level',
        response: { 200: envelopeOf(z.array(VipRankSchema)) },
      },
    },
    async (request) => {
      return ok(await vip.ranks.list(request.operator.id));
    },
  );

  app.put(
    '/bo/api/vip/ranks/:level',
    {
      config: { permission: 'vip.write' },
      schema: {
        tags,
        security,
        summary: 'Add or change the rank at a level (conditions, bonuses, limits, rebate rates); audited',
        params: VipLevelParamsSchema,
        body: VipRankBodySchema,
        response: { 200: envelopeOf(z.array(VipRankSchema)) },
      },
    },
    async (request) =>
      ok(await vip.ranks.save(request.operator.id, staffActor(request), request.params.level, request.body)),
  );

  app.delete(
    '/bo/api/vip/ranks/:level',
    {
      config: { permission: 'vip.write' },
      schema: {
        tags,
        security,
        summary: 'Remove the rank at a level (members keep their level); audited',
        params: VipLevelParamsSchema,
        response: { 200: envelopeOf(z.array(VipRankSchema)) },
      },
    },
    async (request) =>
      ok(await vip.ranks.remove(request.operator.id, staffActor(request), request.params.level)),
  );
};
