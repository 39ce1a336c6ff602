import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import {
  MemberAuditPageSchema,
  MemberBonusPageSchema,
  MemberDeskParamsSchema,
  MemberDeskSessionListSchema,
  MemberLoginPageSchema,
  MemberNoteBodySchema,
  MemberNotePageSchema,
  MemberNoteSchema,
  MemberOverviewSchema,
  MemberPageQuerySchema,
  MemberSearchPageSchema,
  MemberSearchQuerySchema,
  MemberSessionParamsSchema,
  MemberTagsBodySchema,
  MemberTagsSchema,
} from '@playhouse/contract/member-desk';
import { RevokedSchema } from '@playhouse/contract/member-centre';
import { OrdersPageSchema, OrdersQuerySchema } from '@playhouse/contract/play';
import { staffActor } from '../games/require-staff.ts';
import { ok } from '../../lib/envelope.ts';

const tags = ['back office'];
const security = [{ bearer: [] }];

/**
 * Back office: the member desk. Reading a member is `members.read` (every role), notes and tags are
 * `members.notes` (customer service included), ending a session is `members.write`, and what staff
 * did to the member is the audit log's `audit.read`. Every answer is `no-store`.
 */
export const memberDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  const desk = () => app.services.memberDesk;
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/bo/api/members')) reply.header('cache-control', 'no-store');
  });

  app.get(
    '/bo/api/members',
    {
      config: { permission: 'members.read' },
      schema: {
        tags,
        security,
        summary:
          'Find members by user name, mobile number, e-mail, real name, affiliate code or sign-in address',
        querystring: MemberSearchQuerySchema,
        response: { 200: envelopeOf(MemberSearchPageSchema) },
      },
    },
    async (request) => ok(await desk().search(request.operator.id, request.query)),
  );

  app.get(
    '/bo/api/members/:id',
    {
      config: { permission: 'members.read' },
      schema: {
        tags,
        security,
        summary: "A member's profile, status, balance, turnover, limits and breaks, tags and open sessions",
        params: MemberDeskParamsSchema,
        response: { 200: envelopeOf(MemberOverviewSchema) },
      },
    },
    async (request) => ok(await desk().overview(request.operator.id, request.params.id)),
  );

  app.get(
    '/bo/api/members/:id/sessions',
    {
      config: { permission: 'members.read' },
      schema: {
        tags,
        security,
        summary: "The member's open sessions with address and device",
        params: MemberDeskParamsSchema,
        response: { 200: envelopeOf(MemberDeskSessionListSchema) },
      },
    },
    async (request) => ok(await desk().sessions(request.operator.id, request.params.id)),
  );

  app.post(
    '/bo/api/members/:id/sessions/:sessionId/revoke',
    {
      config: { permission: 'members.write' },
      schema: {
        tags,
        security,
        summary: "End one of the member's sessions at once (audited)",
        params: MemberSessionParamsSchema,
        response: { 200: envelopeOf(RevokedSchema) },
      },
    },
    async (request) => {
      const staff = staffActor(request);
      const { id, sessionId } = request.params;
      const revoked = await desk().revokeSession(request.operator.id, id, sessionId, staff);
      // The member's live socket on that session closes now, on every instance.
      app.services.live.signedOut(request.operator.id, id, sessionId);
      return ok(revoked);
    },
  );

  app.get(
    '/bo/api/members/:id/logins',
    {
      config: { permission: 'members.read' },
      schema: {
        tags,
        security,
        summary: "The member's sign-ins and refused sign-ins, newest first",
        params: MemberDeskParamsSchema,
        querystring: MemberPageQuerySchema,
        response: { 200: envelopeOf(MemberLoginPageSchema) },
      },
    },
    async (request) => ok(await desk().logins(request.operator.id, request.params.id, request.query)),
  );

  app.get(
    '/bo/api/members/:id/notes',
    {
      config: { permission: 'members.read' },
      schema: {
        tags,
        security,
        summary: 'Staff notes on the member, newest first',
        params: MemberDeskParamsSchema,
        querystring: MemberPageQuerySchema,
        response: { 200: envelopeOf(MemberNotePageSchema) },
      },
    },
    async (request) => ok(await desk().notes(request.operator.id, request.params.id, request.query)),
  );

  app.post(
    '/bo/api/members/:id/notes',
    {
      config: { permission: 'members.notes' },
      schema: {
        tags,
        security,
        summary: 'Add a staff note on the member (audited; never shown to the member)',
        params: MemberDeskParamsSchema,
        body: MemberNoteBodySchema,
        response: { 200: envelopeOf(MemberNoteSchema.omit({ staff: true })) },
      },
    },
    async (request) => {
      const staff = staffActor(request);
      return ok(await desk().addNote(request.operator.id, request.params.id, request.body.body, staff));
    },
  );

  app.put(
    '/bo/api/members/:id/tags',
    {
      config: { permission: 'members.notes' },
      schema: {
        tags,
        security,
        summary: "Set the member's tags (audited)",
        params: MemberDeskParamsSchema,
        body: MemberTagsBodySchema,
        response: { 200: envelopeOf(MemberTagsSchema) },
      },
    },
    async (request) => {
      const staff = staffActor(request);
      return ok(await desk().setTags(request.operator.id, request.params.id, request.body.tags, staff));
    },
  );

  app.get(
    '/bo/api/members/:id/audit',
    {
      config: { permission: 'audit.read' },
      schema: {
        tags,
        security,
        summary: 'What staff did to the member, newest first',
        params: MemberDeskParamsSchema,
        querystring: MemberPageQuerySchema,
        response: { 200: envelopeOf(MemberAuditPageSchema) },
      },
    },
    async (request) => ok(await desk().staffActions(request.operator.id, request.params.id, request.query)),
  );

  app.get(
    '/bo/api/members/:id/bets',
    {
      config: { permission: 'members.read' },
      schema: {
        tags,
        security,
        summary: "The member's bets and rounds as their bet record shows them, with totals",
        params: MemberDeskParamsSchema,
        querystring: OrdersQuerySchema,
        response: { 200: envelopeOf(OrdersPageSchema) },
      },
    },
    async (request) => ok(await desk().bets(request.operator.id, request.params.id, request.query)),
  );

  app.get(
    '/bo/api/members/:id/bonuses',
    {
      config: { permission: 'members.read' },
      schema: {
        tags,
        security,
        summary: "The member's promotion bonuses and reward claims with their turnover, newest first",
        params: MemberDeskParamsSchema,
        querystring: MemberPageQuerySchema,
        response: { 200: envelopeOf(MemberBonusPageSchema) },
      },
    },
    async (request) => ok(await desk().bonuses(request.operator.id, request.params.id, request.query)),
  );
};
