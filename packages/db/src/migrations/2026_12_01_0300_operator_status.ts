import type { Kysely } from 'kysely';

/**
 * Many operators on one platform (issue 30): an operator is `active` or `suspended` (by the platform
 * console). Players of a suspended operator's domains see the site-unavailable answer; its rows stay.
 * A new column with a default, so the version before keeps inserting operators.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('operators')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('active'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('operators').dropColumn('status').execute();
}
