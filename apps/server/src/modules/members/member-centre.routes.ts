import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import {
  HeadIconBodySchema,
  HeadIconSchema,
  MemberProfileSchema,
  MemberSessionListSchema,
  NicknameBodySchema,
  RevokedSchema,
  SessionIdParamsSchema,
} from '@playhouse/contract/member-centre';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { requireMember } from '../../lib/require-member.ts';

const tags = ['member centre'];
const security = [{ bearer: [] }];
const form = ['application/x-www-form-urlencoded', 'application/json'];

/** The member's own profile, nickname, head icon and sessions; everything is looked up by the session's member. */
export const memberCentreRoutes: FastifyPluginAsyncZod = async (app) => {
  const { memberCentre } = app.services;

  app.get(
    '/wps/member/info/renewed',
    {
      schema: {
        tags,
        security,
        summary: 'Member info read fresh, with head icon and masked contact details',
        response: { 200: envelopeOf(MemberProfileSchema) },
      },
    },
    async (request, reply) => {
      const who = await requireMember(request);
      reply.header('cache-control', 'no-store');
      return ok(await memberCentre.profile(who));
    },
  );

  for (const method of ['PUT', 'POST'] as const) {
    app.route({
      method,
      url: '/wps/member/info/nickname',
      schema: {
        tags,
        security,
        summary: 'Change nickname',
        consumes: form,
        body: NicknameBodySchema,
        response: { 200: envelopeOf(z.object({ nickname: z.string() })) },
      },
      handler: async (request) => {
        const who = await requireMember(request);
        return ok(await memberCentre.setNickname(who, request.body.nickname, request.settings));
      },
    });
  }

  app.get(
    '/wps/member/info/icon',
    {
      schema: {
        tags,
        security,
        summary: 'Head icon and the built-in choices',
        response: { 200: envelopeOf(HeadIconSchema) },
      },
    },
    async (request) => ok(await memberCentre.headIcon(await requireMember(request))),
  );

  app.post(
    '/wps/member/info/icon',
    {
      schema: {
        tags,
        security,
        summary: 'Set head icon (form-urlencoded headIcon, one of the built-in avatars)',
        consumes: form,
        body: HeadIconBodySchema,
        response: { 200: envelopeOf(HeadIconSchema) },
      },
    },
    async (request) =>
      ok(await memberCentre.setHeadIcon(await requireMember(request), request.body.headIcon)),
  );

  app.get(
    '/wps/member/sessions',
    {
      schema: {
        tags,
        security,
        summary: "The member's signed-in devices",
        response: { 200: envelopeOf(MemberSessionListSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await memberCentre.sessions(await requireMember(request)));
    },
  );

  app.delete(
    '/wps/member/sessions',
    {
      schema: {
        tags,
        security,
        summary: 'Sign out every other device',
        response: { 200: envelopeOf(RevokedSchema) },
      },
    },
    async (request) => ok(await memberCentre.revokeOtherSessions(await requireMember(request), request.ip)),
  );

  app.delete(
    '/wps/member/sessions/:id',
    {
      schema: {
        tags,
        security,
        summary: "Sign out one of the member's devices",
        params: SessionIdParamsSchema,
        response: { 200: envelopeOf(RevokedSchema) },
      },
    },
    async (request) =>
      ok(await memberCentre.revokeSession(await requireMember(request), request.params.id, request.ip)),
  );
};
