import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AgentTransferResultSchema,
  AgentTransferSchema,
  BoCommissionPageSchema,
  BoCommissionRunSchema,
  BoCommissionSchema,
  BoCommissionSettingsSchema,
  BoCommissionsQuerySchema,
  BoContractSchema,
  BoContractsQuerySchema,
  BoOfferBodySchema,
  BoTemplateBodySchema,
  BoTemplateSchema,
  ContractIdParamsSchema,
  ContractKindParamsSchema,
  ContractOfferSchema,
  ContractPageSchema,
  ContractRequestsSchema,
  ContractSchema,
  MyCommissionsSchema,
} from '@playhouse/contract/agents';
import { envelopeOf } from '@playhouse/contract/envelope';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { requireMember } from '../../lib/require-member.ts';
import { requireStaff } from '../games/require-staff.ts';

const tags = ['agents'];
const boTags = ['back office'];
const security = [{ bearer: [] }];

/** Contracts, commissions and team transfers: the agent centre's and the back office's (decision 034). */
export const contractsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { contracts } = app.services;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const staffOf = (request: Parameters<typeof requireStaff>[0]) => {
    const staff = requireStaff(request);
    return { id: staff.id, ip: request.ip };
  };

  // ---------- member ----------

  app.get(
    '/wps/agent/contractRequests',
    {
      schema: {
        tags,
        security,
        summary:
          'Contract requests waiting for me, checked at sign-in (spec §3; never for member types 4, 40, 41, 42)',
        response: { 200: envelopeOf(ContractRequestsSchema) },
      },
    },
    async (request) => ok(await contracts.requests(await requireMember(request))),
  );

  app.get(
    '/wps/agent/contracts/:kind',
    {
      schema: {
        tags,
        security,
        summary:
          'My daily salary, hourly salary or dividend contract: the request waiting and the one in force',
        params: ContractKindParamsSchema,
        response: { 200: envelopeOf(ContractPageSchema) },
      },
    },
    async (request) => ok(await contracts.page(await requireMember(request), request.params.kind)),
  );

  for (const [action, accept] of [
    ['accept', true],
    ['decline', false],
  ] as const)
    app.post(
      `/wps/agent/contracts/:id/${action}`,
      {
        schema: {
          tags,
          security,
          summary: accept
            ? 'Accept a contract request (it replaces my contract of that kind; audited)'
            : 'Decline a contract request (audited)',
          params: ContractIdParamsSchema,
          response: { 200: envelopeOf(ContractSchema) },
        },
      },
      async (request) =>
        ok(await contracts.decide(await requireMember(request), request.params.id, accept, request.ip)),
    );

  app.post(
    '/wps/agent/contracts/offer',
    {
      schema: {
        tags,
        security,
        summary:
          'Offer a member directly below me a contract, paying no more than mine of that kind (agents)',
        body: ContractOfferSchema,
        response: { 200: envelopeOf(z.object({ contractId: z.number(), userName: z.string() })) },
      },
    },
    async (request) => ok(await contracts.offerDown(await requireMember(request), request.body, request.ip)),
  );

  app.get(
    '/wps/agent/commissions',
    {
      schema: {
        tags,
        security,
        summary: 'My commissions by period: computed, paid and waiting (agents)',
        response: { 200: envelopeOf(MyCommissionsSchema) },
      },
    },
    async (request) => ok(await contracts.myCommissions(await requireMember(request))),
  );

  app.post(
    '/wps/agent/transfer',
    {
      schema: {
        tags,
        security,
        summary:
          'Transfer to a member of my downline, or to my upline where the operator allows it (TRANSUP3; never type 2), with my fund password',
        body: AgentTransferSchema,
        response: { 200: envelopeOf(AgentTransferResultSchema) },
      },
    },
    async (request) => ok(await contracts.transfer(await requireMember(request), request.body, request.ip)),
  );

  // ---------- back office ----------

  app.get(
    '/bo/api/agents/templates',
    {
      config: { permission: 'agents.read' },
      schema: {
        tags: boTags,
        security,
        summary: 'Contract templates: daily salary, hourly salary and dividend terms',
        response: { 200: envelopeOf(z.array(BoTemplateSchema)) },
      },
    },
    async (request) => ok(await contracts.templates(request.operator.id)),
  );

  app.post(
    '/bo/api/agents/templates',
    {
      config: { permission: 'agents.write' },
      schema: {
        tags: boTags,
        security,
        summary: 'Create a contract template (audited)',
        body: BoTemplateBodySchema,
        response: { 200: envelopeOf(BoTemplateSchema) },
      },
    },
    async (request) => ok(await contracts.saveTemplate(request.operator.id, staffOf(request), request.body)),
  );

  app.put(
    '/bo/api/agents/templates/:id',
    {
      config: { permission: 'agents.write' },
      schema: {
        tags: boTags,
        security,
        summary: 'Change a contract template; contracts already offered keep their terms (audited)',
        params: ContractIdParamsSchema,
        body: BoTemplateBodySchema,
        response: { 200: envelopeOf(BoTemplateSchema) },
      },
    },
    async (request) =>
      ok(
        await contracts.saveTemplate(request.operator.id, staffOf(request), request.body, request.params.id),
      ),
  );

  app.delete(
    '/bo/api/agents/templates/:id',
    {
      config: { permission: 'agents.write' },
      schema: {
        tags: boTags,
        security,
        summary: 'Delete a contract template (audited)',
        params: ContractIdParamsSchema,
        response: { 200: envelopeOf(z.object({ deleted: z.boolean() })) },
      },
    },
    async (request) =>
      ok(await contracts.deleteTemplate(request.operator.id, staffOf(request), request.params.id)),
  );

  app.get(
    '/bo/api/agents/contracts',
    {
      config: { permission: 'agents.read' },
      schema: {
        tags: boTags,
        security,
        summary: "Agents' contracts and contract requests",
        querystring: BoContractsQuerySchema,
        response: { 200: envelopeOf(z.array(BoContractSchema)) },
      },
    },
    async (request) => ok(await contracts.contracts(request.operator.id, request.query)),
  );

  app.post(
    '/bo/api/agents/contracts',
    {
      config: { permission: 'agents.write' },
      schema: {
        tags: boTags,
        security,
        summary: "Offer an agent a contract (a template's terms or these); it waits for the agent (audited)",
        body: BoOfferBodySchema,
        response: { 200: envelopeOf(BoContractSchema) },
      },
    },
    async (request) =>
      ok(await contracts.offerFromOperator(request.operator.id, staffOf(request), request.body)),
  );

  app.delete(
    '/bo/api/agents/contracts/:id',
    {
      config: { permission: 'agents.write' },
      schema: {
        tags: boTags,
        security,
        summary: 'Withdraw a contract request or end a contract (audited)',
        params: ContractIdParamsSchema,
        response: { 200: envelopeOf(z.object({ ended: z.boolean() })) },
      },
    },
    async (request) =>
      ok(await contracts.endContract(request.operator.id, staffOf(request), request.params.id)),
  );

  app.get(
    '/bo/api/agents/commissions',
    {
      config: { permission: 'agents.read' },
      schema: {
        tags: boTags,
        security,
        summary:
          'Commission report: each agent, contract and period with turnover, net loss, amount and payout',
        querystring: BoCommissionsQuerySchema,
        response: { 200: envelopeOf(BoCommissionPageSchema) },
      },
    },
    async (request) => ok(await contracts.commissions(request.operator.id, request.query)),
  );

  for (const action of ['approve', 'reject', 'recompute'] as const)
    app.post(
      `/bo/api/agents/commissions/:id/${action}`,
      {
        config: { permission: 'agents.payout' },
        schema: {
          tags: boTags,
          security,
          summary:
            action === 'approve'
              ? 'Approve a commission and pay it through the ledger, once (audited)'
              : action === 'reject'
                ? 'Reject a commission waiting for approval (audited)'
                : 'Compute a past period again from the journal; the difference to what was paid is shown (audited)',
          params: ContractIdParamsSchema,
          response: { 200: envelopeOf(BoCommissionSchema) },
        },
      },
      async (request) =>
        ok(await contracts[action](request.operator.id, staffOf(request), request.params.id)),
    );

  app.post(
    '/bo/api/agents/commissions/run',
    {
      config: { permission: 'agents.payout' },
      schema: {
        tags: boTags,
        security,
        summary:
          'Run the commission job for this operator now: compute closed periods, pay approved commissions (once across instances)',
        response: { 200: envelopeOf(BoCommissionRunSchema) },
      },
    },
    async (request) => ok(await contracts.runOperator(request.operator.id, Date.now(), request.log)),
  );

  app.get(
    '/bo/api/agents/commission-settings',
    {
      config: { permission: 'agents.read' },
      schema: {
        tags: boTags,
        security,
        summary: 'The amount up to which the job approves a commission itself',
        response: { 200: envelopeOf(BoCommissionSettingsSchema) },
      },
    },
    async (request) => ok(await contracts.commissionSettings(request.operator.id)),
  );

  app.put(
    '/bo/api/agents/commission-settings',
    {
      config: { permission: 'agents.write' },
      schema: {
        tags: boTags,
        security,
        summary: 'Set the amount up to which the job approves a commission itself (audited)',
        body: BoCommissionSettingsSchema,
        response: { 200: envelopeOf(BoCommissionSettingsSchema) },
      },
    },
    async (request) =>
      ok(await contracts.saveCommissionSettings(request.operator.id, staffOf(request), request.body)),
  );
};
