import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import {
  NewOperatorSchema,
  OperatorStatusSchema,
  PlatformCodeSchema,
  PlatformLoginResultSchema,
  PlatformLoginSchema,
  PlatformOperatorSchema,
} from '@playhouse/contract/platform';
import { bearerToken } from '../../lib/bearer.ts';
import { ok } from '../../lib/envelope.ts';

const tags = ['platform console'];
const security = [{ bearer: [] }];
const IdParams = z.object({ id: z.coerce.number().int().positive() });
const limit = { rateLimit: { max: 20, timeWindow: 60_000 } };
const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

/**
 * The platform console's API (decision 039), above every operator and outside their hosts' request
 * context: sign-in with an authenticator code, the operators with their totals, a new operator, and
 * suspending or resuming one. Every change is audited in the operator it touches.
 */
export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = () => app.platform;

  app.post(
    '/platform/api/session',
    {
      config: limit,
      schema: {
        tags,
        summary:
          'Platform owner sign-in: password, then the authenticator code (the first sign-in enrols one)',
        body: PlatformLoginSchema,
        response: { 200: envelopeOf(PlatformLoginResultSchema) },
      },
    },
    async (request) => ok(await platform().signIn(request.body, client(request))),
  );

  app.post(
    '/platform/api/session/2fa',
    {
      config: limit,
      schema: {
        tags,
        security,
        summary: 'Confirm the authenticator enrolment with a code; a full session starts',
        body: PlatformCodeSchema,
        response: { 200: envelopeOf(z.object({ token: z.string() })) },
      },
    },
    async (request) =>
      ok(await platform().confirmEnrolment(bearerToken(request), request.body.code, client(request))),
  );

  app.get(
    '/platform/api/operators',
    {
      schema: {
        tags,
        security,
        summary: 'Every operator with its status, domains and totals',
        response: { 200: envelopeOf(z.array(PlatformOperatorSchema)) },
      },
    },
    async (request) => {
      await platform().authenticate(bearerToken(request));
      return ok(await platform().operators());
    },
  );

  app.post(
    '/platform/api/operators',
    {
      config: limit,
      schema: {
        tags,
        security,
        summary: 'Make an operator: code, name, currency, languages, domains and its first owner account',
        body: NewOperatorSchema,
        response: { 200: envelopeOf(z.object({ id: z.number() })) },
      },
    },
    async (request) => {
      const owner = await platform().authenticate(bearerToken(request));
      return ok(await platform().create(request.body, { id: owner.id, ip: request.ip }));
    },
  );

  app.put(
    '/platform/api/operators/:id/status',
    {
      schema: {
        tags,
        security,
        summary: 'Suspend an operator (its domains answer SITE_UNAVAILABLE) or resume it',
        params: IdParams,
        body: OperatorStatusSchema,
        response: { 200: envelopeOf(z.object({ id: z.number(), status: z.enum(['active', 'suspended']) })) },
      },
    },
    async (request) => {
      const owner = await platform().authenticate(bearerToken(request));
      return ok(
        await platform().setStatus(request.params.id, request.body.status, { id: owner.id, ip: request.ip }),
      );
    },
  );
};
