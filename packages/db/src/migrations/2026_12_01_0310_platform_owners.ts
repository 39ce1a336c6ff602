import type { Kysely } from 'kysely';
import { bigint, dialectOf, notNull, withId } from './column-types.ts';

/**
 * The platform console (issue 30): platform owners stand above operators. Each signs in with a
 * password and an authenticator code (always required; the secret is sealed like staff seeds and
 * `totp_last_step` keeps a code from being used twice). A new table: the version before ignores it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = await dialectOf(db);
  await withId(db.schema.createTable('platform_owners'), d)
    .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', notNull)
    .addColumn('totp_secret', 'text')
    .addColumn('totp_pending', 'text')
    .addColumn('totp_last_step', bigint)
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', bigint, notNull)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('platform_owners').execute();
}
