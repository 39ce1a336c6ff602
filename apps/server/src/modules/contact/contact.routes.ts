import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SmsSentSchema } from '@playhouse/contract/account';
import { envelopeOf } from '@playhouse/contract/envelope';
import {
  ContactBindRequestSchema,
  ContactCodeRequestSchema,
  ContactStatusSchema,
} from '@playhouse/contract/payments';
import { ok } from '../../lib/envelope.ts';
import { requireMember } from '../../lib/require-member.ts';
import { perSessionLimit } from '../payments/payments.routes.ts';
import { createContactService } from './contact.service.ts';

const tags = ['member centre'];
const security = [{ bearer: [] }];

/** Security centre: bind a phone number or an e-mail address with a code (decision 018). */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const contact = createContactService({
    db: app.services.db,
    audit: app.services.audit,
    verification: app.services.verification,
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/wps/member/contact',
    {
      config: { feature: 'SECURITY3' },
      schema: {
        tags,
        security,
        summary: 'The bound phone number and e-mail address, masked',
        response: { 200: envelopeOf(ContactStatusSchema) },
      },
    },
    async (request) => ok(await contact.status(await requireMember(request))),
  );

  app.post(
    '/wps/member/contact/code',
    {
      config: { ...perSessionLimit(10), feature: 'SECURITY3' },
      schema: {
        tags,
        security,
        summary:
          'Send a code to a phone number (SMS) or e-mail address to bind; refused when another member has it bound',
        body: ContactCodeRequestSchema,
        response: { 200: envelopeOf(SmsSentSchema) },
      },
    },
    async (request) =>
      ok(
        await contact.requestCode(await requireMember(request), request.body, {
          siteName: request.settings.site.name,
          language: request.language,
          ip: request.ip,
        }),
      ),
  );

  app.post(
    '/wps/member/contact/bind',
    {
      config: { ...perSessionLimit(20), feature: 'SECURITY3' },
      schema: {
        tags,
        security,
        summary:
          'Bind the phone number or e-mail address the code was sent to (changing a bound one also needs the login password); audited',
        body: ContactBindRequestSchema,
        response: { 200: envelopeOf(ContactStatusSchema) },
      },
    },
    async (request) => ok(await contact.bind(await requireMember(request), request.body, request.ip)),
  );
};
