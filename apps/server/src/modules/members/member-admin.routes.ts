import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import {
  MemberIdParamsSchema,
  MemberStatusBodySchema,
  MemberStatusSchema,
} from '@playhouse/contract/member-centre';
import { AppError } from '../../lib/app-error.ts';
import { bearerToken } from '../../lib/bearer.ts';
import { ok } from '../../lib/envelope.ts';

/** Back office: member account status. Disabling an account ends all of its sessions. */
export const memberAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/bo/api/members/:id/status',
    {
      schema: {
        tags: ['back office'],
        security: [{ bearer: [] }],
        summary: 'Open or close a member account (audited; closing signs the member out everywhere)',
        params: MemberIdParamsSchema,
        body: MemberStatusBodySchema,
        response: { 200: envelopeOf(MemberStatusSchema) },
      },
    },
    async (request) => {
      const staff = await app.services.staff.authenticate(bearerToken(request));
      if (staff.operatorId !== request.operator.id) throw new AppError('FORBIDDEN');
      return ok(
        await app.services.memberCentre.setStatus(
          request.operator.id,
          request.params.id,
          request.body.status,
          {
            id: staff.id,
            ip: request.ip,
          },
        ),
      );
    },
  );
};
