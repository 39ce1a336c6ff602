import { createHash, randomBytes } from 'node:crypto';
import type { DocumentKind, IdentityStatus, UploadItem, UploadPurpose } from '@playhouse/contract/payments';
import { UPLOAD_MAX_FILES } from '@playhouse/contract/payments';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AuthenticatedMember } from '../members/member-auth.service.ts';
import type { Db } from '../operators/operators.repository.ts';
import { checkImage } from './image-check.ts';
import * as repo from './uploads.repository.ts';

/** Uploads a member may make in an hour (each is up to 5 MB kept in the database). */
export const UPLOADS_PER_HOUR = 30;

/**
 * Uploads and identity documents. Images are checked by content and re-encoded (image-check.ts),
 * then kept in the database, outside any web root and shared by every instance (decision 018).
 * An upload is readable by its member and by the operator's staff only; every id a member names
 * (receipts, document pages) must be their own upload of the right purpose.
 */
export function createUploadsService(db: Db, audit: AuditService) {
  const item = (r: {
    id: string;
    content_type: string;
    size: number;
    width: number;
    height: number;
    purpose: string;
    created_at: number;
  }): UploadItem => ({
    uploadId: r.id,
    contentType: r.content_type as UploadItem['contentType'],
    size: r.size,
    width: r.width,
    height: r.height,
    purpose: r.purpose as UploadPurpose,
    createdAt: r.created_at,
  });

  const service = {
    async store(who: AuthenticatedMember, purpose: UploadPurpose, bytes: Buffer): Promise<UploadItem> {
      if (!bytes.length) throw new AppError('UPLOAD_INVALID');
      const at = now();
      if ((await repo.countUploadsSince(db, who.id, at - 3600_000)) >= UPLOADS_PER_HOUR)
        throw new AppError('RATE_LIMITED');
      const image = await checkImage(bytes);
      const row = {
        id: randomBytes(16).toString('base64url'),
        operator_id: who.operatorId,
        member_id: who.id,
        purpose,
        content_type: image.contentType,
        size: image.data.length,
        width: image.width,
        height: image.height,
        sha256: createHash('sha256').update(image.data).digest('hex'),
        data: image.data,
        created_at: at,
      };
      await repo.insertUpload(db, row);
      return item(row);
    },

    /** The image for its owner; anyone else gets NOT_FOUND, as if it did not exist. */
    async readOwn(who: AuthenticatedMember, id: string) {
      const found = await repo.readUpload(db, who.operatorId, id);
      if (!found || found.memberId !== who.id) throw new AppError('NOT_FOUND');
      return found;
    },

    async readForStaff(operatorId: number, id: string) {
      const found = await repo.readUpload(db, operatorId, id);
      if (!found) throw new AppError('NOT_FOUND');
      return found;
    },

    /** Checks that every id is the member's own upload for `purpose` (one to three, no repeats). */
    async assertOwned(
      memberId: number,
      operatorId: number,
      ids: readonly string[],
      purpose: UploadPurpose,
      field: string,
    ) {
      if (ids.length === 0) throw fieldError(field, 'required');
      if (ids.length > UPLOAD_MAX_FILES) throw new AppError('TOO_MANY_FILES');
      if (new Set(ids).size !== ids.length) throw fieldError(field, 'invalid');
      for (const id of ids) {
        const meta = await repo.findUploadMeta(db, operatorId, id);
        if (!meta || meta.member_id !== memberId || meta.purpose !== purpose) throw new AppError('NOT_FOUND');
      }
    },

    async identity(who: AuthenticatedMember): Promise<IdentityStatus> {
      const docs = await repo.memberDocuments(db, who.id);
      const latest = docs[0];
      return {
        status: docs.some((d) => d.status === 'VERIFIED') ? 'VERIFIED' : (latest?.status ?? 'NONE'),
        documents: docs.map((d) => ({
          documentId: d.id,
          kind: d.kind as DocumentKind,
          status: d.status,
          reason: d.reason,
          uploadIds: d.uploads,
          createdAt: d.created_at,
          decidedAt: d.decided_at,
        })),
      };
    },

    /** A new document for review; refused while one is under review or once verified. */
    async submitIdentity(
      who: AuthenticatedMember,
      body: { kind: DocumentKind; uploadIds: string[] },
      ip: string,
    ) {
      await service.assertOwned(who.id, who.operatorId, body.uploadIds, 'identity', 'uploadIds');
      await db.transaction().execute(async (trx) => {
        // Serialise one member's submissions: the member row is the lock.
        await trx
          .updateTable('members')
          .set((eb) => ({ first_time_login: eb.ref('first_time_login') }))
          .where('id', '=', who.id)
          .execute();
        const docs = await repo.memberDocuments(trx, who.id);
        if (docs.some((d) => d.status === 'UNDER_REVIEW' || d.status === 'VERIFIED'))
          throw new AppError('IDENTITY_ALREADY_SUBMITTED');
        const at = now();
        const id = await repo.insertDocument(trx, {
          operator_id: who.operatorId,
          member_id: who.id,
          kind: body.kind,
          status: 'UNDER_REVIEW',
          reason: null,
          uploads: JSON.stringify(body.uploadIds),
          decided_by: null,
          created_at: at,
          decided_at: null,
        });
        await audit.record(
          {
            operatorId: who.operatorId,
            actorType: 'member',
            actorId: String(who.id),
            action: 'identity.submitted',
            target: `identity:${id}`,
            detail: { kind: body.kind, uploads: body.uploadIds.length },
            ip,
          },
          trx,
        );
      });
      return service.identity(who);
    },

    async listDocuments(
      operatorId: number,
      query: { status?: string | undefined; pageNo: number; pageSize: number },
    ) {
      const { rows, total } = await repo.listDocuments(db, operatorId, query.status, {
        offset: (query.pageNo - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return {
        list: rows.map((d) => ({
          documentId: d.id,
          kind: d.kind as DocumentKind,
          status: d.status,
          reason: d.reason,
          uploadIds: d.uploads,
          createdAt: d.created_at,
          decidedAt: d.decided_at,
          userName: d.username ?? '',
          memberId: d.member_id,
          decidedBy: d.decided_by,
        })),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        totalCount: total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    /** An operator's decision: once; the same again answers `duplicate`, the other ALREADY_DECIDED. */
    async decideDocument(
      operatorId: number,
      staff: { id: number; username: string; ip: string },
      id: number,
      decision: 'VERIFIED' | 'REJECTED',
      reason: string | null,
    ) {
      const found = await repo.findDocument(db, operatorId, id);
      if (!found) throw new AppError('NOT_FOUND');
      const decided = await db.transaction().execute(async (trx) => {
        if (
          !(await repo.decideDocument(
            trx,
            id,
            { status: decision, reason, decided_by: staff.username },
            now(),
          ))
        )
          return false;
        await audit.record(
          {
            operatorId,
            actorType: 'staff',
            actorId: String(staff.id),
            action: decision === 'VERIFIED' ? 'identity.verified' : 'identity.rejected',
            target: `identity:${id}`,
            detail: { member: found.member_id, reason },
            ip: staff.ip,
          },
          trx,
        );
        return true;
      });
      if (decided) return { id: String(id), status: decision, duplicate: false };
      const now_ = await repo.findDocument(db, operatorId, id);
      if (now_?.status === decision) return { id: String(id), status: decision, duplicate: true };
      throw new AppError('ALREADY_DECIDED', { extra: { status: now_?.status } });
    },
  };
  return service;
}
export type UploadsService = ReturnType<typeof createUploadsService>;
