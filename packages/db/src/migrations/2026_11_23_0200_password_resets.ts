import type { Kysely } from 'kysely';
import { bigint, dialectOf, notNull, withId } from './column-types.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const d = await dialectOf(db);
  // Reset links sent by e-mail: only the SHA-256 of the token is kept; single use, short-lived.
  await withId(db.schema.createTable('password_reset_tokens'), d)
    .addColumn('operator_id', bigint, notNull)
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', bigint, notNull)
    .addColumn('expires_at', bigint, notNull)
    .addColumn('used_at', bigint)
    .addColumn('requested_ip', 'varchar(64)')
    .execute();
  await db.schema
    .createIndex('password_reset_tokens_member')
    .on('password_reset_tokens')
    .columns(['member_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('password_reset_tokens').execute();
}
