import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import {
  RecordPageSchema,
  RecordQuerySchema,
  StatementQuerySchema,
  StatementSchema,
} from '@playhouse/contract/transactions';
import { ok } from '../../lib/envelope.ts';
import { requireMember } from '../../lib/require-member.ts';

const tags = ['member'];
const security = [{ bearer: [] }];
// A statement sums up to three months of movements; a member has no reason to ask many times a minute.
const statementRateLimit = { rateLimit: { max: 30, timeWindow: 60_000 } };

/** The signed-in member's account record and statements (their own wallet only). */
export const transactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { transactions } = app.services;

  app.get(
    '/wps/transaction/record',
    {
      config: { feature: 'RECORDS3' },
      schema: {
        tags,
        security,
        summary:
          "The member's movements in a period (days in timeZone, at most 3 months), newest first, with totals; type filters by kind group",
        querystring: RecordQuerySchema,
        response: { 200: envelopeOf(RecordPageSchema) },
      },
    },
    async (request) => ok(await transactions.record(await requireMember(request), request.query)),
  );

  app.get(
    '/wps/transaction/statement',
    {
      config: { ...statementRateLimit, feature: 'RECORDS3' },
      schema: {
        tags,
        security,
        summary:
          'A period statement (at most 3 months): opening and closing balance, net deposits, withdrawals, win/loss, bonuses, adjustments',
        querystring: StatementQuerySchema,
        response: { 200: envelopeOf(StatementSchema) },
      },
    },
    async (request) => ok(await transactions.statement(await requireMember(request), request.query)),
  );

  app.get(
    '/wps/transaction/statement.csv',
    {
      config: { ...statementRateLimit, feature: 'RECORDS3' },
      schema: {
        tags,
        security,
        summary:
          'The statement as a CSV download (text/csv, UTF-8 with BOM): one row per movement, then the summary',
        querystring: StatementQuerySchema,
      },
    },
    async (request, reply) => {
      const member = await requireMember(request);
      const { filename, lines } = await transactions.statementCsv(member, request.query, request.language);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(Readable.from(lines()));
    },
  );
};
