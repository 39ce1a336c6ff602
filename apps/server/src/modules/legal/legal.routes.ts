import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import {
  BoLegalIndexSchema,
  BoLegalInputSchema,
  BoLegalParamsSchema,
  LegalDocumentSchema,
  LegalParamsSchema,
  LegalQuerySchema,
} from '@playhouse/contract/legal';
import { findLanguage } from '@playhouse/contract/languages';
import { ok } from '../../lib/envelope.ts';
import { requireStaff } from '../games/require-staff.ts';

const tags = ['legal'];
const boTags = ['back office'];
const security = [{ bearer: [] }];
const BODY_LIMIT = 256 * 1024;

/** Legal and responsible-gambling documents: read by anyone, edited per language in the back office. */
export const legalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { legal, settings } = app.services;

  app.get(
    '/wps/system/legal/:kind',
    {
      schema: {
        tags,
        summary:
          "A legal document (terms, privacy, licence, age, responsible, complaints) in the asked language, else the request's, the default, English",
        params: LegalParamsSchema,
        querystring: LegalQuerySchema,
        response: { 200: envelopeOf(LegalDocumentSchema) },
      },
    },
    async (request) => {
      const asked = findLanguage(request.query.lang)?.code;
      const { settings: s } = await settings.get(request.operator.id);
      const wanted = [asked, request.language, s.languages.default].filter(
        (l): l is NonNullable<typeof l> => Boolean(l) && s.languages.supported.includes(l!),
      );
      return ok(await legal.read(request.operator.id, request.params.kind, wanted));
    },
  );

  // ---------- back office ----------

  app.get(
    '/bo/api/legal',
    {
      config: { permission: 'settings.read' },
      schema: {
        tags: boTags,
        security,
        summary: 'Every legal document stored, by kind and language (without text)',
        response: { 200: envelopeOf(BoLegalIndexSchema) },
      },
    },
    async (request) => ok(await legal.index(request.operator.id)),
  );

  app.get(
    '/bo/api/legal/:kind/:language',
    {
      config: { permission: 'settings.read' },
      schema: {
        tags: boTags,
        security,
        summary: 'One legal document in exactly one language',
        params: BoLegalParamsSchema,
        response: { 200: envelopeOf(LegalDocumentSchema) },
      },
    },
    async (request) => ok(await legal.get(request.operator.id, request.params.kind, request.params.language)),
  );

  app.put(
    '/bo/api/legal/:kind/:language',
    {
      config: { permission: 'content.write' },
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: boTags,
        security,
        summary: 'Write a legal document in one language; HTML is sanitised (audited)',
        params: BoLegalParamsSchema,
        body: BoLegalInputSchema,
        response: { 200: envelopeOf(LegalDocumentSchema) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return ok(
        await legal.save(request.operator.id, request.params.kind, request.params.language, request.body, {
          id: staff.id,
          ip: request.ip,
        }),
      );
    },
  );
};
