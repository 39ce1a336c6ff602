import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import { AdjustmentRequestSchema, AdjustmentResultSchema } from '@playhouse/contract/wallet';
import { ok } from '../../lib/envelope.ts';
import { requireStaff } from '../games/require-staff.ts';

/** Back office: money an operator moves by hand. */
export const walletAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/bo/api/wallet/adjustments',
    {
      schema: {
        tags: ['back office'],
        security: [{ bearer: [] }],
        summary:
          'Credit (positive) or debit (negative) a member against the adjustments account; audited; a repeated idempotencyKey moves nothing',
        body: AdjustmentRequestSchema,
        response: { 200: envelopeOf(AdjustmentResultSchema) },
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      return ok(
        await app.services.adjustments.adjust(
          request.operator.id,
          { id: staff.id, ip: request.ip },
          request.body,
        ),
      );
    },
  );
};
