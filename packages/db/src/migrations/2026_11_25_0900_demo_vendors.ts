import type { Kysely } from 'kysely';
import { bigint, dialectOf, notNull, withId } from './column-types.ts';

/**
 * Demo vendors: each operator's demo credentials (the secret the reference provider signs with while
 * it stands in for vendors that have none, sealed like vendor secrets) and the launch tokens the
 * provider exchanges for a member's session. Tokens are stored as their SHA-256, live for minutes
 * and are used once (`used_at` set by a conditional update).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = await dialectOf(db);
  await db.schema
    .createTable('demo_providers')
    .addColumn('operator_id', bigint, (c) => c.primaryKey().references('operators.id'))
    .addColumn('secret_sealed', 'text', notNull)
    .addColumn('created_at', bigint, notNull)
    .execute();
  await withId(db.schema.createTable('launch_tokens'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('token_hash', 'varchar(64)', notNull)
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('vendor_code', 'varchar(16)', notNull)
    .addColumn('game_code', 'varchar(64)', notNull)
    .addColumn('language', 'varchar(8)', notNull)
    .addColumn('freeplay', 'integer', notNull)
    .addColumn('return_url', 'varchar(1000)', notNull)
    .addColumn('created_at', bigint, notNull)
    .addColumn('expires_at', bigint, notNull)
    .addColumn('used_at', bigint)
    .execute();
  await db.schema
    .createIndex('launch_tokens_hash')
    .unique()
    .on('launch_tokens')
    .columns(['token_hash'])
    .execute();
  // Expired tokens are swept by age.
  await db.schema.createIndex('launch_tokens_expiry').on('launch_tokens').columns(['expires_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('launch_tokens').execute();
  await db.schema.dropTable('demo_providers').execute();
}
