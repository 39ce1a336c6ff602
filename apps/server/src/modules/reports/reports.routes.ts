import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import { DashboardSchema, ReportQuerySchema, ReportSchema } from '@playhouse/contract/reports';
import { createTranslator } from '@playhouse/i18n/node-catalogue';
import { ok } from '../../lib/envelope.ts';

const tags = ['back office'];
const security = [{ bearer: [] }];
const t = createTranslator('bo');
const CSV_HEADINGS = [
  'period',
  'key',
  'stakes',
  'wins',
  'ggr',
  'bonuses',
  'commissions',
  'ngr',
  'bets',
  'deposits',
  'depositCount',
  'withdrawals',
  'withdrawalCount',
  'players',
  'newPlayers',
  'firstDeposits',
  'currency',
] as const;

/** Back office: the dashboard and the reports, from the daily totals (decision 040). */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reports } = app.services;

  app.get(
    '/bo/api/dashboard',
    {
      config: { permission: 'reports.read' },
      schema: {
        tags,
        security,
        summary:
          'Today, yesterday and the last 30 days (deposits, withdrawals, GGR, bonuses, NGR, players, first deposits) and the queues waiting for staff',
        response: { 200: envelopeOf(DashboardSchema) },
      },
    },
    async (request) => ok(await reports.dashboard(request.operator.id, request.settings.site.currency)),
  );

  app.get(
    '/bo/api/reports',
    {
      config: { permission: 'reports.read' },
      schema: {
        tags,
        security,
        summary:
          'Stakes, wins, GGR, bonuses, deposits, withdrawals and players per day, week or month, overall or per vendor, game, channel or agent; paged',
        querystring: ReportQuerySchema,
        response: { 200: envelopeOf(ReportSchema) },
      },
    },
    async (request) =>
      ok(await reports.report(request.operator.id, request.settings.site.currency, request.query)),
  );

  app.get(
    '/bo/api/reports.csv',
    {
      config: { permission: 'reports.read' },
      schema: {
        tags,
        security,
        summary:
          "The whole report as CSV (text/csv, UTF-8 with BOM, headings in the request's language); cells a spreadsheet would run as formulas are neutralised",
        querystring: ReportQuerySchema,
      },
    },
    async (request, reply) => {
      const headings = Object.fromEntries(
        CSV_HEADINGS.map((h) => [h, t(request.language, `reports.column.${h}`)]),
      );
      const { csv, start, end } = await reports.reportCsv(
        request.operator.id,
        request.settings.site.currency,
        request.query,
        headings,
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="report-${request.query.by}-${request.query.period}-${start}-${end}.csv"`,
        )
        .send(csv);
    },
  );
};
