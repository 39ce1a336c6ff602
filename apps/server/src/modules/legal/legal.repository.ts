import type { Selectable } from 'kysely';
import type { LegalDocumentsTable } from '@playhouse/db/schema-help-referral';
import type { Db } from '../operators/operators.repository.ts';

export type LegalDocumentRow = Selectable<LegalDocumentsTable>;

export function findDocument(
  db: Db,
  operatorId: number,
  kind: string,
  language: string,
): Promise<LegalDocumentRow | undefined> {
  return db
    .selectFrom('legal_documents')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('kind', '=', kind)
    .where('language', '=', language)
    .executeTakeFirst();
}

/** Every document of the operator without its text, by kind then language. */
export function listDocuments(db: Db, operatorId: number) {
  return db
    .selectFrom('legal_documents')
    .select(['kind', 'language', 'title', 'updated_at'])
    .where('operator_id', '=', operatorId)
    .orderBy('kind')
    .orderBy('language')
    .execute();
}

export async function countDocuments(db: Db, operatorId: number): Promise<number> {
  const r = await db
    .selectFrom('legal_documents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('operator_id', '=', operatorId)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Writes a document's text, creating the row the first time (one row per kind and language). */
export async function saveDocument(
  db: Db,
  row: {
    operator_id: number;
    kind: string;
    language: string;
    title: string;
    content: string;
    updated_by: number | null;
    at: number;
  },
): Promise<void> {
  const { at, ...values } = row;
  await db
    .insertInto('legal_documents')
    .values({ ...values, created_at: at, updated_at: at })
    .onConflict((oc) =>
      oc.columns(['operator_id', 'kind', 'language']).doUpdateSet({
        title: values.title,
        content: values.content,
        updated_by: values.updated_by,
        updated_at: at,
      }),
    )
    .execute();
}
