import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import {
  ClaimResultSchema,
  MissionParamsSchema,
  RewardCentreSchema,
  RewardSummarySchema,
} from '@playhouse/contract/rewards';
import { ok } from '../../lib/envelope.ts';
import { requireMember } from '../../lib/require-member.ts';
import { perSessionLimit } from '../payments/payments.routes.ts';

const tags = ['rewards'];
const security = [{ bearer: [] }];
/** Claims: enough for a person tapping, not for a script. */
const LIMIT = perSessionLimit(60);

/**
 * The member's reward centre (spec §2, §3 "Rewards", §6 REWCEN3). Everything is the session's own
 * member: progress is read from their activity, claims pay them. Behind the operator's REWCEN3 flag
 * (off: FORBIDDEN; the summary then answers zero counts so badges stay hidden). Never cached.
 */
export const rewardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { rewards } = app.services;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/wps/rewards/summary',
    {
      config: { feature: 'REWCEN3' },
      schema: {
        tags,
        security,
        summary:
          'Rewards claimable now: the total (Mine page bubble, footer badge) and counts by key (MISSION, LOGIN, CHECKIN)',
        response: { 200: envelopeOf(RewardSummarySchema) },
      },
    },
    async (request) => ok(await rewards.summary(await requireMember(request), true)),
  );

  app.get(
    '/wps/rewards',
    {
      config: { feature: 'REWCEN3' },
      schema: {
        tags,
        security,
        summary:
          "The reward centre: today's check-in (streak, cycle of rewards) and missions with progress from the member's activity today",
        response: { 200: envelopeOf(RewardCentreSchema) },
      },
    },
    async (request) => {
      const member = await requireMember(request);
      return ok(await rewards.centre(member));
    },
  );

  app.post(
    '/wps/rewards/checkin',
    {
      config: { ...LIMIT, feature: 'REWCEN3' },
      schema: {
        tags,
        security,
        summary:
          "Check in for today: pays the streak day's reward once (REWARD_ALREADY_CLAIMED after); a missed day starts the streak again",
        response: { 200: envelopeOf(ClaimResultSchema) },
      },
    },
    async (request) => {
      const member = await requireMember(request);
      return ok(await rewards.checkIn(member, request.language));
    },
  );

  app.post(
    '/wps/rewards/missions/:id/claim',
    {
      config: { ...LIMIT, feature: 'REWCEN3' },
      schema: {
        tags,
        security,
        summary:
          "Claim today's reward of a mission: REWARD_NOT_EARNED before its target is reached, REWARD_ALREADY_CLAIMED once paid",
        params: MissionParamsSchema,
        response: { 200: envelopeOf(ClaimResultSchema) },
      },
    },
    async (request) => {
      const member = await requireMember(request);
      return ok(await rewards.claimMission(member, request.params.id, request.language));
    },
  );
};
