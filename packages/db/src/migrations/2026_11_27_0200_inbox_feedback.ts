import type { Kysely } from 'kysely';
import { bigint, dialectOf, notNull, withId } from './column-types.ts';

/**
 * The member inbox and feedback (spec §2 header and member centre, §3 unread counters, §5 and §7
 * feedback).
 *
 * Every message a member sees is one `inbox_messages` row of theirs: a system message (`kind` a
 * template key, `params` JSON, rendered in the reader's language at read time) or their copy of a
 * broadcast (`broadcast_id`, fanned out when the operator sends it), so reading and deleting are per
 * member. `(member_id, kind, dedupe_key)` is unique: a send keyed by a deposit or withdrawal id
 * happens once however often it is retried. Feedback images are uploads of purpose `feedback`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = await dialectOf(db);

  await withId(db.schema.createTable('inbox_broadcasts'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    // null: every member; a number: members at that VIP level (members.vip_level).
    .addColumn('vip_level', 'integer')
    // JSON: { "<language>" | "*": { title, content } }, content sanitized HTML.
    .addColumn('contents', 'text', notNull)
    .addColumn('recipients', 'integer', notNull)
    .addColumn('created_by', 'varchar(64)', notNull)
    .addColumn('created_at', bigint, notNull)
    .execute();
  await db.schema
    .createIndex('inbox_broadcasts_operator')
    .on('inbox_broadcasts')
    .columns(['operator_id', 'created_at'])
    .execute();

  await withId(db.schema.createTable('inbox_messages'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('kind', 'varchar(32)', notNull)
    .addColumn('params', 'text', notNull)
    .addColumn('dedupe_key', 'varchar(128)', notNull)
    .addColumn('broadcast_id', bigint)
    .addColumn('read_at', bigint)
    .addColumn('deleted_at', bigint)
    .addColumn('created_at', bigint, notNull)
    .execute();
  await db.schema
    .createIndex('inbox_messages_dedupe')
    .unique()
    .on('inbox_messages')
    .columns(['member_id', 'kind', 'dedupe_key'])
    .execute();
  await db.schema
    .createIndex('inbox_messages_member')
    .on('inbox_messages')
    .columns(['member_id', 'deleted_at', 'id'])
    .execute();

  await withId(db.schema.createTable('feedback'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('category', 'varchar(16)', notNull)
    .addColumn('comment', 'varchar(140)', notNull)
    // JSON array of upload ids (purpose feedback), at most 3.
    .addColumn('uploads', 'text', notNull)
    .addColumn('status', 'varchar(16)', notNull)
    .addColumn('answer', 'varchar(1000)')
    .addColumn('answered_by', 'varchar(64)')
    .addColumn('created_at', bigint, notNull)
    .addColumn('answered_at', bigint)
    .execute();
  await db.schema
    .createIndex('feedback_member')
    .on('feedback')
    .columns(['member_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('feedback_desk')
    .on('feedback')
    .columns(['operator_id', 'status', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('feedback').execute();
  await db.schema.dropTable('inbox_messages').execute();
  await db.schema.dropTable('inbox_broadcasts').execute();
}
