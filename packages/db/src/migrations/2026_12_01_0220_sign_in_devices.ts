import type { Kysely } from 'kysely';
import { bigint, dialectOf, notNull, withId } from './column-types.ts';

/**
 * Sign-in devices and history (issue 25): `member_devices` is each browser a member signed in from
 * (the SHA-256 of the id the browser keeps, or of its user agent when it sends none), with the first
 * and last time; `member_sign_ins` every sign-in with its address, country and whether the device
 * or country was new (then the member got an inbox message and e-mail).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = await dialectOf(db);
  await withId(db.schema.createTable('member_devices'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('device_hash', 'varchar(64)', notNull)
    .addColumn('user_agent', 'varchar(512)')
    .addColumn('first_seen_at', bigint, notNull)
    .addColumn('last_seen_at', bigint, notNull)
    .execute();
  await db.schema
    .createIndex('member_devices_member_hash')
    .unique()
    .on('member_devices')
    .columns(['member_id', 'device_hash'])
    .execute();
  await withId(db.schema.createTable('member_sign_ins'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('device_hash', 'varchar(64)', notNull)
    .addColumn('ip', 'varchar(64)')
    .addColumn('country', 'varchar(2)')
    .addColumn('user_agent', 'varchar(512)')
    .addColumn('new_device', 'integer', notNull)
    .addColumn('new_country', 'integer', notNull)
    .addColumn('created_at', bigint, notNull)
    .execute();
  await db.schema
    .createIndex('member_sign_ins_member_time')
    .on('member_sign_ins')
    .columns(['member_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('member_sign_ins').execute();
  await db.schema.dropTable('member_devices').execute();
}
