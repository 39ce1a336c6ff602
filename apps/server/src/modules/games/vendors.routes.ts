import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import {
  BoGamePageSchema,
  BoGameParamsSchema,
  BoGameQuerySchema,
  BoGameSchema,
  BoGameUpdateSchema,
  BoVendorParamsSchema,
  BoVendorSchema,
  BoVendorUpdateSchema,
} from '@playhouse/contract/games';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { requireStaff } from './require-staff.ts';

const tags = ['back office'];
const security = [{ bearer: [] }];

/** Back office: vendors, their wallet mode and credentials (the secret is write-only). */
export const vendorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalogue } = app.services;

  app.get(
    '/bo/api/vendors',
    {
      config: { permission: 'vendors.read' },
      schema: {
        tags,
        security,
        summary: 'Every vendor of the operator',
        response: { 200: envelopeOf(z.array(BoVendorSchema)) },
      },
    },
    async (request) => {
      return ok(await catalogue.boVendors(request.operator.id));
    },
  );

  app.get(
    '/bo/api/vendors/:code',
    {
      config: { permission: 'vendors.read' },
      schema: {
        tags,
        security,
        summary: 'One vendor',
        params: BoVendorParamsSchema,
        response: { 200: envelopeOf(BoVendorSchema) },
      },
    },
    async (request) => {
      const vendor = (await catalogue.boVendors(request.operator.id)).find(
        (v) => v.code === request.params.code.toUpperCase(),
      );
      if (!vendor) throw new AppError('NOT_FOUND');
      return ok(vendor);
    },
  );

  app.put(
    '/bo/api/vendors/:code',
    {
      config: { permission: 'vendors.write' },
      schema: {
        tags,
        security,
        summary: 'Enable or disable a vendor, set its wallet mode, secret and launch address (audited)',
        params: BoVendorParamsSchema,
        body: BoVendorUpdateSchema,
        response: { 200: envelopeOf(BoVendorSchema) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return ok(
        await catalogue.updateVendor(request.operator.id, request.params.code, request.body, {
          type: 'staff',
          id: String(staff.id),
          ip: request.ip,
        }),
      );
    },
  );

  // ---------- the catalogue (issue 23) ----------

  app.get(
    '/bo/api/games',
    {
      config: { permission: 'settings.read' },
      schema: {
        tags,
        security,
        summary: 'The whole game catalogue, disabled games included, by vendor, name, hot list or newness',
        querystring: BoGameQuerySchema,
        response: { 200: envelopeOf(BoGamePageSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await catalogue.boGames(request.operator.id, request.query));
    },
  );

  app.put(
    '/bo/api/games/:id',
    {
      config: { permission: 'games.write' },
      schema: {
        tags,
        security,
        summary:
          'Enable or disable a game, rename it, set its new flag, hot-list place or order (audited; the lobby follows at once)',
        params: BoGameParamsSchema,
        body: BoGameUpdateSchema,
        response: { 200: envelopeOf(BoGameSchema) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return ok(
        await catalogue.updateGame(request.operator.id, request.params.id, request.body, {
          type: 'staff',
          id: String(staff.id),
          ip: request.ip,
        }),
      );
    },
  );
};
