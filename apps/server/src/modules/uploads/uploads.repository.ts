import type { Insertable } from 'kysely';
import type { IdentityDocumentsTable, UploadsTable } from '@playhouse/db/schema';
import type { Db } from '../operators/operators.repository.ts';

/** Uploaded images (kept in the database) and identity documents. */

export async function insertUpload(db: Db, row: Insertable<UploadsTable>) {
  await db.insertInto('uploads').values(row).execute();
}

/** An upload's description without its bytes. */
export async function findUploadMeta(db: Db, operatorId: number, id: string) {
  const row = await db
    .selectFrom('uploads')
    .select(['id', 'member_id', 'purpose', 'content_type', 'size', 'width', 'height', 'created_at'])
    .where('operator_id', '=', operatorId)
    .where('id', '=', id)
    .executeTakeFirst();
  return (
    row && {
      ...row,
      member_id: Number(row.member_id),
      size: Number(row.size),
      width: Number(row.width),
      height: Number(row.height),
      created_at: Number(row.created_at),
    }
  );
}

export async function readUpload(db: Db, operatorId: number, id: string) {
  const row = await db
    .selectFrom('uploads')
    .select(['member_id', 'content_type', 'data'])
    .where('operator_id', '=', operatorId)
    .where('id', '=', id)
    .executeTakeFirst();
  return (
    row && { memberId: Number(row.member_id), contentType: row.content_type, data: Buffer.from(row.data) }
  );
}

export async function countUploadsSince(db: Db, memberId: number, since: number): Promise<number> {
  const r = await db
    .selectFrom('uploads')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('member_id', '=', memberId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function insertDocument(db: Db, row: Insertable<IdentityDocumentsTable>): Promise<number> {
  const r = await db.insertInto('identity_documents').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

const doc = (r: Record<string, unknown>) => ({
  id: Number(r.id),
  operator_id: Number(r.operator_id),
  member_id: Number(r.member_id),
  kind: r.kind as string,
  status: r.status as 'UNDER_REVIEW' | 'VERIFIED' | 'REJECTED',
  reason: (r.reason as string | null) ?? null,
  uploads: JSON.parse(r.uploads as string) as string[],
  decided_by: (r.decided_by as string | null) ?? null,
  created_at: Number(r.created_at),
  decided_at: r.decided_at === null || r.decided_at === undefined ? null : Number(r.decided_at),
  username: r.username as string | undefined,
});
export type DocumentRow = ReturnType<typeof doc>;

export async function memberDocuments(db: Db, memberId: number) {
  const rows = await db
    .selectFrom('identity_documents')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(doc);
}

export async function findDocument(db: Db, operatorId: number, id: number) {
  const row = await db
    .selectFrom('identity_documents')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && doc(row);
}

export async function decideDocument(
  db: Db,
  id: number,
  set: { status: 'VERIFIED' | 'REJECTED'; reason: string | null; decided_by: string },
  at: number,
): Promise<boolean> {
  const r = await db
    .updateTable('identity_documents')
    .set({ ...set, decided_at: at })
    .where('id', '=', id)
    .where('status', '=', 'UNDER_REVIEW')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function listDocuments(
  db: Db,
  operatorId: number,
  status: string | undefined,
  page: { offset: number; limit: number },
) {
  let q = db.selectFrom('identity_documents').where('identity_documents.operator_id', '=', operatorId);
  if (status) q = q.where('identity_documents.status', '=', status as DocumentRow['status']);
  const [rows, count] = await Promise.all([
    q
      .innerJoin('members', 'members.id', 'identity_documents.member_id')
      .selectAll('identity_documents')
      .select('members.username')
      .orderBy('identity_documents.created_at', 'desc')
      .orderBy('identity_documents.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(doc), total: Number(count.n) };
}
