import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import {
  LedgerVerifySchema,
  MemberLedgerPageSchema,
  MemberLedgerParamsSchema,
  MemberLedgerQuerySchema,
} from '@playhouse/contract/wallet';
import { ok } from '../../lib/envelope.ts';

const tags = ['back office'];
const security = [{ bearer: [] }];

/** Back office: the ledger check and a member's journal. */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ledger } = app.services;

  app.get(
    '/bo/api/ledger/verify',
    {
      config: { permission: 'ledger.read' },
      schema: {
        tags,
        security,
        summary:
          'Checks the ledger: every entry sums to zero, cached balances equal their lines, none negative, no orphan lines',
        response: { 200: envelopeOf(LedgerVerifySchema) },
      },
    },
    async (request) => {
      return ok(await ledger.verify({ operatorId: request.operator.id }));
    },
  );

  app.get(
    '/bo/api/members/:userName/ledger',
    {
      config: { permission: 'ledger.read' },
      schema: {
        tags,
        security,
        summary: "A member's journal entries with their lines, newest first",
        params: MemberLedgerParamsSchema,
        querystring: MemberLedgerQuerySchema,
        response: { 200: envelopeOf(MemberLedgerPageSchema) },
      },
    },
    async (request) => {
      return ok(await ledger.memberLedger(request.operator.id, request.params.userName, request.query));
    },
  );
};
