import type { Kysely } from 'kysely';
import { bigint, dialectOf, notNull, withId } from './column-types.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const d = await dialectOf(db);

  // One row per captcha image: single use (used_at), short-lived (expires_at), answer stored hashed.
  await withId(db.schema.createTable('captcha_challenges'), d)
    .addColumn('operator_id', bigint, notNull)
    .addColumn('challenge_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('code_hash', 'varchar(64)', notNull)
    .addColumn('created_at', bigint, notNull)
    .addColumn('expires_at', bigint, notNull)
    .addColumn('used_at', bigint)
    .execute();
  await db.schema.createIndex('captcha_expiry').on('captcha_challenges').column('expires_at').execute();

  // SMS verification codes, hashed with a per-row salt; recipient is E.164.
  await withId(db.schema.createTable('sms_codes'), d)
    .addColumn('operator_id', bigint, notNull)
    .addColumn('purpose', 'varchar(32)', notNull)
    .addColumn('recipient', 'varchar(24)', notNull)
    .addColumn('code_hash', 'varchar(64)', notNull)
    .addColumn('salt', 'varchar(32)', notNull)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ip', 'varchar(64)')
    .addColumn('created_at', bigint, notNull)
    .addColumn('expires_at', bigint, notNull)
    .addColumn('consumed_at', bigint)
    .execute();
  await db.schema
    .createIndex('sms_codes_recipient')
    .on('sms_codes')
    .columns(['operator_id', 'recipient', 'created_at'])
    .execute();
  await db.schema
    .createIndex('sms_codes_ip')
    .on('sms_codes')
    .columns(['operator_id', 'ip', 'created_at'])
    .execute();

  // Failed-login counters per client address and per account: captcha and backoff, never lockout.
  await withId(db.schema.createTable('login_throttles'), d)
    .addColumn('operator_id', bigint, notNull)
    .addColumn('scope', 'varchar(16)', notNull)
    .addColumn('subject', 'varchar(128)', notNull)
    .addColumn('failures', 'integer', notNull)
    .addColumn('first_failure_at', bigint, notNull)
    .addColumn('last_failure_at', bigint, notNull)
    .addColumn('blocked_until', bigint)
    .addUniqueConstraint('login_throttles_subject', ['operator_id', 'scope', 'subject'])
    .execute();

  // Remember-me sessions keep a longer idle window than the member default.
  await db.schema.alterTable('sessions').addColumn('idle_ms', bigint).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('idle_ms').execute();
  for (const t of ['login_throttles', 'sms_codes', 'captcha_challenges'])
    await db.schema.dropTable(t).execute();
}
