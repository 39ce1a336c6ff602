import type { Kysely } from 'kysely';
import { bigint, dialectOf, notNull, withId } from './column-types.ts';

/**
 * The reward centre: daily missions an operator configures, the check-in settings, and every claim.
 *
 * A claim is one ledger entry (house `bonus` → member) keyed by member, reward and day; its row is
 * written in that entry's transaction and is unique per (member, reward, day), so a reward is paid at
 * most once however often it is claimed. Progress is never stored: it is read from the ledger, the
 * rounds, the launches and the deposits of the day.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = await dialectOf(db);

  await withId(db.schema.createTable('reward_missions'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('type', 'varchar(16)', notNull)
    // Minor units for wager and deposit, a count for games and login.
    .addColumn('target', bigint, notNull)
    .addColumn('reward', bigint, notNull)
    // Hundredths: 150 = wager the reward 1.5 times.
    .addColumn('turnover_multiple', 'integer', notNull)
    .addColumn('active', 'integer', notNull)
    .addColumn('sort_order', 'integer', notNull)
    .addColumn('created_at', bigint, notNull)
    .addColumn('updated_at', bigint, notNull)
    .execute();
  await db.schema
    .createIndex('reward_missions_operator')
    .on('reward_missions')
    .columns(['operator_id', 'sort_order'])
    .execute();

  await db.schema
    .createTable('reward_settings')
    .addColumn('operator_id', bigint, (c) => c.primaryKey().references('operators.id'))
    .addColumn('document', 'text', notNull)
    .addColumn('updated_at', bigint, notNull)
    .execute();

  await withId(db.schema.createTable('reward_claims'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('kind', 'varchar(16)', notNull)
    .addColumn('mission_id', bigint)
    .addColumn('mission_type', 'varchar(16)')
    // 'checkin' or 'mission:<id>'.
    .addColumn('reward_key', 'varchar(32)', notNull)
    // The day in the operator's time zone, YYYY-MM-DD.
    .addColumn('period', 'varchar(10)', notNull)
    .addColumn('streak', 'integer')
    .addColumn('amount', bigint, notNull)
    .addColumn('turnover', bigint, notNull)
    .addColumn('entry_id', bigint, notNull)
    .addColumn('created_at', bigint, notNull)
    .execute();
  await db.schema
    .createIndex('reward_claims_once')
    .unique()
    .on('reward_claims')
    .columns(['member_id', 'reward_key', 'period'])
    .execute();
  await db.schema
    .createIndex('reward_claims_operator')
    .on('reward_claims')
    .columns(['operator_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reward_claims').execute();
  await db.schema.dropTable('reward_settings').execute();
  await db.schema.dropTable('reward_missions').execute();
}
