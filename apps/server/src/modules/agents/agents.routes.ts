import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AgentHomeSchema,
  BoAgentBodySchema,
  BoAgentPageSchema,
  BoAgentRemovedSchema,
  BoAgentsQuerySchema,
  BoAgentUserParamsSchema,
  TeamKpiSchema,
  TeamPageSchema,
  TeamQuerySchema,
} from '@playhouse/contract/agents';
import { envelopeOf } from '@playhouse/contract/envelope';
import { StatementQuerySchema } from '@playhouse/contract/transactions';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { requireMember } from '../../lib/require-member.ts';
import { requireStaff } from '../games/require-staff.ts';

const tags = ['agents'];
const boTags = ['back office'];
const security = [{ bearer: [] }];

/** The agent centre (member token, agents only) and the back office's agents. */
export const agentsRoutes: FastifyPluginAsyncZod<{ publicUrl?: string | undefined }> = async (app, opts) => {
  const { agents } = app.services;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/wps/agent/home',
    {
      schema: {
        tags,
        security,
        summary: 'My affiliate code, registration link and its QR code, and the size of my team (agents)',
        response: { 200: envelopeOf(AgentHomeSchema) },
      },
    },
    async (request) =>
      ok(
        await agents.home(
          await requireMember(request),
          opts.publicUrl ?? `${request.protocol}://${request.host}`,
        ),
      ),
  );

  app.get(
    '/wps/agent/teamKpi',
    {
      schema: {
        tags,
        security,
        summary:
          "My downline's figures over a period of days: registrations, first deposits, turnover, payout, profit and loss (agents)",
        querystring: StatementQuerySchema,
        response: { 200: envelopeOf(TeamKpiSchema) },
      },
    },
    async (request) => ok(await agents.teamKpi(await requireMember(request), request.query)),
  );

  app.get(
    '/wps/agent/team',
    {
      schema: {
        tags,
        security,
        summary: 'A page of my downline, nearest first, searchable by username (agents)',
        querystring: TeamQuerySchema,
        response: { 200: envelopeOf(TeamPageSchema) },
      },
    },
    async (request) => ok(await agents.team(await requireMember(request), request.query)),
  );

  app.get(
    '/bo/api/agents',
    {
      config: { permission: 'agents.read' },
      schema: {
        tags: boTags,
        security,
        summary: 'Agents: type, level, affiliate code, upline and team size',
        querystring: BoAgentsQuerySchema,
        response: { 200: envelopeOf(BoAgentPageSchema) },
      },
    },
    async (request) => ok(await agents.boList(request.operator.id, request.query)),
  );

  app.put(
    '/bo/api/agents',
    {
      config: { permission: 'agents.write' },
      schema: {
        tags: boTags,
        security,
        summary: "Make a member an agent, or change an agent's type and level (audited)",
        body: BoAgentBodySchema,
        response: {
          200: envelopeOf(
            z.object({ userName: z.string(), type: z.number(), level: z.number(), code: z.string() }),
          ),
        },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return ok(await agents.makeAgent(request.operator.id, { id: staff.id, ip: request.ip }, request.body));
    },
  );

  app.delete(
    '/bo/api/agents/:userName',
    {
      config: { permission: 'agents.write' },
      schema: {
        tags: boTags,
        security,
        summary: 'Make an agent an ordinary member again; its downline stays (audited)',
        params: BoAgentUserParamsSchema,
        response: { 200: envelopeOf(BoAgentRemovedSchema) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return ok(
        await agents.removeAgent(
          request.operator.id,
          { id: staff.id, ip: request.ip },
          request.params.userName,
        ),
      );
    },
  );
};
