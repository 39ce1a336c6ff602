import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MemberRecoveryCodesSchema,
  MemberTotpCodeSchema,
  MemberTotpEnrolmentSchema,
  MemberTwoFactorChangeSchema,
  MemberTwoFactorStatusSchema,
  SignInHistorySchema,
} from '@playhouse/contract/account';
import { envelopeOf } from '@playhouse/contract/envelope';
import { ok } from '../../lib/envelope.ts';
import { requireMember } from '../../lib/require-member.ts';

const tags = ['security centre'];
const security = [{ bearer: [] }];

/** The security centre's two-factor sign-in: status, authenticator enrolment, SMS codes, recovery codes. */
export const memberTwoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { memberTwoFactor } = app.services;
  const client = (request: FastifyRequest) => ({
    operatorId: request.operator.id,
    ip: request.ip,
    settings: request.settings,
    language: request.language,
  });

  app.get(
    '/wps/member/2fa',
    {
      schema: {
        tags,
        security,
        summary: 'My second sign-in step',
        response: { 200: envelopeOf(MemberTwoFactorStatusSchema) },
      },
    },
    async (request) => {
      const me = await requireMember(request);
      return ok(await memberTwoFactor.status(client(request), me.id));
    },
  );

  app.get(
    '/wps/member/sign-ins',
    {
      schema: {
        tags,
        security,
        summary: 'My sign-in devices and last 20 sign-ins (new device or country marked)',
        response: { 200: envelopeOf(SignInHistorySchema) },
      },
    },
    async (request) => {
      const me = await requireMember(request);
      return ok(await app.services.signIns.history(request.operator.id, me.id));
    },
  );

  app.post(
    '/wps/member/2fa/totp',
    {
      schema: {
        tags,
        security,
        summary: 'Start adding an authenticator app: a new secret as text, otpauth:// URI and QR code',
        response: { 200: envelopeOf(MemberTotpEnrolmentSchema) },
      },
    },
    async (request) => {
      const me = await requireMember(request);
      return ok(await memberTwoFactor.enrolTotp(client(request), me.id));
    },
  );

  app.post(
    '/wps/member/2fa/totp/confirm',
    {
      schema: {
        tags,
        security,
        summary: 'Turn the authenticator on with a code from it; answers the recovery codes, shown only now',
        body: MemberTotpCodeSchema,
        response: { 200: envelopeOf(MemberRecoveryCodesSchema) },
      },
    },
    async (request) => {
      const me = await requireMember(request);
      return ok({
        recoveryCodes: await memberTwoFactor.confirmTotp(client(request), me.id, request.body.code),
      });
    },
  );

  app.put(
    '/wps/member/2fa',
    {
      schema: {
        tags,
        security,
        summary:
          'Turn the authenticator off or SMS codes on or off (with an authenticator or recovery code while the authenticator is on)',
        body: MemberTwoFactorChangeSchema,
        response: { 200: envelopeOf(MemberTwoFactorStatusSchema) },
      },
    },
    async (request) => {
      const me = await requireMember(request);
      return ok(await memberTwoFactor.change(client(request), me.id, request.body));
    },
  );

  app.post(
    '/wps/member/2fa/recovery-codes',
    {
      schema: {
        tags,
        security,
        summary: 'New recovery codes for a current authenticator code (the old ones stop working)',
        body: MemberTotpCodeSchema,
        response: { 200: envelopeOf(MemberRecoveryCodesSchema) },
      },
    },
    async (request) => {
      const me = await requireMember(request);
      return ok({
        recoveryCodes: await memberTwoFactor.regenerateRecoveryCodes(
          client(request),
          me.id,
          request.body.code,
        ),
      });
    },
  );
};
