import type { Kysely } from 'kysely';
import { bigint, dialectOf, notNull, withId } from './column-types.ts';

/**
 * Help centre and invite friends (issue 16).
 *
 * - `help_topics`: the operator's help texts per language, grouped into tabs by `tag`, ordered by
 *   `sort_order`; `content` is HTML sanitised on save (and again on render).
 * - `referral_codes`: each member's own invitation code, made the first time they open the screen.
 * - `referrals`: one row per invited friend (`friend_id` unique: a member is invited once). Its
 *   `status` moves registered → deposited → qualified only by conditional UPDATEs; the reward is one
 *   ledger entry keyed by the friend, so it is paid at most once.
 * - `referral_settings`: the operator's reward amount, qualifying first deposit and turnover.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = await dialectOf(db);

  await withId(db.schema.createTable('help_topics'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('language', 'varchar(8)', notNull)
    .addColumn('tag', 'varchar(32)', notNull)
    .addColumn('tab_title', 'varchar(60)', notNull)
    .addColumn('title', 'varchar(120)', notNull)
    .addColumn('content', 'text', notNull)
    .addColumn('sort_order', 'integer', notNull)
    .addColumn('created_at', bigint, notNull)
    .addColumn('updated_at', bigint, notNull)
    .execute();
  await db.schema
    .createIndex('help_topics_operator_language')
    .on('help_topics')
    .columns(['operator_id', 'language', 'sort_order'])
    .execute();

  await db.schema
    .createTable('referral_codes')
    .addColumn('member_id', bigint, (c) => c.primaryKey().references('members.id'))
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('code', 'varchar(16)', notNull)
    .addColumn('created_at', bigint, notNull)
    .execute();
  await db.schema
    .createIndex('referral_codes_code')
    .unique()
    .on('referral_codes')
    .columns(['operator_id', 'code'])
    .execute();

  await withId(db.schema.createTable('referrals'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('referrer_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('friend_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('status', 'varchar(16)', notNull)
    .addColumn('first_deposit', bigint)
    .addColumn('reward', bigint)
    .addColumn('entry_id', bigint)
    .addColumn('created_at', bigint, notNull)
    .addColumn('deposited_at', bigint)
    .addColumn('qualified_at', bigint)
    .execute();
  await db.schema.createIndex('referrals_friend').unique().on('referrals').columns(['friend_id']).execute();
  await db.schema
    .createIndex('referrals_referrer')
    .on('referrals')
    .columns(['referrer_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('referrals_operator')
    .on('referrals')
    .columns(['operator_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('referral_settings')
    .addColumn('operator_id', bigint, (c) => c.primaryKey().references('operators.id'))
    .addColumn('document', 'text', notNull)
    .addColumn('updated_at', bigint, notNull)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['referral_settings', 'referrals', 'referral_codes', 'help_topics'])
    await db.schema.dropTable(table).execute();
}
