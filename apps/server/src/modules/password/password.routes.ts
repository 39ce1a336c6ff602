import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EmptySchema, envelopeOf } from '@playhouse/contract/envelope';
import { LoginResultSchema } from '@playhouse/contract/account';
import {
  ChangePasswordBodySchema,
  ChangePasswordResultSchema,
  ForgotByEmailBodySchema,
  ResetByTokenSchema,
  SetPasswordByPhoneSchema,
} from '@playhouse/contract/password';
import { EncryptedBodySchema, EncryptionHeaderSchema } from '../../lib/encrypted-body.ts';
import { ok } from '../../lib/envelope.ts';
import { siteUrl } from '../../lib/site-url.ts';
import { requireMember } from '../../lib/require-member.ts';
import type { ClientInfo, RequestContext } from './password.service.ts';

const tags = ['password'];
const security = [{ bearer: [] }];
const LIMIT = { rateLimit: { max: 10, timeWindow: 60_000 } };

const contextOf = (request: FastifyRequest): RequestContext => ({
  operatorId: request.operator.id,
  settings: request.settings,
  language: request.language,
});

const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  device: typeof request.headers.device === 'string' ? request.headers.device.slice(0, 32) : undefined,
});

/** Forgot password (by e-mail or phone), finishing an e-mailed reset, and change password. */
export const passwordRoutes: FastifyPluginAsyncZod<{ publicUrl?: string | undefined }> = async (
  app,
  options,
) => {
  const { password, credentials } = app.services;
  // Reset mails leave after the response; let them finish before the server closes.
  app.addHook('onClose', () => password.idle());

  app.post(
    '/wps/member/password/email',
    {
      config: LIMIT,
      schema: {
        tags,
        summary: 'Forgot password: e-mail a reset link (same answer whether or not the account exists)',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: ForgotByEmailBodySchema,
        response: { 200: envelopeOf(EmptySchema) },
      },
    },
    async (request) => {
      await password.requestEmailReset(
        { ...contextOf(request), siteUrl: siteUrl(request, options.publicUrl) },
        request.body,
        clientOf(request),
      );
      return ok({});
    },
  );

  app.post(
    '/wps/member/password/reset',
    {
      config: LIMIT,
      schema: {
        tags,
        summary: 'Finish an e-mailed reset (encrypted: token, newPassword, confirmNewPassword); signs in',
        headers: EncryptionHeaderSchema,
        body: EncryptedBodySchema,
        response: { 200: envelopeOf(LoginResultSchema) },
      },
    },
    async (request) => {
      const body = await credentials.decrypt(
        request.headers.encryption,
        request.body.data,
        ResetByTokenSchema,
      );
      return ok(await password.resetWithToken(contextOf(request), body, clientOf(request)));
    },
  );

  app.post(
    '/wps/member/password/verification',
    {
      config: LIMIT,
      schema: {
        tags,
        summary:
          'Set password by phone (encrypted: newPassword, mobileNum, verificationCode, countryDialingCode); signs in',
        headers: EncryptionHeaderSchema,
        body: EncryptedBodySchema,
        response: { 200: envelopeOf(LoginResultSchema) },
      },
    },
    async (request) => {
      const body = await credentials.decrypt(
        request.headers.encryption,
        request.body.data,
        SetPasswordByPhoneSchema,
      );
      return ok(await password.setByPhone(contextOf(request), body, clientOf(request)));
    },
  );

  app.post(
    '/wps/member/password',
    {
      config: LIMIT,
      schema: {
        tags,
        security,
        summary: 'Change password (old password always required)',
        body: ChangePasswordBodySchema,
        response: { 200: envelopeOf(ChangePasswordResultSchema) },
      },
    },
    async (request) => {
      const who = await requireMember(request);
      return ok(await password.change(who, contextOf(request), request.body, clientOf(request)));
    },
  );
};
