import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CaptchaSchema } from '@playhouse/contract/account';
import { envelopeOf } from '@playhouse/contract/envelope';
import { ok } from '../../lib/envelope.ts';

/** GET /wps/captcha: a numeric image captcha and the key its answer is sent back with. */
export const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/wps/captcha',
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ['account'],
        summary: 'A single-use captcha image (base64 PNG) bound to captchaKey, valid for two minutes',
        response: { 200: envelopeOf(CaptchaSchema) },
      },
    },
    async (request, reply) => {
      const { captchaKey, image, length, expiresAt } = await app.services.captcha.issue(request.operator.id);
      reply.header('cache-control', 'no-store');
      return ok({ captchaKey, image, length, expiresAt });
    },
  );
};
