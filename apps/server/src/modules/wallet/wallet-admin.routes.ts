import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import {
  AdjustmentApprovalSchema,
  AdjustmentApprovalsQuerySchema,
  AdjustmentRejectSchema,
  AdjustmentRequestSchema,
  AdjustmentResultSchema,
} from '@playhouse/contract/wallet';
import { ok } from '../../lib/envelope.ts';
import { requireStaff } from '../games/require-staff.ts';

const tags = ['back office'];
const security = [{ bearer: [] }];
const params = z.object({ id: z.coerce.number().int().positive() });

/** Back office: money an operator moves by hand, and the second approval of large adjustments. */
export const walletAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { adjustments } = app.services;
  const actor = (request: Parameters<typeof requireStaff>[0]) => ({
    id: requireStaff(request).id,
    ip: request.ip,
  });

  app.post(
    '/bo/api/wallet/adjustments',
    {
      config: { permission: 'wallet.adjust' },
      schema: {
        tags,
        security,
        summary:
          'Credit (positive) or debit (negative) a member against the adjustments account; audited; a repeated idempotencyKey moves nothing',
        description:
          "Above the payment settings' `adjustments.approvalAbove` the answer is `{pending: true, requestId}` and nothing moves until another member of staff approves.",
        body: AdjustmentRequestSchema,
        response: { 200: envelopeOf(AdjustmentResultSchema) },
      },
    },
    async (request) => ok(await adjustments.adjust(request.operator.id, actor(request), request.body)),
  );

  app.get(
    '/bo/api/wallet/adjustment-requests',
    {
      config: { permission: 'wallet.adjust' },
      schema: {
        tags,
        security,
        summary: 'Adjustments above the threshold: waiting, approved and rejected (newest 200)',
        querystring: AdjustmentApprovalsQuerySchema,
        response: { 200: envelopeOf(z.array(AdjustmentApprovalSchema)) },
      },
    },
    async (request) => ok(await adjustments.list(request.operator.id, request.query.status)),
  );

  app.post(
    '/bo/api/wallet/adjustment-requests/:id/approve',
    {
      config: { permission: 'wallet.approve' },
      schema: {
        tags,
        security,
        summary: "Approve a waiting adjustment (not one of one's own): it moves once; audited",
        params,
        response: { 200: envelopeOf(AdjustmentApprovalSchema) },
      },
    },
    async (request) => ok(await adjustments.approve(request.operator.id, actor(request), request.params.id)),
  );

  app.post(
    '/bo/api/wallet/adjustment-requests/:id/reject',
    {
      config: { permission: 'wallet.approve' },
      schema: {
        tags,
        security,
        summary: 'Reject a waiting adjustment with a note; nothing moves; audited',
        params,
        body: AdjustmentRejectSchema,
        response: { 200: envelopeOf(AdjustmentApprovalSchema) },
      },
    },
    async (request) =>
      ok(await adjustments.reject(request.operator.id, actor(request), request.params.id, request.body.note)),
  );
};
