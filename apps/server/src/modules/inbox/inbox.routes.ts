import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import {
  BoFeedbackPageSchema,
  BoFeedbackQuerySchema,
  BoPageQuerySchema,
  BroadcastCreateSchema,
  BroadcastPageSchema,
  BroadcastSchema,
  FeedbackAnswerSchema,
  FeedbackItemSchema,
  FeedbackPageQuerySchema,
  FeedbackPageSchema,
  FeedbackSubmitSchema,
  InboxIdParamsSchema,
  InboxLanguageQuerySchema,
  InboxMessageSchema,
  InboxPageSchema,
  InboxQuerySchema,
  InboxReadAllSchema,
} from '@playhouse/contract/inbox';
import { DeskDecisionSchema } from '@playhouse/contract/payments';
import { ok } from '../../lib/envelope.ts';
import { requireMember } from '../../lib/require-member.ts';
import { requireStaff } from '../games/require-staff.ts';
import { perSessionLimit } from '../payments/payments.routes.ts';

const security = [{ bearer: [] }];
const tags = ['inbox'];
const boTags = ['back office: inbox and feedback'];

/** The member inbox (/m/webEmail), feedback (/m/feedback) and their back-office pages. */
export const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { inbox, feedback } = app.services;
  /** The signed-in member; the routes' `feature` (MAILCEN3, FEEDBACK3) has been checked before. */
  const member = (request: FastifyRequest) => requireMember(request);
  const staffActor = (request: { ip: string }, staff: { id: number; username: string }) => ({
    id: staff.id,
    username: staff.username,
    ip: request.ip,
  });

  app.get(
    '/wps/inbox',
    {
      config: { feature: 'MAILCEN3' },
      schema: {
        tags,
        security,
        summary: 'My messages and broadcasts, newest first, in my language, with my unread count',
        querystring: InboxQuerySchema,
        response: { 200: envelopeOf(InboxPageSchema) },
      },
    },
    async (request, reply) => {
      const who = await member(request);
      reply.header('cache-control', 'no-store');
      const q = request.query;
      return ok(
        await inbox.list(who, {
          pageNo: q.pageNo,
          pageSize: q.pageSize,
          language: q.language ?? request.language,
        }),
      );
    },
  );

  app.get(
    '/wps/inbox/:id',
    {
      config: { feature: 'MAILCEN3' },
      schema: {
        tags,
        security,
        summary: "Open one of my messages (marks it read); another member's is NOT_FOUND",
        params: InboxIdParamsSchema,
        querystring: InboxLanguageQuerySchema,
        response: { 200: envelopeOf(InboxMessageSchema) },
      },
    },
    async (request, reply) => {
      const who = await member(request);
      reply.header('cache-control', 'no-store');
      return ok(await inbox.open(who, request.params.id, request.query.language ?? request.language));
    },
  );

  app.delete(
    '/wps/inbox/:id',
    {
      config: { feature: 'MAILCEN3' },
      schema: {
        tags,
        security,
        summary: "Delete one of my messages, for me only; another member's is NOT_FOUND",
        params: InboxIdParamsSchema,
        response: { 200: envelopeOf(z.object({ unreadCount: z.number() })) },
      },
    },
    async (request) => ok(await inbox.remove(await member(request), request.params.id)),
  );

  app.post(
    '/wps/inbox/read',
    {
      config: { feature: 'MAILCEN3' },
      schema: {
        tags,
        security,
        summary: 'Mark all my messages read',
        response: { 200: envelopeOf(InboxReadAllSchema) },
      },
    },
    async (request) => ok(await inbox.readAll(await member(request))),
  );

  app.put(
    '/wps/feedback',
    {
      config: { ...perSessionLimit(10), feature: 'FEEDBACK3' },
      schema: {
        tags: ['feedback'],
        security,
        summary:
          'Send feedback: a category, a comment (140 characters) and up to 3 images uploaded with purpose feedback',
        body: FeedbackSubmitSchema,
        response: { 200: envelopeOf(FeedbackItemSchema) },
      },
    },
    async (request) => ok(await feedback.submit(await member(request), request.body, request.ip)),
  );

  app.get(
    '/wps/feedback',
    {
      config: { feature: 'FEEDBACK3' },
      schema: {
        tags: ['feedback'],
        security,
        summary: 'My feedback, newest first, with its status and the answer',
        querystring: FeedbackPageQuerySchema,
        response: { 200: envelopeOf(FeedbackPageSchema) },
      },
    },
    async (request, reply) => {
      const who = await member(request);
      reply.header('cache-control', 'no-store');
      return ok(await feedback.mine(who, request.query));
    },
  );

  // ---------- back office ----------

  app.get(
    '/bo/api/inbox/broadcasts',
    {
      config: { permission: 'settings.read' },
      schema: {
        tags: boTags,
        security,
        summary: 'Broadcasts sent, newest first',
        querystring: BoPageQuerySchema,
        response: { 200: envelopeOf(BroadcastPageSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await inbox.broadcasts.list(request.operator.id, request.query));
    },
  );

  app.post(
    '/bo/api/inbox/broadcasts',
    {
      config: { permission: 'content.write' },
      schema: {
        tags: boTags,
        security,
        summary: 'Send a broadcast to every member or one VIP level (HTML sanitized); audited',
        body: BroadcastCreateSchema,
        response: { 200: envelopeOf(BroadcastSchema) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return ok(await inbox.broadcasts.create(request.operator.id, staffActor(request, staff), request.body));
    },
  );

  app.get(
    '/bo/api/feedback',
    {
      config: { permission: 'members.read' },
      schema: {
        tags: boTags,
        security,
        summary: 'Member feedback by status, newest first',
        querystring: BoFeedbackQuerySchema,
        response: { 200: envelopeOf(BoFeedbackPageSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await feedback.desk(request.operator.id, request.query));
    },
  );

  app.post(
    '/bo/api/feedback/:id/answer',
    {
      config: { permission: 'feedback.answer' },
      schema: {
        tags: boTags,
        security,
        summary: "Answer a member's feedback once; the answer goes to their inbox; audited",
        params: InboxIdParamsSchema,
        body: FeedbackAnswerSchema,
        response: { 200: envelopeOf(DeskDecisionSchema) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return ok(
        await feedback.answer(
          request.operator.id,
          staffActor(request, staff),
          request.params.id,
          request.body.answer,
        ),
      );
    },
  );
};
