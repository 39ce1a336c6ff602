import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import {
  RegisterSettingsSchema,
  WhitelabelSchema,
  type OperatorSettings,
} from '@playhouse/contract/settings';
import {
  ConsolidatedSettingsSchema,
  CountryListSchema,
  DomainEntrySchema,
  PublicKeySchema,
  SystemStatusSchema,
  type StatusInfo,
  type SystemStatus,
} from '@playhouse/contract/system';
import { ok } from '../../lib/envelope.ts';
import { countryList } from './countries.ts';

const tags = ['system'];

function statusInfo(s: OperatorSettings): StatusInfo {
  const site = s.site;
  return {
    siteName: site.name,
    currency: site.currency,
    // Live chat is offered only with its flag on (LIVECHAT3): off, its entry is not even sent.
    customerService: site.customerService
      .filter((c) => c.csType !== 'LIVECHAT' || s.whitelabel.LIVECHAT3)
      .map((c) => ({ csType: c.csType, title: c.title, path: c.url })),
    domainRoute: site.domains,
    mobileTemplate: site.mobileTemplate,
    paths: { home: '/m/home', login: '/m/login', register: '/m/register' },
    register: s.register,
    resources: site.downloadLinks,
    whitelabel: s.whitelabel,
    mainDomain: site.mainDomain,
    imageCDNs: site.imageCdns,
    languages: s.languages,
    downloadBar: site.downloadBar,
    vip: site.vip,
    promotions: site.promotions,
  };
}

/** The site's status for one visitor: open, closed for maintenance or blocked where they are. */
export async function siteStatus(
  app: FastifyInstance,
  ip: string,
  operatorId: number,
  s: OperatorSettings,
): Promise<SystemStatus> {
  const { status, country } = app.services.region.statusFor(ip, s.status);
  return {
    status,
    maintenance: s.status.maintenance,
    regionRestriction: s.status.regionRestriction,
    location: { ip, country },
    info: { ...statusInfo(s), socialLogin: await app.services.social.loginOptions(operatorId) },
  };
}

/** Public platform information: status, settings the site renders from, countries, the public key. */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/wps/system/status',
    {
      schema: {
        tags,
        summary: 'Site status for this visitor (0 normal, 1 maintenance, 2 blocked) and site info',
        response: { 200: envelopeOf(SystemStatusSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await siteStatus(app, request.ip, request.operator.id, request.settings));
    },
  );

  app.get(
    '/wps/system/setting/register',
    {
      schema: {
        tags,
        summary: 'Registration field rules',
        response: { 200: envelopeOf(RegisterSettingsSchema) },
      },
    },
    async (request) => ok(request.settings.register),
  );

  app.get(
    '/wps/system/settings/consolidated',
    {
      schema: {
        tags,
        summary: 'Platform settings and mobile template',
        response: { 200: envelopeOf(ConsolidatedSettingsSchema) },
      },
    },
    async (request) => {
      const { site, languages, whitelabel } = request.settings;
      return ok({
        platform: site.platform,
        gateway: site.gateway,
        prizeModes: site.prizeModes,
        prizeMode: site.prizeMode,
        currency: site.currency,
        languages,
        mobileTemplate: site.mobileTemplate,
        whitelabel,
      });
    },
  );

  app.get(
    '/wps/system/whitelabel',
    { schema: { tags, summary: 'Whitelabel flags', response: { 200: envelopeOf(WhitelabelSchema) } } },
    async (request) => ok(request.settings.whitelabel),
  );

  app.get(
    '/wps/system/domainRoute',
    {
      schema: {
        tags,
        summary: 'Alternative domains (route type 3)',
        querystring: z.object({ type: z.coerce.number().int().pipe(z.literal(3)).default(3) }).strict(),
        response: { 200: envelopeOf(z.array(DomainEntrySchema)) },
      },
    },
    async (request) => ok(request.settings.site.domains),
  );

  app.get(
    '/wps/system/country',
    {
      schema: {
        tags,
        summary: 'Countries with dialing codes, in the request language',
        response: { 200: envelopeOf(CountryListSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return ok(countryList(request.language));
    },
  );

  app.get(
    '/wps/system/publicKey',
    {
      schema: {
        tags,
        summary: 'Public key for credential encryption',
        response: { 200: envelopeOf(PublicKeySchema) },
      },
    },
    async () =>
      ok({ publicKey: await app.services.credentials.publicKey(), alg: 'RSA-OAEP-256+A256GCM' as const }),
  );
};
