import type { Kysely } from 'kysely';
import { bigint, notNull } from './column-types.ts';

/**
 * The back office's reports (decision 040): daily totals per operator, currency, day (the operator's
 * time zone) and dimension (`all`, `vendor`, `game`, `channel`, `agent`), kept by an incremental job
 * that reads the journal after a watermark; the members active on each day per dimension (distinct
 * players over any period); each member's first deposit; the job's watermark.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('report_daily_totals')
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('currency', 'varchar(8)', notNull)
    .addColumn('dimension', 'varchar(8)', notNull)
    .addColumn('day', 'varchar(10)', notNull)
    .addColumn('dim_key', 'varchar(200)', notNull)
    .addColumn('stakes', bigint, notNull)
    .addColumn('wins', bigint, notNull)
    .addColumn('bets', bigint, notNull)
    .addColumn('bonuses', bigint, notNull)
    .addColumn('commissions', bigint, notNull)
    .addColumn('adjustments', bigint, notNull)
    .addColumn('deposits', bigint, notNull)
    .addColumn('deposit_count', bigint, notNull)
    .addColumn('withdrawals', bigint, notNull)
    .addColumn('withdrawal_count', bigint, notNull)
    // Members who staked that day under the key (distinct within the day).
    .addColumn('players', bigint, notNull)
    .addPrimaryKeyConstraint('report_daily_totals_pk', [
      'operator_id',
      'currency',
      'dimension',
      'day',
      'dim_key',
    ])
    .execute();

  await db.schema
    .createTable('report_member_days')
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('currency', 'varchar(8)', notNull)
    .addColumn('dimension', 'varchar(8)', notNull)
    .addColumn('day', 'varchar(10)', notNull)
    .addColumn('dim_key', 'varchar(200)', notNull)
    .addColumn('member_id', bigint, notNull)
    .addPrimaryKeyConstraint('report_member_days_pk', [
      'operator_id',
      'currency',
      'dimension',
      'day',
      'dim_key',
      'member_id',
    ])
    .execute();

  await db.schema
    .createTable('report_first_deposits')
    .addColumn('member_id', bigint, (c) => c.primaryKey().references('members.id'))
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('currency', 'varchar(8)', notNull)
    .addColumn('day', 'varchar(10)', notNull)
    .addColumn('entry_id', bigint, notNull)
    .addColumn('amount', bigint, notNull)
    .execute();
  await db.schema
    .createIndex('report_first_deposits_day')
    .on('report_first_deposits')
    .columns(['operator_id', 'currency', 'day'])
    .execute();

  // One row: every entry with an id up to `through_id` is counted; of the ids between it and
  // `seen_id`, those in `gaps` (JSON [[id, firstMissedAt], …]) were not visible yet.
  await db.schema
    .createTable('report_watermark')
    .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('through_id', bigint, notNull)
    .addColumn('seen_id', bigint, notNull)
    .addColumn('gaps', 'text', notNull)
    .addColumn('version', bigint, notNull)
    .addColumn('updated_at', bigint, notNull)
    .execute();

  // New players per day read members by registration time.
  await db.schema
    .createIndex('members_operator_created')
    .on('members')
    .columns(['operator_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('members_operator_created').execute();
  await db.schema.dropTable('report_watermark').execute();
  await db.schema.dropTable('report_first_deposits').execute();
  await db.schema.dropTable('report_member_days').execute();
  await db.schema.dropTable('report_daily_totals').execute();
}
