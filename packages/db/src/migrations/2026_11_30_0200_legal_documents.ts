import type { Kysely } from 'kysely';
import { bigint, dialectOf, notNull, withId } from './column-types.ts';

/**
 * Legal and responsible-gambling documents (issue 26): `legal_documents` holds an operator's terms,
 * privacy notice, licence, 18+ notice, responsible-gambling policy and complaints procedure, one row
 * per document and language (unique). `content` is HTML sanitised on save and again on render;
 * `updated_by` is the staff member who saved it last (null for the platform's seeded text).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = await dialectOf(db);
  await withId(db.schema.createTable('legal_documents'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('kind', 'varchar(16)', notNull)
    .addColumn('language', 'varchar(8)', notNull)
    .addColumn('title', 'varchar(120)', notNull)
    .addColumn('content', 'text', notNull)
    .addColumn('updated_by', bigint)
    .addColumn('created_at', bigint, notNull)
    .addColumn('updated_at', bigint, notNull)
    .execute();
  await db.schema
    .createIndex('legal_documents_operator_kind_language')
    .unique()
    .on('legal_documents')
    .columns(['operator_id', 'kind', 'language'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('legal_documents').execute();
}
