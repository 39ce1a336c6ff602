import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptySchema, envelopeOf } from '@playhouse/contract/envelope';
import {
  AuditEntrySchema,
  AuditQuerySchema,
  OutboxMessageSchema,
  OutboxQuerySchema,
  StaffLoginSchema,
  StaffSessionSchema,
  pageOf,
} from '@playhouse/contract/backoffice';
import {
  OperatorSettingsSchema,
  SettingsPatchSchema,
  type SettingsPatch,
} from '@playhouse/contract/settings';
import { AppError } from '../../lib/app-error.ts';
import { bearerToken } from '../../lib/bearer.ts';
import { ok } from '../../lib/envelope.ts';

const tags = ['back office'];
const security = [{ bearer: [] }];
const SettingsDocSchema = z.object({ settings: OperatorSettingsSchema, version: z.number() });

/** Operator console API: staff sessions, the settings document, the outbox and the audit log. */
export const backofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const requireStaff = async (request: FastifyRequest) => {
    const staff = await app.services.staff.authenticate(bearerToken(request));
    if (staff.operatorId !== request.operator.id) throw new AppError('FORBIDDEN');
    return staff;
  };

  app.post(
    '/bo/api/session',
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Staff sign-in',
        body: StaffLoginSchema,
        response: { 200: envelopeOf(StaffSessionSchema) },
      },
    },
    async (request) => {
      const { username, password } = request.body;
      const session = await app.services.staff.login(request.operator.id, username, password, {
        ip: request.ip,
        ...(request.headers['user-agent'] ? { userAgent: request.headers['user-agent'] } : {}),
      });
      return ok({ token: session.token, username: session.username, expiresAt: session.expiresAt });
    },
  );

  app.get(
    '/bo/api/session',
    {
      schema: {
        tags,
        security,
        summary: 'The signed-in staff member',
        response: { 200: envelopeOf(z.object({ username: z.string(), role: z.string() })) },
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      return ok({ username: staff.username, role: staff.role });
    },
  );

  app.delete(
    '/bo/api/session',
    { schema: { tags, security, summary: 'Staff sign-out', response: { 200: envelopeOf(EmptySchema) } } },
    async (request) => {
      const staff = await requireStaff(request);
      await app.services.staff.logout(bearerToken(request)!);
      await app.services.audit.record({
        operatorId: staff.operatorId,
        actorType: 'staff',
        actorId: String(staff.id),
        action: 'staff.logout',
        ip: request.ip,
      });
      return ok({});
    },
  );

  app.get(
    '/bo/api/settings',
    {
      schema: {
        tags,
        security,
        summary: "The operator's settings document",
        response: { 200: envelopeOf(SettingsDocSchema) },
      },
    },
    async (request) => {
      await requireStaff(request);
      return ok(await app.services.settings.get(request.operator.id));
    },
  );

  app.put(
    '/bo/api/settings',
    {
      bodyLimit: 256 * 1024,
      schema: {
        tags,
        security,
        summary: 'Change settings with a partial document (deep-merged, audited)',
        body: SettingsPatchSchema,
        response: { 200: envelopeOf(SettingsDocSchema) },
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      const updated = await app.services.settings.update(request.operator.id, request.body as SettingsPatch, {
        type: 'staff',
        id: String(staff.id),
        ip: request.ip,
      });
      return ok(updated);
    },
  );

  app.get(
    '/bo/api/outbox',
    {
      schema: {
        tags,
        security,
        summary: 'Outgoing SMS and e-mail',
        querystring: OutboxQuerySchema,
        response: { 200: envelopeOf(pageOf(OutboxMessageSchema)) },
      },
    },
    async (request) => {
      await requireStaff(request);
      return ok(await app.services.outbox.list(request.operator.id, request.query));
    },
  );

  app.get(
    '/bo/api/audit',
    {
      schema: {
        tags,
        security,
        summary: 'Audit log',
        querystring: AuditQuerySchema,
        response: { 200: envelopeOf(pageOf(AuditEntrySchema)) },
      },
    },
    async (request) => {
      await requireStaff(request);
      return ok(await app.services.audit.list(request.operator.id, request.query));
    },
  );
};
