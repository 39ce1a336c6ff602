import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import {
  ApplyBodySchema,
  ApplyResultSchema,
  BoApplicationPageSchema,
  BoApplicationParamsSchema,
  BoApplicationsQuerySchema,
  BoApproveSchema,
  BoDecisionSchema,
  BoPromotionIdParamsSchema,
  BoPromotionInputSchema,
  BoPromotionSchema,
  BoRejectSchema,
  PromotionCardSchema,
  PromotionDetailQuerySchema,
  PromotionListSchema,
  PromotionsQuerySchema,
} from '@playhouse/contract/promotions';
import { bearerToken } from '../../lib/bearer.ts';
import { ok } from '../../lib/envelope.ts';
import { requireMember } from '../../lib/require-member.ts';
import { staffActor } from '../games/require-staff.ts';
import { perSessionLimit } from '../payments/payments.routes.ts';

const tags = ['promotions'];
const boTags = ['back office: promotions'];
const security = [{ bearer: [] }];

/** The signed-in member when there is one: promotions are public, a stale token reads as a guest. */
async function optionalMember(request: FastifyRequest) {
  if (!bearerToken(request)) return undefined;
  try {
    return await requireMember(request);
  } catch {
    return undefined;
  }
}

/**
 * Promotions (spec §2 /m/activity, §3 Promotion) with the member's state per promotion, applying
 * for a bonus, and the back office's promotions and applications (every change audited).
 * Answers depend on the member, so nothing is cached.
 */
export const promotionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { promotions } = app.services;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/wps/promotions',
    {
      schema: {
        tags,
        summary:
          "Promotions now running or coming (fields of the spec Promotion), each with its bonus rule and, signed in, the member's state and application",
        querystring: PromotionsQuerySchema,
        response: { 200: envelopeOf(PromotionListSchema) },
      },
    },
    async (request) => {
      const member = await optionalMember(request);
      const list = await promotions.list(
        request.operator.id,
        request.query.language ?? request.language,
        request.settings.site.currency,
        member,
      );
      return ok({ list });
    },
  );

  app.get(
    '/wps/promotions/detail',
    {
      schema: {
        tags,
        summary: "One promotion (also an ended or closed one) with the member's state",
        querystring: PromotionDetailQuerySchema,
        response: { 200: envelopeOf(PromotionCardSchema) },
      },
    },
    async (request) =>
      ok(
        await promotions.detail(
          request.operator.id,
          request.query.id,
          request.query.language ?? request.language,
          request.settings.site.currency,
          await optionalMember(request),
        ),
      ),
  );

  app.post(
    '/wps/promotions/apply',
    {
      config: perSessionLimit(60),
      schema: {
        tags,
        security,
        summary:
          "Apply for a promotion's bonus, once per member (a repeat answers the same application); a free-money bonus issued automatically is credited at once",
        body: ApplyBodySchema,
        response: { 200: envelopeOf(ApplyResultSchema) },
      },
    },
    async (request) => ok(await promotions.apply(await requireMember(request), request.body.promotionId)),
  );

  // ---------- back office ----------

  app.get(
    '/bo/api/promotions',
    {
      config: { permission: 'promotions.read' },
      schema: {
        tags: boTags,
        security,
        summary: 'Every promotion with its application counts',
        response: { 200: envelopeOf(z.array(BoPromotionSchema)) },
      },
    },
    async (request) => {
      return ok(await promotions.boList(request.operator.id));
    },
  );

  app.post(
    '/bo/api/promotions',
    {
      config: { permission: 'promotions.write' },
      schema: {
        tags: boTags,
        security,
        summary: 'Create a promotion (HTML sanitised); audited',
        body: BoPromotionInputSchema,
        response: { 200: envelopeOf(BoPromotionSchema) },
      },
    },
    async (request) => ok(await promotions.create(request.operator.id, staffActor(request), request.body)),
  );

  app.put(
    '/bo/api/promotions/:id',
    {
      config: { permission: 'promotions.write' },
      schema: {
        tags: boTags,
        security,
        summary: 'Change a promotion (the whole promotion; HTML sanitised); audited',
        params: BoPromotionIdParamsSchema,
        body: BoPromotionInputSchema,
        response: { 200: envelopeOf(BoPromotionSchema) },
      },
    },
    async (request) =>
      ok(await promotions.update(request.operator.id, staffActor(request), request.params.id, request.body)),
  );

  app.post(
    '/bo/api/promotions/:id/close',
    {
      config: { permission: 'promotions.write' },
      schema: {
        tags: boTags,
        security,
        summary: 'Close a promotion: no new applications (waiting ones can still be decided); audited',
        params: BoPromotionIdParamsSchema,
        response: { 200: envelopeOf(BoPromotionSchema) },
      },
    },
    async (request) =>
      ok(await promotions.close(request.operator.id, staffActor(request), request.params.id)),
  );

  app.get(
    '/bo/api/promotion-applications',
    {
      config: { permission: 'promotions.read' },
      schema: {
        tags: boTags,
        security,
        summary: 'Applications, newest first, by status and promotion',
        querystring: BoApplicationsQuerySchema,
        response: { 200: envelopeOf(BoApplicationPageSchema) },
      },
    },
    async (request) => {
      return ok(await promotions.applications(request.operator.id, request.query));
    },
  );

  app.post(
    '/bo/api/promotion-applications/:id/approve',
    {
      config: { permission: 'promotions.decide' },
      schema: {
        tags: boTags,
        security,
        summary:
          'Approve: credit the amount given (else what the rule earned, never above the cap) once from the bonus account, add its turnover; audited',
        params: BoApplicationParamsSchema,
        body: BoApproveSchema,
        response: { 200: envelopeOf(BoDecisionSchema) },
      },
    },
    async (request) =>
      ok(await promotions.approve(request.operator.id, staffActor(request), request.params.id, request.body)),
  );

  app.post(
    '/bo/api/promotion-applications/:id/reject',
    {
      config: { permission: 'promotions.decide' },
      schema: {
        tags: boTags,
        security,
        summary: 'Reject with a reason the member sees; audited',
        params: BoApplicationParamsSchema,
        body: BoRejectSchema,
        response: { 200: envelopeOf(BoDecisionSchema) },
      },
    },
    async (request) =>
      ok(
        await promotions.reject(
          request.operator.id,
          staffActor(request),
          request.params.id,
          request.body.reason,
        ),
      ),
  );
};
