import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import {
  BoReferralPageSchema,
  BoReferralsQuerySchema,
  ReferralSettingsPatchSchema,
  ReferralSettingsSchema,
  ReferralSummarySchema,
} from '@playhouse/contract/referral';
import { ok } from '../../lib/envelope.ts';
import { requireMember } from '../../lib/require-member.ts';
import { requireStaff } from '../games/require-staff.ts';

const tags = ['referral'];
const boTags = ['back office'];
const security = [{ bearer: [] }];

/** Invite friends: my referral code, link and friends; the back office's list and reward settings. */
export const referralRoutes: FastifyPluginAsyncZod<{ publicUrl?: string | undefined }> = async (
  app,
  opts,
) => {
  const { referrals } = app.services;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/wps/referral/summary',
    {
      config: { feature: 'REFERRAL3' },
      schema: {
        tags,
        security,
        summary: 'My referral code and link, the reward rules, and the friends I invited (non-agents)',
        response: { 200: envelopeOf(ReferralSummarySchema) },
      },
    },
    async (request) =>
      ok(
        await referrals.summary(
          await requireMember(request),
          opts.publicUrl ?? `${request.protocol}://${request.host}`,
        ),
      ),
  );

  app.get(
    '/bo/api/referrals',
    {
      config: { permission: 'referrals.read' },
      schema: {
        tags: boTags,
        security,
        summary: 'Referrals: who invited whom, their status and the reward paid',
        querystring: BoReferralsQuerySchema,
        response: { 200: envelopeOf(BoReferralPageSchema) },
      },
    },
    async (request) => {
      return ok(await referrals.boList(request.operator.id, request.query));
    },
  );

  app.get(
    '/bo/api/referrals/settings',
    {
      config: { permission: 'referrals.read' },
      schema: {
        tags: boTags,
        security,
        summary: 'Referral reward settings',
        response: { 200: envelopeOf(ReferralSettingsSchema) },
      },
    },
    async (request) => {
      return ok(await referrals.settings(request.operator.id));
    },
  );

  app.put(
    '/bo/api/referrals/settings',
    {
      config: { permission: 'referrals.write' },
      schema: {
        tags: boTags,
        security,
        summary: 'Change the referral reward amount, qualifying first deposit and turnover (audited)',
        body: ReferralSettingsPatchSchema,
        response: { 200: envelopeOf(ReferralSettingsSchema) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return ok(
        await referrals.updateSettings(request.operator.id, { id: staff.id, ip: request.ip }, request.body),
      );
    },
  );
};
