import type { Kysely } from 'kysely';
import { bigint, dialectOf, notNull, withId } from './column-types.ts';

/**
 * Canned replies of customer-service chat: one text per shortcut and language, which staff who
 * answer chat insert into a reply (the conversation's language first). Managed under chat.configure.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = await dialectOf(db);
  await withId(db.schema.createTable('chat_canned_replies'), d)
    .addColumn('operator_id', bigint, notNull)
    .addColumn('shortcut', 'varchar(32)', notNull)
    .addColumn('language', 'varchar(8)', notNull)
    .addColumn('body', 'varchar(2000)', notNull)
    .addColumn('updated_at', bigint, notNull)
    .addUniqueConstraint('chat_canned_replies_key', ['operator_id', 'shortcut', 'language'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_canned_replies').execute();
}
