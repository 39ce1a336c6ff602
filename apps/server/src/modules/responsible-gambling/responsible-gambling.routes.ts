import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import {
  BreakSchema,
  LimitsSchema,
  LimitsUpdateSchema,
  SelfExclusionRequestSchema,
  SessionSummarySchema,
  TimeoutRequestSchema,
} from '@playhouse/contract/responsible-gambling';
import { ok } from '../../lib/envelope.ts';
import { requireMember } from '../../lib/require-member.ts';

const tags = ['responsible gambling'];
const security = [{ bearer: [] }];

/**
 * The member's own protection settings (architecture: "Responsible gambling (member)"). Everything is
 * looked up by the session's member; trial accounts get FREE_REJECT, guests NOT_LOGGED_IN.
 */
export const responsibleGamblingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { responsibleGambling: rg } = app.services;

  app.get(
    '/wps/member/limits',
    {
      schema: {
        tags,
        security,
        summary: 'Deposit, loss and wager limits in force (24 h / 7 d / 30 d), waiting raises and use so far',
        response: { 200: envelopeOf(LimitsSchema) },
      },
    },
    async (request, reply) => {
      const who = await requireMember(request);
      reply.header('cache-control', 'no-store');
      return ok(await rg.limits(who));
    },
  );

  app.put(
    '/wps/member/limits',
    {
      schema: {
        tags,
        security,
        summary:
          'Set limits (partial; null removes): lowering or a new limit applies at once, raising or removing after 24 hours',
        body: LimitsUpdateSchema,
        response: { 200: envelopeOf(LimitsSchema) },
      },
    },
    async (request) => ok(await rg.updateLimits(await requireMember(request), request.body, request.ip)),
  );

  app.post(
    '/wps/member/timeout',
    {
      schema: {
        tags,
        security,
        summary:
          'Take a break of 1 to 42 days, at once; it cannot be ended early (stakes and deposits refused)',
        body: TimeoutRequestSchema,
        response: { 200: envelopeOf(BreakSchema) },
      },
    },
    async (request) => ok(await rg.timeout(await requireMember(request), request.body.days, request.ip)),
  );

  app.post(
    '/wps/member/selfExclusion',
    {
      schema: {
        tags,
        security,
        summary:
          'Self-exclude for 6 months or more, at once; it cannot be ended early (withdrawals still work)',
        body: SelfExclusionRequestSchema,
        response: { 200: envelopeOf(BreakSchema) },
      },
    },
    async (request) =>
      ok(await rg.selfExclude(await requireMember(request), request.body.months, request.ip)),
  );

  app.get(
    '/wps/member/session-summary',
    {
      schema: {
        tags,
        security,
        summary:
          'Reality check: time since this session signed in and the net position (wins minus stakes) over it',
        response: { 200: envelopeOf(SessionSummarySchema) },
      },
    },
    async (request, reply) => {
      const who = await requireMember(request);
      reply.header('cache-control', 'no-store');
      return ok(await rg.sessionSummary(who));
    },
  );
};
