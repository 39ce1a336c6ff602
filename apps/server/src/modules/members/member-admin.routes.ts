import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import {
  MemberIdParamsSchema,
  MemberStatusBodySchema,
  MemberStatusSchema,
} from '@playhouse/contract/member-centre';
import { requireStaff } from '../games/require-staff.ts';
import { ok } from '../../lib/envelope.ts';

/** Back office: member account status. Disabling an account ends all of its sessions. */
export const memberAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/bo/api/members/:id/status',
    {
      config: { permission: 'members.write' },
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
      const staff = requireStaff(request);
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
