import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AgentCodeSchema } from '@playhouse/contract/agents';
import { LoginResultSchema } from '@playhouse/contract/account';
import { envelopeOf } from '@playhouse/contract/envelope';
import {
  BoSocialProviderSchema,
  OAuthExchangeSchema,
  OAuthProviderParamsSchema,
  SocialConfigUpdateSchema,
  SocialProviderParamsSchema,
  TelegramLoginSchema,
} from '@playhouse/contract/social';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { siteUrl } from '../../lib/site-url.ts';
import { clientContext } from '../auth/auth.routes.ts';
import { requireStaff } from '../games/require-staff.ts';

const tags = ['account'];
const boTags = ['back office'];
const security = [{ bearer: [] }];
const LIMIT = { rateLimit: { max: 20, timeWindow: 60_000 } };
/** Ties the callback to the browser that started the flow, so nobody can finish a sign-in for another. */
const BINDING_COOKIE = 'ph_oauth';
const COOKIE_PATH = '/wps/session/oauth';

/** An agent's code carried from the registration link into the sign-up (decision 033). */
const StartQuerySchema = z.object({ affiliateCode: AgentCodeSchema.optional().catch(undefined) }).loose();

const CallbackQuerySchema = z
  .object({
    state: z.string().max(256).optional(),
    code: z.string().max(2048).optional(),
    error: z.string().max(256).optional(),
  })
  .loose();

function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

function bindingCookie(request: FastifyRequest, value: string, maxAgeS: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${BINDING_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAgeS}; HttpOnly; SameSite=Lax${secure}`;
}

/** Browser navigations end on the login page; an expected failure travels as its code only. */
async function redirectOnFailure(reply: FastifyReply, run: () => Promise<string>) {
  try {
    return reply.redirect(await run(), 302);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    reply.request.log.info({ code: error.code, cause: error.cause }, 'social sign-in refused');
    return reply.redirect(`/m/login?oauthError=${error.code}`, 302);
  }
}

/** Social sign-in for players (OAuth/OIDC and Telegram) and its configuration in the back office. */
export const socialRoutes: FastifyPluginAsyncZod<{ publicUrl?: string | undefined }> = async (
  app,
  options,
) => {
  const { social } = app.services;
  const redirectUri = (request: FastifyRequest, provider: string) =>
    `${siteUrl(request, options.publicUrl)}${COOKIE_PATH}/${provider}/callback`;

  app.get(
    '/wps/session/oauth/:provider/start',
    {
      config: LIMIT,
      schema: {
        tags,
        summary:
          'Start signing in with Google, Facebook or the OpenID provider (302 to the provider); a new member joins the team of the agent whose affiliateCode is given',
        params: OAuthProviderParamsSchema,
        querystring: StartQuerySchema,
      },
    },
    (request, reply) =>
      redirectOnFailure(reply, async () => {
        const { provider } = request.params;
        const { url, binding } = await social.start(
          clientContext(request),
          provider,
          redirectUri(request, provider),
          request.query.affiliateCode,
        );
        reply.header('set-cookie', bindingCookie(request, binding, 600));
        reply.header('cache-control', 'no-store');
        return url;
      }),
  );

  app.get(
    '/wps/session/oauth/:provider/callback',
    {
      config: LIMIT,
      schema: {
        tags,
        summary: 'Where the provider sends the browser back; 302 to /m/login?oauth=<one-time code>',
        params: OAuthProviderParamsSchema,
        querystring: CallbackQuerySchema,
      },
    },
    (request, reply) =>
      redirectOnFailure(reply, async () => {
        const { provider } = request.params;
        reply.header('set-cookie', bindingCookie(request, '', 0));
        reply.header('cache-control', 'no-store');
        const code = await social.callback(
          clientContext(request),
          provider,
          request.query,
          readCookie(request, BINDING_COOKIE),
          redirectUri(request, provider),
        );
        return `/m/login?oauth=${encodeURIComponent(code)}`;
      }),
  );

  app.post(
    '/wps/session/oauth/exchange',
    {
      config: LIMIT,
      schema: {
        tags,
        summary: 'Trade the one-time code of a social sign-in for a session (single use, one minute)',
        body: OAuthExchangeSchema,
        response: { 200: envelopeOf(LoginResultSchema) },
      },
    },
    async (request) => ok(await social.exchange(clientContext(request), request.body.code)),
  );

  app.get(
    '/wps/session/telegram/start',
    {
      config: LIMIT,
      schema: {
        tags,
        summary: "Telegram's login page for this site (302); it returns to /m/login#tgAuthResult=",
      },
    },
    (request, reply) =>
      redirectOnFailure(reply, () =>
        social.telegramStartUrl(clientContext(request), siteUrl(request, options.publicUrl)),
      ),
  );

  app.post(
    '/wps/session/telegram',
    {
      config: LIMIT,
      schema: {
        tags,
        summary: 'Sign in with Telegram Login data (checked by its HMAC and auth_date)',
        body: TelegramLoginSchema,
        response: { 200: envelopeOf(LoginResultSchema) },
      },
    },
    async (request) => ok(await social.telegram(clientContext(request), request.body)),
  );

  app.get(
    '/bo/api/social',
    {
      config: { permission: 'settings.read' },
      schema: {
        tags: boTags,
        security,
        summary: 'Social sign-in providers and their configuration (secrets are never returned)',
        response: { 200: envelopeOf(z.array(BoSocialProviderSchema)) },
      },
    },
    async (request) => {
      return ok(await social.boList(request.operator.id));
    },
  );

  app.put(
    '/bo/api/social/:provider',
    {
      config: { permission: 'settings.write' },
      schema: {
        tags: boTags,
        security,
        summary: 'Set a social provider’s credentials and switch it on or off (audited without secrets)',
        params: SocialProviderParamsSchema,
        body: SocialConfigUpdateSchema,
        response: { 200: envelopeOf(BoSocialProviderSchema) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return ok(
        await social.boUpdate(request.operator.id, request.params.provider, request.body, {
          id: String(staff.id),
          ip: request.ip,
        }),
      );
    },
  );
};
