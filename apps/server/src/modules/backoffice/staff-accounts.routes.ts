import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptySchema, envelopeOf } from '@playhouse/contract/envelope';
import { StaffRoleUpdateSchema } from '@playhouse/contract/payments';
import {
  StaffAccountSchema,
  StaffCreateSchema,
  StaffPasswordChangeSchema,
  StaffPasswordResetSchema,
  StaffStatusSchema,
} from '@playhouse/contract/staff-permissions';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { requireStaff } from '../games/require-staff.ts';

const tags = ['back office: staff'];
const security = [{ bearer: [] }];
const params = z.object({ id: z.coerce.number().int().positive() });
/** Each answer about an account is the account as the list shows it. */
const account = envelopeOf(StaffAccountSchema);

/**
 * Staff accounts: owners and admins create them, set roles, disable and enable them, reset their
 * password (which must then be changed) and their second factor, and sign them out everywhere.
 * Nobody acts on the owner or on themselves here (one's own password: POST /bo/api/session/password).
 * Every change is audited; every change that lowers trust ends the account's sessions.
 */
export const staffAccountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { staffAccounts } = app.services;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const actor = (request: FastifyRequest) => {
    const staff = requireStaff(request);
    return {
      id: staff.id,
      operatorId: staff.operatorId,
      role: staff.role,
      sessionId: staff.sessionId,
      ip: request.ip,
    };
  };

  app.get(
    '/bo/api/staff',
    {
      config: { permission: 'staff.read' },
      schema: {
        tags,
        security,
        summary: "The operator's staff accounts",
        response: { 200: envelopeOf(z.array(StaffAccountSchema)) },
      },
    },
    async (request) => ok(await staffAccounts.list(request.operator.id)),
  );

  app.post(
    '/bo/api/staff',
    {
      config: { permission: 'staff.write', rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        security,
        summary:
          'Create a staff account (role admin, finance, support or marketing); the password must be changed at first sign-in',
        body: StaffCreateSchema,
        response: { 200: envelopeOf(z.object({ id: z.number() })) },
      },
    },
    async (request) => ok(await staffAccounts.create(actor(request), request.body)),
  );

  app.put(
    '/bo/api/staff/:id/role',
    {
      config: { permission: 'staff.write' },
      schema: {
        tags,
        security,
        summary: "Set a staff member's role; not the owner's, not one's own",
        params,
        body: StaffRoleUpdateSchema,
        response: { 200: account },
      },
    },
    async (request) => ok(await staffAccounts.setRole(actor(request), request.params.id, request.body.role)),
  );

  app.put(
    '/bo/api/staff/:id/status',
    {
      config: { permission: 'staff.write' },
      schema: {
        tags,
        security,
        summary: 'Disable (signing out everywhere) or enable a staff account',
        params,
        body: StaffStatusSchema,
        response: { 200: account },
      },
    },
    async (request) =>
      ok(await staffAccounts.setDisabled(actor(request), request.params.id, request.body.disabled)),
  );

  app.post(
    '/bo/api/staff/:id/password',
    {
      config: { permission: 'staff.write', rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        security,
        summary: "Reset a staff member's password: signed out everywhere, must change it at the next sign-in",
        params,
        body: StaffPasswordResetSchema,
        response: { 200: account },
      },
    },
    async (request) =>
      ok(await staffAccounts.resetPassword(actor(request), request.params.id, request.body.password)),
  );

  app.post(
    '/bo/api/staff/:id/2fa/reset',
    {
      config: { permission: 'staff.write' },
      schema: {
        tags,
        security,
        summary: "Turn a staff member's second factor off (a lost phone); signed out everywhere",
        params,
        response: { 200: account },
      },
    },
    async (request) => ok(await staffAccounts.resetTwoFactor(actor(request), request.params.id)),
  );

  app.post(
    '/bo/api/staff/:id/sessions/revoke',
    {
      config: { permission: 'staff.write' },
      schema: {
        tags,
        security,
        summary: 'Sign a staff member out everywhere',
        params,
        response: { 200: account },
      },
    },
    async (request) => ok(await staffAccounts.signOutEverywhere(actor(request), request.params.id)),
  );

  app.post(
    '/bo/api/session/password',
    {
      config: { permission: 'session', rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags,
        security,
        summary: "Change one's own password (the current one, the staff password policy); other sessions end",
        body: StaffPasswordChangeSchema,
        response: { 200: envelopeOf(EmptySchema) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      if (staff.enrolmentOnly) {
        // An enrolment-only session proves the password but not the factor: enrol first.
        throw new AppError('TWO_FACTOR_ENROLMENT_REQUIRED');
      }
      await staffAccounts.changeOwnPassword(actor(request), request.body);
      return ok({});
    },
  );
};
