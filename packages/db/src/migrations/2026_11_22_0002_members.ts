import type { Kysely } from 'kysely';
import { bigint, dialectOf, notNull, withId } from './column-types.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const d = await dialectOf(db);
  await withId(db.schema.createTable('members'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    // Stored lower-cased: usernames are unique regardless of case.
    .addColumn('username', 'varchar(64)', notNull)
    .addColumn('password_hash', 'text')
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('active'))
    .addColumn('nickname', 'varchar(60)')
    .addColumn('head_icon', 'varchar(200)')
    .addColumn('mobile_num', 'varchar(20)')
    .addColumn('country_dialing_code', 'varchar(8)')
    .addColumn('email', 'varchar(254)')
    .addColumn('birthday', 'varchar(10)')
    .addColumn('currency', 'varchar(3)', notNull)
    .addColumn('register_method', 'varchar(16)')
    .addColumn('affiliate_code', 'varchar(32)')
    .addColumn('recommender_id', 'varchar(32)')
    .addColumn('profile', 'text')
    .addColumn('first_time_login', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', bigint, notNull)
    .addColumn('last_login_at', bigint)
    .addUniqueConstraint('members_operator_username', ['operator_id', 'username'])
    .execute();
  await db.schema
    .createIndex('members_mobile')
    .on('members')
    .columns(['operator_id', 'country_dialing_code', 'mobile_num'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('members').execute();
}
