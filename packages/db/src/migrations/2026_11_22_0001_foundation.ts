import type { Kysely } from 'kysely';
import { bigint, dialectOf, notNull, withId } from './column-types.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const d = await dialectOf(db);

  await withId(db.schema.createTable('operators'), d)
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(120)', notNull)
    .addColumn('created_at', bigint, notNull)
    .execute();

  await db.schema
    .createTable('operator_settings')
    .addColumn('operator_id', bigint, (c) => c.primaryKey().references('operators.id'))
    .addColumn('document', 'text', notNull)
    .addColumn('version', 'integer', notNull)
    .addColumn('updated_at', bigint, notNull)
    .execute();

  await withId(db.schema.createTable('staff_users'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('username', 'varchar(64)', notNull)
    .addColumn('password_hash', 'text', notNull)
    .addColumn('role', 'varchar(32)', notNull)
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', bigint, notNull)
    .addUniqueConstraint('staff_users_operator_username', ['operator_id', 'username'])
    .execute();

  await withId(db.schema.createTable('sessions'), d)
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('subject_type', 'varchar(16)', notNull)
    .addColumn('subject_id', bigint, notNull)
    .addColumn('operator_id', bigint, notNull)
    .addColumn('created_at', bigint, notNull)
    .addColumn('last_seen_at', bigint, notNull)
    .addColumn('idle_expires_at', bigint, notNull)
    .addColumn('expires_at', bigint, notNull)
    .addColumn('revoked_at', bigint)
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(300)')
    .addColumn('device', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('sessions_subject')
    .on('sessions')
    .columns(['subject_type', 'subject_id'])
    .execute();

  await withId(db.schema.createTable('audit_log'), d)
    .addColumn('operator_id', bigint, notNull)
    .addColumn('actor_type', 'varchar(16)', notNull)
    .addColumn('actor_id', 'varchar(64)')
    .addColumn('action', 'varchar(64)', notNull)
    .addColumn('target', 'varchar(200)')
    .addColumn('detail', 'text')
    .addColumn('ip', 'varchar(64)')
    .addColumn('created_at', bigint, notNull)
    .execute();
  await db.schema
    .createIndex('audit_log_operator_time')
    .on('audit_log')
    .columns(['operator_id', 'created_at'])
    .execute();

  await withId(db.schema.createTable('outbox_messages'), d)
    .addColumn('operator_id', bigint, notNull)
    .addColumn('channel', 'varchar(8)', notNull)
    .addColumn('recipient', 'varchar(254)', notNull)
    .addColumn('subject', 'varchar(200)')
    .addColumn('body', 'text', notNull)
    .addColumn('provider', 'varchar(32)', notNull)
    .addColumn('created_at', bigint, notNull)
    .execute();
  await db.schema
    .createIndex('outbox_recipient')
    .on('outbox_messages')
    .columns(['operator_id', 'recipient'])
    .execute();

  await withId(db.schema.createTable('server_keys'), d)
    .addColumn('kind', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('public_pem', 'text', notNull)
    .addColumn('private_pem', 'text', notNull)
    .addColumn('created_at', bigint, notNull)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'server_keys',
    'outbox_messages',
    'audit_log',
    'sessions',
    'staff_users',
    'operator_settings',
    'operators',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
