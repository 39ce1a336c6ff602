import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AffiliateCheckSchema,
  AffiliateQuerySchema,
  CheckUsernameQuerySchema,
  FreeplayRequestSchema,
  FreeplaySchema,
  LoginAnswerSchema,
  LoginRequestSchema,
  LoginResultSchema,
  LoginSecondStepSchema,
  LoginSmsRequestSchema,
  RegisterRequestSchema,
  TrialResultSchema,
  UsernameAvailabilitySchema,
} from '@playhouse/contract/account';
import { EmptySchema, envelopeOf } from '@playhouse/contract/envelope';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { bearerToken } from '../../lib/bearer.ts';
import { EncryptedBodySchema, EncryptionHeaderSchema } from '../../lib/encrypted-body.ts';
import { ok } from '../../lib/envelope.ts';
import { requireMember } from '../../lib/require-member.ts';
import type { ClientContext } from './auth.service.ts';
import { DEVICE_ID } from './sign-in-alerts.service.ts';

const tags = ['account'];
const security = [{ bearer: [] }];

export function clientContext(request: FastifyRequest): ClientContext {
  const device = request.headers['device'];
  const deviceId = request.headers['x-device-id'];
  return {
    operatorId: request.operator.id,
    settings: request.settings,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    ...(typeof device === 'string' && /^[A-Z_]{1,16}$/.test(device) ? { device } : {}),
    ...(typeof deviceId === 'string' && DEVICE_ID.test(deviceId) ? { deviceId } : {}),
    language: request.language,
  };
}

/** Sets Retry-After from a throttled login before the error is sent. */
async function withRetryAfter<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const wait = error instanceof AppError ? error.options.extra?.retryAfterMs : undefined;
    if (typeof wait === 'number') reply.header('retry-after', String(Math.max(1, Math.ceil(wait / 1000))));
    throw error;
  }
}

/** Sign-up, sign-in, sign-out, trial accounts and the checks the registration form makes. */
export const authRoutes: FastifyPluginAsyncZod<{ registerLimitPerHour: number }> = async (
  app,
  { registerLimitPerHour },
) => {
  const { auth, credentials } = app.services;

  app.post(
    '/wps/session/login',
    {
      schema: {
        tags,
        summary:
          'Sign in by username+password or mobile+SMS code (encrypted body). After a failure the error carries captchaRequired and the next attempt must include captcha and captchaKey. A member with two-factor sign-in on gets a challenge (twoFactorRequired) for POST /wps/session/login/2fa instead of a session.',
        headers: EncryptionHeaderSchema,
        body: EncryptedBodySchema,
        response: { 200: envelopeOf(LoginAnswerSchema) },
      },
    },
    async (request, reply) => {
      const body = await credentials.decrypt(
        request.headers.encryption,
        request.body.data,
        LoginRequestSchema,
      );
      return ok(await withRetryAfter(reply, () => auth.login(clientContext(request), body)));
    },
  );

  app.post(
    '/wps/session/login/2fa',
    {
      schema: {
        tags,
        summary:
          "Sign-in's second step: the challenge with an authenticator, SMS or recovery code (five tries per challenge; codes counted per member before they are checked, RATE_LIMITED with retryAfterMs past five wrong ones)",
        body: LoginSecondStepSchema,
        response: { 200: envelopeOf(LoginResultSchema) },
      },
    },
    async (request, reply) =>
      ok(
        await withRetryAfter(reply, () =>
          auth.completeLogin({ ...clientContext(request), language: request.language }, request.body),
        ),
      ),
  );

  app.post(
    '/wps/session/login/2fa/sms',
    {
      schema: {
        tags,
        summary:
          "Send the SMS code for a sign-in challenge to the member's bound number (once a minute, three times)",
        body: LoginSmsRequestSchema,
        response: { 200: envelopeOf(z.object({ expirationTime: z.number() })) },
      },
    },
    async (request) =>
      ok(
        await app.services.memberTwoFactor.sendChallengeSms(
          { ...clientContext(request), language: request.language },
          request.body.challenge,
        ),
      ),
  );

  app.delete(
    '/wps/session/logout',
    { schema: { tags, security, summary: 'End this session', response: { 200: envelopeOf(EmptySchema) } } },
    async (request) => {
      const member = await requireMember(request);
      await auth.logout(clientContext(request), bearerToken(request)!, member.id);
      // The session's live sockets close too, on whichever instance they are.
      app.services.live.signedOut(member.operatorId, member.id, member.sessionId);
      return ok({});
    },
  );

  app.post(
    '/wps/session/login/freeplay',
    {
      schema: {
        tags,
        security,
        summary: 'Free play check: member types 0, 1 and 2 only (others get FREE_REJECT)',
        body: FreeplayRequestSchema.optional(),
        response: { 200: envelopeOf(FreeplaySchema) },
      },
    },
    async (request) => ok(auth.freeplay(await requireMember(request))),
  );

  app.get(
    '/wps/member/trialuser',
    {
      config: { rateLimit: { max: 10, timeWindow: 3600_000 } },
      schema: {
        tags,
        summary: 'Create a trial (type 4) account and sign it in',
        response: { 200: envelopeOf(TrialResultSchema) },
      },
    },
    async (request) => ok(await auth.createTrial(clientContext(request))),
  );

  for (const [url, method] of [
    ['/wps/member/register', 'username'],
    ['/wps/member/register/mobile', 'mobile'],
  ] as const) {
    app.put(
      url,
      {
        config: { rateLimit: { max: registerLimitPerHour, timeWindow: 3600_000 } },
        schema: {
          tags,
          summary: `Register by ${method} (encrypted body; fields follow /wps/system/setting/register)`,
          headers: EncryptionHeaderSchema,
          body: EncryptedBodySchema,
          response: { 200: envelopeOf(LoginResultSchema) },
        },
      },
      async (request) => {
        const body = await credentials.decrypt(
          request.headers.encryption,
          request.body.data,
          RegisterRequestSchema,
        );
        return ok(await auth.register(clientContext(request), method, body));
      },
    );
  }

  app.get(
    '/wps/check/username',
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Whether a username is free and well formed',
        querystring: CheckUsernameQuerySchema,
        response: { 200: envelopeOf(UsernameAvailabilitySchema) },
      },
    },
    async (request) =>
      ok({ available: await auth.usernameAvailable(clientContext(request), request.query.username) }),
  );

  app.get(
    '/wps/agent/affiliate',
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Whether an affiliate (invitation) code names an agent',
        querystring: AffiliateQuerySchema,
        response: { 200: envelopeOf(AffiliateCheckSchema) },
      },
    },
    async (request) => {
      const code = request.query.affiliateCode ?? request.query.code;
      return ok({ success: code ? await auth.affiliateValid(clientContext(request), code) : false });
    },
  );
};
