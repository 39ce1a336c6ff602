import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MemberInfoSchema, WalletSummarySchema } from '@playhouse/contract/account';
import { envelopeOf } from '@playhouse/contract/envelope';
import { ok } from '../../lib/envelope.ts';
import { requireMember } from '../../lib/require-member.ts';

const tags = ['member'];
const security = [{ bearer: [] }];

/** The signed-in member's own record; every lookup goes through the session's member id. */
export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { memberInfo } = app.services;

  app.get(
    '/wps/member/info',
    {
      schema: {
        tags,
        security,
        summary: 'The signed-in member',
        response: { 200: envelopeOf(MemberInfoSchema) },
      },
    },
    async (request) => ok(await memberInfo.info(await requireMember(request))),
  );

  app.get(
    '/wps/wallets/gcs',
    {
      schema: {
        tags,
        security,
        summary: 'Wallet summary of the signed-in member',
        response: { 200: envelopeOf(WalletSummarySchema) },
      },
    },
    async (request) => ok(await memberInfo.wallet(await requireMember(request))),
  );
};
