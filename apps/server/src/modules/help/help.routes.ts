import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptySchema, envelopeOf } from '@playhouse/contract/envelope';
import {
  BoHelpIdParamsSchema,
  BoHelpListQuerySchema,
  BoHelpOrderSchema,
  BoHelpTopicInputSchema,
  BoHelpTopicSchema,
  HelpCenterQuerySchema,
  HelpCenterSchema,
} from '@playhouse/contract/help';
import { findLanguage } from '@playhouse/contract/languages';
import { ok } from '../../lib/envelope.ts';
import { requireStaff } from '../games/require-staff.ts';

const tags = ['help'];
const boTags = ['back office'];
const security = [{ bearer: [] }];
const BODY_LIMIT = 256 * 1024;

/** The help centre (spec §7 "Help centre: GET with device=MOBILE (and lang)") and its back office. */
export const helpRoutes: FastifyPluginAsyncZod = async (app) => {
  const { help, settings } = app.services;
  const actor = (request: FastifyRequest) => {
    const staff = requireStaff(request);
    return { id: staff.id, ip: request.ip };
  };

  app.get(
    '/wps/system/helpCenter',
    {
      schema: {
        tags,
        summary: "The help centre's topics in the asked language (else the request's, then the default)",
        querystring: HelpCenterQuerySchema,
        response: { 200: envelopeOf(HelpCenterSchema) },
      },
    },
    async (request) => {
      const asked = findLanguage(request.query.lang ?? request.query.language)?.code;
      const { settings: s } = await settings.get(request.operator.id);
      const wanted = [asked, request.language, s.languages.default].filter(
        (l): l is NonNullable<typeof l> => Boolean(l) && s.languages.supported.includes(l!),
      );
      return ok(await help.center(request.operator.id, wanted));
    },
  );

  // ---------- back office ----------

  app.get(
    '/bo/api/help',
    {
      config: { permission: 'settings.read' },
      schema: {
        tags: boTags,
        security,
        summary: 'Help topics, of one language or all, in order',
        querystring: BoHelpListQuerySchema,
        response: { 200: envelopeOf(z.array(BoHelpTopicSchema)) },
      },
    },
    async (request) => {
      return ok(await help.list(request.operator.id, request.query.language));
    },
  );

  app.post(
    '/bo/api/help',
    {
      config: { permission: 'content.write' },
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: boTags,
        security,
        summary: 'Create a help topic; HTML is sanitised (audited)',
        body: BoHelpTopicInputSchema,
        response: { 200: envelopeOf(BoHelpTopicSchema) },
      },
    },
    async (request) => ok(await help.create(request.operator.id, request.body, actor(request))),
  );

  app.put(
    '/bo/api/help/order',
    {
      config: { permission: 'content.write' },
      schema: {
        tags: boTags,
        security,
        summary: "Reorder a language's help topics (audited)",
        body: BoHelpOrderSchema,
        response: { 200: envelopeOf(z.array(BoHelpTopicSchema)) },
      },
    },
    async (request) =>
      ok(await help.reorder(request.operator.id, request.body.language, request.body.ids, actor(request))),
  );

  app.put(
    '/bo/api/help/:id',
    {
      config: { permission: 'content.write' },
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: boTags,
        security,
        summary: 'Replace a help topic; HTML is sanitised (audited)',
        params: BoHelpIdParamsSchema,
        body: BoHelpTopicInputSchema,
        response: { 200: envelopeOf(BoHelpTopicSchema) },
      },
    },
    async (request) =>
      ok(await help.update(request.operator.id, request.params.id, request.body, actor(request))),
  );

  app.delete(
    '/bo/api/help/:id',
    {
      config: { permission: 'content.write' },
      schema: {
        tags: boTags,
        security,
        summary: 'Delete a help topic (audited)',
        params: BoHelpIdParamsSchema,
        response: { 200: envelopeOf(EmptySchema) },
      },
    },
    async (request) => {
      await help.remove(request.operator.id, request.params.id, actor(request));
      return ok({});
    },
  );
};
