import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@playhouse/contract/envelope';
import {
  DeskApproveSchema,
  DeskDecisionSchema,
  DeskDocumentPageSchema,
  DeskRejectSchema,
  DOCUMENT_STATUSES,
  IdentityStatusSchema,
  IdentitySubmitSchema,
  UPLOAD_MAX_BYTES,
  UploadQuerySchema,
  UploadResponseSchema,
} from '@playhouse/contract/payments';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { requireMember } from '../../lib/require-member.ts';
import { requireStaff } from '../games/require-staff.ts';
import { perSessionLimit } from '../payments/payments.routes.ts';

const security = [{ bearer: [] }];
const UploadParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/jpg', 'application/octet-stream'];

/**
 * Uploads (receipts and identity documents) and the identity check. An upload's body is the image
 * itself; whatever its declared type, the content decides (uploads/image-check.ts). Images are
 * served only to their member and to staff, never cached, as the type we stored, with nosniff and a
 * sandboxing CSP, and as an attachment-free inline image (no HTML can run from them).
 */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { uploads } = app.services;

  // The raw image bytes, up to the limit (+1 so "one byte over" is our own UPLOAD_TOO_LARGE).
  app.addContentTypeParser(
    IMAGE_TYPES,
    { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES + 1 },
    (_r, body, done) => done(null, body),
  );

  const sendImage = (reply: FastifyReply, image: { contentType: string; data: Buffer }) =>
    reply
      .header('content-type', image.contentType)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', 'inline')
      .header('cross-origin-resource-policy', 'same-origin')
      .send(image.data);

  app.post(
    '/wps/uploads',
    {
      bodyLimit: UPLOAD_MAX_BYTES + 1,
      config: perSessionLimit(20),
      schema: {
        tags: ['uploads'],
        security,
        summary:
          'Upload one png or jpeg image (the body is the file, up to 5 MB; type judged by content, re-encoded); a submission names up to 3',
        querystring: UploadQuerySchema,
        response: { 200: envelopeOf(UploadResponseSchema) },
      },
    },
    async (request) => {
      const who = await requireMember(request);
      const body = request.body;
      if (!Buffer.isBuffer(body)) throw new AppError('UPLOAD_INVALID');
      return ok({ uploads: [await uploads.store(who, request.query.purpose, body)] });
    },
  );

  app.get(
    '/wps/uploads/:id',
    {
      schema: {
        tags: ['uploads'],
        security,
        summary: "One of the member's own uploads (anyone else's is NOT_FOUND)",
        params: UploadParams,
      },
    },
    async (request, reply) =>
      sendImage(reply, await uploads.readOwn(await requireMember(request), request.params.id)),
  );

  app.get(
    '/bo/api/uploads/:id',
    {
      config: { permission: 'uploads.read' },
      schema: {
        tags: ['back office: money desk'],
        security,
        summary: "A member's upload (receipt or identity document), for staff",
        params: UploadParams,
      },
    },
    async (request, reply) => {
      return sendImage(reply, await uploads.readForStaff(request.operator.id, request.params.id));
    },
  );

  // ---------- identity ----------

  app.get(
    '/wps/member/identity',
    {
      schema: {
        tags: ['security centre'],
        security,
        summary: 'Identity verification: NONE, UNDER_REVIEW, VERIFIED or REJECTED, with the documents sent',
        response: { 200: envelopeOf(IdentityStatusSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await uploads.identity(await requireMember(request)));
    },
  );

  app.post(
    '/wps/member/identity',
    {
      config: perSessionLimit(10),
      schema: {
        tags: ['security centre'],
        security,
        summary: 'Send an identity document (1-3 images uploaded with purpose identity) for review',
        body: IdentitySubmitSchema,
        response: { 200: envelopeOf(IdentityStatusSchema) },
      },
    },
    async (request) =>
      ok(await uploads.submitIdentity(await requireMember(request), request.body, request.ip)),
  );

  app.get(
    '/bo/api/identity-documents',
    {
      config: { permission: 'money.read' },
      schema: {
        tags: ['back office: money desk'],
        security,
        summary: 'Identity documents by status, newest first',
        querystring: z
          .object({
            status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(DOCUMENT_STATUSES).optional()),
            pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
            pageSize: z.coerce.number().int().min(1).max(100).default(20),
          })
          .strict(),
        response: { 200: envelopeOf(DeskDocumentPageSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await uploads.listDocuments(request.operator.id, request.query));
    },
  );

  for (const [action, decision] of [
    ['approve', 'VERIFIED'],
    ['reject', 'REJECTED'],
  ] as const) {
    app.post(
      `/bo/api/identity-documents/:id/${action}`,
      {
        config: { permission: 'money.decide' },
        schema: {
          tags: ['back office: money desk'],
          security,
          summary:
            decision === 'VERIFIED'
              ? 'Mark an identity document verified; audited'
              : 'Reject an identity document with a reason; audited',
          params: z.object({ id: z.coerce.number().int().positive() }),
          body: decision === 'VERIFIED' ? DeskApproveSchema.optional() : DeskRejectSchema,
          response: { 200: envelopeOf(DeskDecisionSchema) },
        },
      },
      async (request) => {
        const staff = requireStaff(request);
        const body = request.body as { reason?: string } | undefined;
        return ok(
          await uploads.decideDocument(
            request.operator.id,
            { id: staff.id, username: staff.username, ip: request.ip },
            request.params.id,
            decision,
            body?.reason ?? null,
          ),
        );
      },
    );
  }
};
