import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import {
  CheckInSettingsSchema,
  ClaimPageSchema,
  ClaimQuerySchema,
  MissionAdminSchema,
  MissionCreateSchema,
  MissionParamsSchema,
  MissionUpdateSchema,
} from '@playhouse/contract/rewards';
import { ok } from '../../lib/envelope.ts';
import { staffActor } from '../games/require-staff.ts';

const tags = ['back office: rewards'];
const security = [{ bearer: [] }];

/**
 * The back office's reward centre: daily missions (type, target, reward, turnover multiple, active),
 * the check-in rewards, and the list of paid claims. Every change is audited.
 */
export const rewardsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { rewards } = app.services;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/bo/api/rewards/missions',
    {
      config: { permission: 'rewards.read' },
      schema: {
        tags,
        security,
        summary: 'Daily missions, active or not',
        response: { 200: envelopeOf(z.array(MissionAdminSchema)) },
      },
    },
    async (request) => {
      return ok(await rewards.admin.missions(request.operator.id));
    },
  );

  app.post(
    '/bo/api/rewards/missions',
    {
      config: { permission: 'rewards.write' },
      schema: {
        tags,
        security,
        summary: 'Add a daily mission (an amount target for wager and deposit, a count for games); audited',
        body: MissionCreateSchema,
        response: { 200: envelopeOf(MissionAdminSchema) },
      },
    },
    async (request) =>
      ok(await rewards.admin.createMission(request.operator.id, staffActor(request), request.body)),
  );

  app.put(
    '/bo/api/rewards/missions/:id',
    {
      config: { permission: 'rewards.write' },
      schema: {
        tags,
        security,
        summary: 'Change a mission (target, reward, turnover multiple, active, order); audited',
        params: MissionParamsSchema,
        body: MissionUpdateSchema,
        response: { 200: envelopeOf(MissionAdminSchema) },
      },
    },
    async (request) =>
      ok(
        await rewards.admin.updateMission(
          request.operator.id,
          staffActor(request),
          request.params.id,
          request.body,
        ),
      ),
  );

  app.get(
    '/bo/api/rewards/checkin',
    {
      config: { permission: 'rewards.read' },
      schema: {
        tags,
        security,
        summary: 'Check-in settings: on or off, the reward of each streak day, the turnover multiple',
        response: { 200: envelopeOf(CheckInSettingsSchema) },
      },
    },
    async (request) => {
      return ok(await rewards.admin.checkInSettings(request.operator.id));
    },
  );

  app.put(
    '/bo/api/rewards/checkin',
    {
      config: { permission: 'rewards.write' },
      schema: {
        tags,
        security,
        summary: 'Replace the check-in settings; audited',
        body: CheckInSettingsSchema,
        response: { 200: envelopeOf(CheckInSettingsSchema) },
      },
    },
    async (request) =>
      ok(await rewards.admin.saveCheckInSettings(request.operator.id, staffActor(request), request.body)),
  );

  app.get(
    '/bo/api/rewards/claims',
    {
      config: { permission: 'rewards.read' },
      schema: {
        tags,
        security,
        summary: 'Paid rewards, newest first (optionally one member)',
        querystring: ClaimQuerySchema,
        response: { 200: envelopeOf(ClaimPageSchema) },
      },
    },
    async (request) => {
      return ok(await rewards.admin.claims(request.operator.id, request.query));
    },
  );
};
