import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SmsRequestSchema, SmsSentSchema } from '@playhouse/contract/account';
import { envelopeOf } from '@playhouse/contract/envelope';
import { ok } from '../../lib/envelope.ts';

/** SMS codes for registration and for signing in or resetting a password without a session. */
export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { verification } = app.services;

  for (const [url, kind] of [
    ['/wps/verification/sms/register', 'register'],
    ['/wps/verification/sms/noLogin', 'noLogin'],
  ] as const) {
    app.post(
      url,
      {
        config: { rateLimit: { max: 30, timeWindow: 3600_000 } },
        schema: {
          tags: ['account'],
          summary:
            kind === 'register'
              ? 'Send a registration code to a number not yet registered'
              : 'Send a sign-in (or, with purpose reset-password, a password reset) code to a registered number',
          body: SmsRequestSchema,
          response: { 200: envelopeOf(SmsSentSchema) },
        },
      },
      async (request) => {
        const body = request.body;
        return ok(
          await verification.request({
            kind,
            purpose: body.purpose,
            operatorId: request.operator.id,
            siteName: request.settings.site.name,
            language: request.language,
            countryDialingCode: body.countryDialingCode,
            mobileNum: (body.mobileNum ?? body.mobileNo)!,
            ip: request.ip,
            human: body,
          }),
        );
      },
    );
  }
};
