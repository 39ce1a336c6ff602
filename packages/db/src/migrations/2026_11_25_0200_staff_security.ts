import type { Kysely } from 'kysely';
import { bigint, dialectOf, notNull, withId } from './column-types.ts';

/**
 * Staff two-factor sign-in: an authenticator (TOTP) secret per staff member, sealed with the server's
 * secret box, one-time recovery codes stored hashed, and the short-lived challenges between the
 * password step and the code step. The per-account sign-in throttle reuses `login_throttles`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = await dialectOf(db);

  // The confirmed secret, a secret being enrolled (not yet confirmed), when it was turned on, and the
  // last 30-second step whose code was accepted: a code is claimed by moving this forward, so it works once.
  await db.schema.alterTable('staff_users').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('staff_users').addColumn('totp_pending', 'text').execute();
  await db.schema.alterTable('staff_users').addColumn('totp_enabled_at', bigint).execute();
  await db.schema.alterTable('staff_users').addColumn('totp_last_step', bigint).execute();

  await withId(db.schema.createTable('staff_recovery_codes'), d)
    .addColumn('staff_id', bigint, (c) => c.notNull().references('staff_users.id'))
    .addColumn('code_hash', 'varchar(64)', notNull)
    .addColumn('created_at', bigint, notNull)
    .addColumn('used_at', bigint)
    .addUniqueConstraint('staff_recovery_codes_code', ['staff_id', 'code_hash'])
    .execute();

  // A password that was right, waiting for its second factor: hashed token, a few tries, minutes to live.
  await withId(db.schema.createTable('staff_challenges'), d)
    .addColumn('operator_id', bigint, notNull)
    .addColumn('staff_id', bigint, (c) => c.notNull().references('staff_users.id'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', bigint, notNull)
    .addColumn('expires_at', bigint, notNull)
    .addColumn('used_at', bigint)
    .execute();
  await db.schema
    .createIndex('staff_challenges_expiry')
    .on('staff_challenges')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_challenges').execute();
  await db.schema.dropTable('staff_recovery_codes').execute();
  for (const column of ['totp_last_step', 'totp_enabled_at', 'totp_pending', 'totp_secret'])
    await db.schema.alterTable('staff_users').dropColumn(column).execute();
}
