import type { Kysely } from 'kysely';
import { bigint, dialectOf, notNull, withId } from './column-types.ts';

/**
 * Customer-service chat: conversations of members or guests (a guest is known by the hash of the
 * token their browser keeps, with the name and contact they left) and their messages. Read receipts
 * are the last message id each side has read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = await dialectOf(db);
  await withId(db.schema.createTable('chat_conversations'), d)
    .addColumn('operator_id', bigint, notNull)
    .addColumn('member_id', bigint)
    .addColumn('guest_token_hash', 'varchar(64)')
    .addColumn('guest_name', 'varchar(60)')
    .addColumn('guest_contact', 'varchar(120)')
    .addColumn('language', 'varchar(8)', notNull)
    .addColumn('status', 'varchar(16)', notNull)
    .addColumn('staff_id', bigint)
    .addColumn('tags', 'varchar(400)', (c) => c.notNull().defaultTo('[]'))
    .addColumn('rating', 'integer')
    .addColumn('rating_comment', 'varchar(500)')
    .addColumn('member_read_id', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('staff_read_id', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', bigint, notNull)
    .addColumn('last_message_at', bigint, notNull)
    .addColumn('closed_at', bigint)
    .addUniqueConstraint('chat_conversations_guest', ['guest_token_hash'])
    .execute();
  await db.schema
    .createIndex('chat_conversations_queue')
    .on('chat_conversations')
    .columns(['operator_id', 'status', 'last_message_at'])
    .execute();
  await db.schema
    .createIndex('chat_conversations_member')
    .on('chat_conversations')
    .columns(['operator_id', 'member_id', 'status'])
    .execute();

  await withId(db.schema.createTable('chat_messages'), d)
    .addColumn('operator_id', bigint, notNull)
    .addColumn('conversation_id', bigint, notNull)
    .addColumn('sender', 'varchar(16)', notNull)
    .addColumn('staff_id', bigint)
    .addColumn('body', 'varchar(2000)')
    .addColumn('upload_id', 'varchar(64)')
    .addColumn('created_at', bigint, notNull)
    .execute();
  await db.schema
    .createIndex('chat_messages_conversation')
    .on('chat_messages')
    .columns(['conversation_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_messages').execute();
  await db.schema.dropTable('chat_conversations').execute();
}
