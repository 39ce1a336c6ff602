import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import { StaffMemberSchema, StaffRoleUpdateSchema, type StaffMember } from '@playhouse/contract/payments';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { requireMoneyStaff } from './money-roles.ts';

const tags = ['back office: money desk'];
const security = [{ bearer: [] }];

/**
 * Staff roles (decision 018): an admin lists the operator's staff and sets a member of staff's role
 * (admin, finance or support). The owner's role never changes and nobody changes their own, so an
 * operator cannot lock itself out of its money desk. Every change is audited.
 */
export const staffRolesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, audit } = app.services;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const list = async (operatorId: number): Promise<StaffMember[]> =>
    (
      await db
        .selectFrom('staff_users')
        .select(['id', 'username', 'role', 'disabled', 'created_at'])
        .where('operator_id', '=', operatorId)
        .orderBy('id')
        .execute()
    ).map((r) => ({
      id: Number(r.id),
      username: r.username,
      role: r.role,
      disabled: Number(r.disabled) === 1,
      createdAt: Number(r.created_at),
    }));

  app.get(
    '/bo/api/staff',
    {
      schema: {
        tags,
        security,
        summary: "The operator's staff accounts and their roles (admins)",
        response: { 200: envelopeOf(z.array(StaffMemberSchema)) },
      },
    },
    async (request) => {
      await requireMoneyStaff(request, 'configure');
      return ok(await list(request.operator.id));
    },
  );

  app.put(
    '/bo/api/staff/:id/role',
    {
      schema: {
        tags,
        security,
        summary:
          "Set a staff member's role (admin, finance, support); not the owner's, not one's own; audited",
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: StaffRoleUpdateSchema,
        response: { 200: envelopeOf(StaffMemberSchema) },
      },
    },
    async (request) => {
      const staff = await requireMoneyStaff(request, 'configure');
      const operatorId = request.operator.id;
      const { id } = request.params;
      const { role } = request.body;
      if (id === staff.id) throw new AppError('FORBIDDEN');
      await db.transaction().execute(async (trx) => {
        const target = await trx
          .selectFrom('staff_users')
          .select(['id', 'role'])
          .where('id', '=', id)
          .where('operator_id', '=', operatorId)
          .executeTakeFirst();
        if (!target) throw new AppError('NOT_FOUND');
        if (target.role === 'owner') throw new AppError('FORBIDDEN');
        if (target.role === role) return;
        await trx.updateTable('staff_users').set({ role }).where('id', '=', id).execute();
        await audit.record(
          {
            operatorId,
            actorType: 'staff',
            actorId: String(staff.id),
            action: 'staff.role.changed',
            target: `staff:${id}`,
            detail: { from: target.role, to: role },
            ip: request.ip,
          },
          trx,
        );
      });
      return ok((await list(operatorId)).find((s) => s.id === id)!);
    },
  );
};
