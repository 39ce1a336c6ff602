import type { Kysely } from 'kysely';
import { bigint, dialectOf, notNull, withId } from './column-types.ts';

/**
 * Staff accounts an owner or admin manages: a must-change flag on passwords someone else chose (the
 * generated first password, a reset), when the password last changed, and adjustments above the
 * operator's threshold waiting for a second member of staff's approval.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = await dialectOf(db);
  await db.schema
    .alterTable('staff_users')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('staff_users').addColumn('password_changed_at', bigint).execute();

  await withId(db.schema.createTable('adjustment_requests'), d)
    .addColumn('operator_id', bigint, notNull)
    .addColumn('member_id', bigint, notNull)
    .addColumn('user_name', 'varchar(64)', notNull)
    .addColumn('amount', bigint, notNull)
    .addColumn('reason', 'varchar(500)', notNull)
    .addColumn('idempotency_key', 'varchar(128)', notNull)
    .addColumn('status', 'varchar(16)', notNull)
    .addColumn('requested_by', bigint, notNull)
    .addColumn('requested_at', bigint, notNull)
    .addColumn('decided_by', bigint)
    .addColumn('decided_at', bigint)
    .addColumn('entry_id', bigint)
    .addColumn('note', 'varchar(500)')
    .addUniqueConstraint('adjustment_requests_key', ['operator_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('adjustment_requests_status')
    .on('adjustment_requests')
    .columns(['operator_id', 'status', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('adjustment_requests').execute();
  await db.schema.alterTable('staff_users').dropColumn('password_changed_at').execute();
  await db.schema.alterTable('staff_users').dropColumn('must_change_password').execute();
}
