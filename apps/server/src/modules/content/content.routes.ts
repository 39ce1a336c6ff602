import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptySchema, envelopeOf } from '@playhouse/contract/envelope';
import {
  AnnouncementListSchema,
  AnnouncementsQuerySchema,
  BoAnnouncementInputSchema,
  BoAnnouncementSchema,
  BoBannerInputSchema,
  BoBannerSchema,
  BoContentIdParamsSchema,
  LobbyNewsQuerySchema,
  LobbyNewsSchema,
  MarkReadBodySchema,
  MarkReadResultSchema,
  UnreadCountQuerySchema,
  UnreadCountSchema,
} from '@playhouse/contract/content';
import { bearerToken } from '../../lib/bearer.ts';
import { ok } from '../../lib/envelope.ts';
import { requireMember } from '../../lib/require-member.ts';
import { requireStaff } from '../games/require-staff.ts';
import type { Reader } from './content.service.ts';

const tags = ['content'];
const boTags = ['back office'];
const security = [{ bearer: [] }];

/** The signed-in member when there is one; content is public, so a stale token just reads as a guest. */
async function optionalReader(request: FastifyRequest): Promise<Reader | undefined> {
  if (!bearerToken(request)) return undefined;
  try {
    const member = await requireMember(request);
    return { id: member.id, type: member.type };
  } catch {
    return undefined;
  }
}

/** Banners, announcements, popups, promotions and notices (spec §7), and their back-office CRUD. */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { content } = app.services;
  const actor = (request: FastifyRequest, staffId: number) => ({
    type: 'staff',
    id: String(staffId),
    ip: request.ip,
  });

  app.get(
    '/wps/relay/MCSFE_getListAnnouncements',
    {
      schema: {
        tags,
        summary:
          'Banners (B), player notices (PL), popups (PU), promotions (PR), hot (H) and announcements (A)',
        querystring: AnnouncementsQuerySchema,
        response: { 200: envelopeOf(AnnouncementListSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const reader = await optionalReader(request);
      return ok(
        await content.list(
          request.operator.id,
          { types: q.types, groupName: q.groupName, language: q.language ?? request.language },
          reader,
        ),
      );
    },
  );

  app.post(
    '/wps/relay/MCSFE_readAnnouncement',
    {
      schema: {
        tags,
        security,
        summary: 'Mark an announcement read (trial members are not recorded)',
        body: MarkReadBodySchema,
        response: { 200: envelopeOf(MarkReadResultSchema) },
      },
    },
    async (request) => {
      const member = await requireMember(request);
      return ok(await content.markRead(request.operator.id, member, request.body.announcementId));
    },
  );

  app.get(
    '/wps/relay/GLS2_lobbyNews',
    {
      schema: {
        tags,
        summary: 'Notices for the ticker and the notice page, newest first, with my unread count',
        querystring: LobbyNewsQuerySchema,
        response: { 200: envelopeOf(LobbyNewsSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      return ok(
        await content.lobbyNews(
          request.operator.id,
          { pageNo: q.pageNo, pageSize: q.pageSize, language: q.language ?? request.language },
          await optionalReader(request),
        ),
      );
    },
  );

  app.get(
    '/wps/relay/CSP_unreadCount',
    {
      schema: {
        tags,
        security,
        summary: 'My unread counters: announcements, inbox messages, and their total',
        querystring: UnreadCountQuerySchema,
        response: { 200: envelopeOf(UnreadCountSchema) },
      },
    },
    async (request) => {
      const member = await requireMember(request);
      const [announcement, inbox] = await Promise.all([
        content.unreadNotices(request.operator.id, request.query.language ?? request.language, {
          id: member.id,
          type: member.type,
        }),
        app.services.inbox.unread(member.id),
      ]);
      return ok({ announcement, inbox, total: announcement + inbox });
    },
  );

  // ---------- back office ----------

  app.get(
    '/bo/api/content/banners',
    {
      config: { permission: 'settings.read' },
      schema: {
        tags: boTags,
        security,
        summary: 'Every banner',
        response: { 200: envelopeOf(z.array(BoBannerSchema)) },
      },
    },
    async (request) => {
      return ok(await content.boBanners(request.operator.id));
    },
  );

  app.post(
    '/bo/api/content/banners',
    {
      config: { permission: 'content.write' },
      schema: {
        tags: boTags,
        security,
        summary: 'Create a banner (audited)',
        body: BoBannerInputSchema,
        response: { 200: envelopeOf(BoBannerSchema) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return ok(await content.createBanner(request.operator.id, request.body, actor(request, staff.id)));
    },
  );

  app.put(
    '/bo/api/content/banners/:id',
    {
      config: { permission: 'content.write' },
      schema: {
        tags: boTags,
        security,
        summary: 'Replace a banner (audited)',
        params: BoContentIdParamsSchema,
        body: BoBannerInputSchema,
        response: { 200: envelopeOf(BoBannerSchema) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return ok(
        await content.updateBanner(
          request.operator.id,
          request.params.id,
          request.body,
          actor(request, staff.id),
        ),
      );
    },
  );

  app.delete(
    '/bo/api/content/banners/:id',
    {
      config: { permission: 'content.write' },
      schema: {
        tags: boTags,
        security,
        summary: 'Delete a banner (audited)',
        params: BoContentIdParamsSchema,
        response: { 200: envelopeOf(EmptySchema) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      await content.deleteBanner(request.operator.id, request.params.id, actor(request, staff.id));
      return ok({});
    },
  );

  app.get(
    '/bo/api/content/announcements',
    {
      config: { permission: 'settings.read' },
      schema: {
        tags: boTags,
        security,
        summary: 'Every announcement, popup and promotion',
        response: { 200: envelopeOf(z.array(BoAnnouncementSchema)) },
      },
    },
    async (request) => {
      return ok(await content.boAnnouncements(request.operator.id));
    },
  );

  app.post(
    '/bo/api/content/announcements',
    {
      config: { permission: 'content.write' },
      bodyLimit: 256 * 1024,
      schema: {
        tags: boTags,
        security,
        summary: 'Create an announcement; HTML is sanitised (audited)',
        body: BoAnnouncementInputSchema,
        response: { 200: envelopeOf(BoAnnouncementSchema) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return ok(
        await content.createAnnouncement(request.operator.id, request.body, actor(request, staff.id)),
      );
    },
  );

  app.put(
    '/bo/api/content/announcements/:id',
    {
      config: { permission: 'content.write' },
      bodyLimit: 256 * 1024,
      schema: {
        tags: boTags,
        security,
        summary: 'Replace an announcement; HTML is sanitised (audited)',
        params: BoContentIdParamsSchema,
        body: BoAnnouncementInputSchema,
        response: { 200: envelopeOf(BoAnnouncementSchema) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return ok(
        await content.updateAnnouncement(
          request.operator.id,
          request.params.id,
          request.body,
          actor(request, staff.id),
        ),
      );
    },
  );

  app.delete(
    '/bo/api/content/announcements/:id',
    {
      config: { permission: 'content.write' },
      schema: {
        tags: boTags,
        security,
        summary: 'Delete an announcement (audited)',
        params: BoContentIdParamsSchema,
        response: { 200: envelopeOf(EmptySchema) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      await content.deleteAnnouncement(request.operator.id, request.params.id, actor(request, staff.id));
      return ok({});
    },
  );
};
