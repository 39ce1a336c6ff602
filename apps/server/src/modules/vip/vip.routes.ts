import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import {
  RebateClaimResponseSchema,
  RebateHistoryQuerySchema,
  RebateHistorySchema,
  RebateSummarySchema,
  VipSummarySchema,
} from '@playhouse/contract/vip';
import { MEMBER_TYPE } from '@playhouse/contract/account';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { requireMember } from '../../lib/require-member.ts';
import { perSessionLimit } from '../payments/payments.routes.ts';

const security = [{ bearer: [] }];
const tags = ['vip'];
/** Claims: enough for a person, not for a script. */
const LIMIT = perSessionLimit(20);

/**
 * The member's VIP benefits (/m/member/benefits) and manual rebate (/m/member/manualRebate). Both
 * read only the session's member; reading them evaluates the member's rank (and pays what a new rank
 * brings, once). The rebate answers FEATURE_DISABLED when the operator turned it off (MANREBATE3);
 * trial accounts get FREE_REJECT.
 */
export const vipRoutes: FastifyPluginAsyncZod = async (app) => {
  const { vip } = app.services;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  /** The signed-in member; trial accounts have no rank or rebate (FREE_REJECT, spec §6). */
  const realMember = async (request: Parameters<typeof requireMember>[0]) => {
    const who = await requireMember(request);
    if (who.type === MEMBER_TYPE.TRIAL) throw new AppError('FREE_REJECT');
    return who;
  };

  app.get(
    '/wps/member/vip',
    {
      config: { feature: 'VIP3' },
      schema: {
        tags,
        security,
        summary:
          "The member's rank, progress to the next one (spec: completed / expected conditions), every rank's conditions and benefits, and the VIP bonuses paid",
        response: { 200: envelopeOf(VipSummarySchema) },
      },
    },
    async (request) => {
      const who = await realMember(request);
      const { site } = request.settings;
      return ok(await vip.summary(who, site.vip.enabled));
    },
  );

  app.get(
    '/wps/member/rebate',
    {
      config: { feature: 'MANREBATE3' },
      schema: {
        tags,
        security,
        summary:
          'Rebate accrued on stakes settled since the last claim, by game category, at the member rank rate',
        response: { 200: envelopeOf(RebateSummarySchema) },
      },
    },
    async (request) => {
      const who = await realMember(request);
      return ok(await vip.rebate.summary(who));
    },
  );

  app.post(
    '/wps/member/rebate/claim',
    {
      config: { ...LIMIT, feature: 'MANREBATE3' },
      schema: {
        tags,
        security,
        summary:
          "Claim the accrued rebate, once per day in the operator's time zone (REBATE_ALREADY_CLAIMED after); paid from the house bonus account with a wagering requirement",
        response: { 200: envelopeOf(RebateClaimResponseSchema) },
      },
    },
    async (request) => {
      const who = await realMember(request);
      return ok(await vip.rebate.claim(who));
    },
  );

  app.get(
    '/wps/member/rebate/history',
    {
      config: { feature: 'MANREBATE3' },
      schema: {
        tags,
        security,
        summary: "The member's rebate claims, newest first",
        querystring: RebateHistoryQuerySchema,
        response: { 200: envelopeOf(RebateHistorySchema) },
      },
    },
    async (request) => {
      const who = await realMember(request);
      return ok(await vip.rebate.history(who, request.query));
    },
  );
};
