import type { Kysely } from 'kysely';
import { bigint, dialectOf, notNull, withId } from './column-types.ts';

/**
 * Member two-factor sign-in (issue 25): `member_two_factor` holds a member's authenticator secret
 * (sealed; `totp_pending` while being enrolled), the last code step used (a code works once) and
 * whether SMS codes are a second step; `member_recovery_codes` the one-time recovery codes (hashes);
 * `member_login_challenges` a right password waiting for its second step: a hashed single-use token
 * with five tries and, once asked for, the hash of the SMS code sent for it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = await dialectOf(db);
  await db.schema
    .createTable('member_two_factor')
    .addColumn('member_id', bigint, (c) => c.primaryKey().references('members.id'))
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('totp_secret', 'text')
    .addColumn('totp_pending', 'text')
    .addColumn('totp_enabled_at', bigint)
    .addColumn('totp_last_step', bigint)
    .addColumn('sms_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', bigint, notNull)
    .execute();
  await withId(db.schema.createTable('member_recovery_codes'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('code_hash', 'varchar(64)', notNull)
    .addColumn('created_at', bigint, notNull)
    .addColumn('used_at', bigint)
    .execute();
  await db.schema
    .createIndex('member_recovery_codes_member_hash')
    .unique()
    .on('member_recovery_codes')
    .columns(['member_id', 'code_hash'])
    .execute();
  await withId(db.schema.createTable('member_login_challenges'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('token_hash', 'varchar(64)', notNull)
    .addColumn('attempts', 'integer', notNull)
    .addColumn('remember', 'integer', notNull)
    .addColumn('sms_code_hash', 'varchar(64)')
    .addColumn('sms_sent_at', bigint)
    .addColumn('sms_sends', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', bigint, notNull)
    .addColumn('expires_at', bigint, notNull)
    .addColumn('used_at', bigint)
    .execute();
  await db.schema
    .createIndex('member_login_challenges_hash')
    .unique()
    .on('member_login_challenges')
    .columns(['token_hash'])
    .execute();
  await db.schema
    .createIndex('member_login_challenges_expiry')
    .on('member_login_challenges')
    .columns(['expires_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('member_login_challenges').execute();
  await db.schema.dropTable('member_recovery_codes').execute();
  await db.schema.dropTable('member_two_factor').execute();
}
