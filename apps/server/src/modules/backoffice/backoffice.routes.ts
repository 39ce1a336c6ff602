import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { EmptySchema, envelopeOf } from '@playhouse/contract/envelope';
import { CaptchaSchema } from '@playhouse/contract/account';
import {
  AuditEntrySchema,
  AuditQuerySchema,
  OutboxMessageSchema,
  OutboxQuerySchema,
  StaffLoginResultSchema,
  StaffLoginSchema,
  StaffMeSchema,
  StaffSessionSchema,
  StaffTwoFactorLoginSchema,
  TwoFactorCodeSchema,
  TwoFactorConfirmSchema,
  TwoFactorEnrolmentSchema,
  TwoFactorProofSchema,
  TwoFactorRecoveryCodesSchema,
  TwoFactorStatusSchema,
  pageOf,
} from '@playhouse/contract/backoffice';
import {
  OperatorSettingsSchema,
  SettingsPatchSchema,
  type SettingsPatch,
} from '@playhouse/contract/settings';
import { bearerToken } from '../../lib/bearer.ts';
import { requireStaff } from '../games/require-staff.ts';
import { ok } from '../../lib/envelope.ts';

const tags = ['back office'];
const security = [{ bearer: [] }];
const SettingsDocSchema = z.object({ settings: OperatorSettingsSchema, version: z.number() });

/** Operator console API: staff sessions, the settings document, the outbox and the audit log. */
export const backofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const clientOf = (request: FastifyRequest) => ({
    operatorId: request.operator.id,
    ip: request.ip,
    ...(request.headers['user-agent'] ? { userAgent: request.headers['user-agent'] } : {}),
  });

  app.post(
    '/bo/api/session',
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 }, permission: 'public' },
      schema: {
        tags,
        summary: 'Staff sign-in',
        description:
          'Counted per account before the password is checked: a captcha (`captcha`, `captchaKey` from ' +
          'GET /bo/api/captcha) after a few failures (`captchaRequired: true` in the error), then waits ' +
          '(RATE_LIMITED with `retryAfterMs`). With a second factor the answer is a `challenge` for ' +
          'POST /bo/api/session/2fa; when the settings require one the account lacks, an enrolment-only token.',
        body: StaffLoginSchema,
        response: { 200: envelopeOf(StaffLoginResultSchema) },
      },
    },
    async (request) => ok(await app.services.staff.login(clientOf(request), request.body, request.settings)),
  );

  app.post(
    '/bo/api/session/2fa',
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 }, permission: 'public' },
      schema: {
        tags,
        summary: 'Staff sign-in, second step: an authenticator code or a recovery code',
        description: 'The challenge works once, for five minutes and five tries.',
        body: StaffTwoFactorLoginSchema,
        response: { 200: envelopeOf(StaffSessionSchema) },
      },
    },
    async (request) => {
      const { challenge, code, recoveryCode } = request.body;
      return ok(await app.services.staff.completeLogin(clientOf(request), challenge, { code, recoveryCode }));
    },
  );

  app.get(
    '/bo/api/captcha',
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 }, permission: 'public' },
      schema: {
        tags,
        summary: 'A captcha for staff sign-in (open while the player site is closed)',
        response: { 200: envelopeOf(CaptchaSchema) },
      },
    },
    async (request, reply) => {
      const { captchaKey, image, length, expiresAt } = await app.services.captcha.issue(request.operator.id);
      reply.header('cache-control', 'no-store');
      return ok({ captchaKey, image, length, expiresAt });
    },
  );

  app.get(
    '/bo/api/session',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        security,
        summary: 'The signed-in staff member',
        response: { 200: envelopeOf(StaffMeSchema) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return ok({
        username: staff.username,
        role: staff.role,
        enrolmentRequired: staff.enrolmentOnly,
        passwordChangeRequired: staff.mustChangePassword,
      });
    },
  );

  app.delete(
    '/bo/api/session',
    {
      config: { permission: 'session' },
      schema: { tags, security, summary: 'Staff sign-out', response: { 200: envelopeOf(EmptySchema) } },
    },
    async (request) => {
      const staff = requireStaff(request);
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

  const twoFactorLimit = { rateLimit: { max: 20, timeWindow: 60_000 } };

  app.get(
    '/bo/api/staff/2fa',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        security,
        summary: "The signed-in staff member's second factor",
        response: { 200: envelopeOf(TwoFactorStatusSchema) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return ok(await app.services.staff.twoFactor.status(staff.id, request.settings, staff.enrolmentOnly));
    },
  );

  app.post(
    '/bo/api/staff/2fa/enrol',
    {
      config: { ...twoFactorLimit, permission: 'session' },
      schema: {
        tags,
        security,
        summary: 'Start enrolling an authenticator app: a new secret, its otpauth:// URI and QR code',
        response: { 200: envelopeOf(TwoFactorEnrolmentSchema) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const issuer = `${request.settings.site.name} back office`;
      return ok(await app.services.staff.twoFactor.enrol(clientOf(request), staff.id, issuer));
    },
  );

  app.post(
    '/bo/api/staff/2fa/confirm',
    {
      config: { ...twoFactorLimit, permission: 'session' },
      schema: {
        tags,
        security,
        summary: 'Turn the second factor on with a code from the app; answers the recovery codes, once',
        body: TwoFactorConfirmSchema,
        response: { 200: envelopeOf(TwoFactorRecoveryCodesSchema) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return ok(await app.services.staff.confirmTwoFactor(clientOf(request), staff, request.body.code));
    },
  );

  app.post(
    '/bo/api/staff/2fa/disable',
    {
      config: { ...twoFactorLimit, permission: 'self' },
      schema: {
        tags,
        security,
        summary: 'Turn the second factor off (a current code or a recovery code)',
        body: TwoFactorProofSchema,
        response: { 200: envelopeOf(EmptySchema) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      await app.services.staff.twoFactor.disable(clientOf(request), staff.id, request.body);
      return ok({});
    },
  );

  app.post(
    '/bo/api/staff/2fa/recovery-codes',
    {
      config: { ...twoFactorLimit, permission: 'self' },
      schema: {
        tags,
        security,
        summary: 'New recovery codes for a current code; the old ones stop working',
        body: TwoFactorCodeSchema,
        response: { 200: envelopeOf(TwoFactorRecoveryCodesSchema) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const recoveryCodes = await app.services.staff.twoFactor.regenerateRecoveryCodes(
        clientOf(request),
        staff.id,
        request.body.code,
      );
      return ok({ recoveryCodes });
    },
  );

  app.get(
    '/bo/api/settings',
    {
      config: { permission: 'settings.read' },
      schema: {
        tags,
        security,
        summary: "The operator's settings document",
        response: { 200: envelopeOf(SettingsDocSchema) },
      },
    },
    async (request) => {
      return ok(await app.services.settings.get(request.operator.id));
    },
  );

  app.put(
    '/bo/api/settings',
    {
      config: { permission: 'settings.write' },
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
      const staff = requireStaff(request);
      const patch = request.body as SettingsPatch;
      // A domain serves one operator (decision 039): one another operator names is refused.
      const domains = [
        ...(patch.site?.mainDomain ? [patch.site.mainDomain] : []),
        ...(patch.site?.domains ?? []).map((d) => d?.domainName ?? ''),
      ].filter(Boolean);
      if (domains.length && (await app.services.operators.domainOwner(domains, request.operator.id)))
        throw new AppError('VALIDATION_FAILED', { fields: { 'site.domains': [{ key: 'domainTaken' }] } });
      const updated = await app.services.settings.update(request.operator.id, patch, {
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
      config: { permission: 'outbox.read' },
      schema: {
        tags,
        security,
        summary: 'Outgoing SMS and e-mail',
        querystring: OutboxQuerySchema,
        response: { 200: envelopeOf(pageOf(OutboxMessageSchema)) },
      },
    },
    async (request) => {
      return ok(await app.services.outbox.list(request.operator.id, request.query));
    },
  );

  app.get(
    '/bo/api/audit',
    {
      config: { permission: 'audit.read' },
      schema: {
        tags,
        security,
        summary: 'Audit log',
        querystring: AuditQuerySchema,
        response: { 200: envelopeOf(pageOf(AuditEntrySchema)) },
      },
    },
    async (request) => {
      return ok(await app.services.audit.list(request.operator.id, request.query));
    },
  );
};
