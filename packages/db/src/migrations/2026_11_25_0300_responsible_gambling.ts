import type { Kysely } from 'kysely';
import { bigint, notNull } from './column-types.ts';

/**
 * Responsible gambling (decision 013): a member's protection profile (reality-check interval,
 * time-out, self-exclusion), their deposit/loss/wager limits per rolling window with a pending raise,
 * hourly sums of their journal, and the index that reads the journal by member and time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One row per member who ever set anything here; a stake of anyone else finds no row and goes on.
  await db.schema
    .createTable('rg_profiles')
    .addColumn('member_id', bigint, (c) => c.primaryKey().references('members.id'))
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('reality_check_minutes', 'integer')
    .addColumn('timeout_until', bigint)
    .addColumn('self_excluded_until', bigint)
    // rg_hourly holds every closed hour before this (epoch ms of an hour boundary); null: none yet.
    .addColumn('rollup_until', bigint)
    .addColumn('updated_at', bigint, notNull)
    .execute();

  // `amount` is the limit in force (null: none). A raise or removal waits: `pending_at` is when
  // `pending_amount` (null: removal) takes over; null `pending_at` means nothing waits.
  await db.schema
    .createTable('rg_limits')
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('kind', 'varchar(16)', notNull)
    .addColumn('period', 'varchar(8)', notNull)
    .addColumn('amount', bigint)
    .addColumn('pending_amount', bigint)
    .addColumn('pending_at', bigint)
    .addColumn('updated_at', bigint, notNull)
    .addPrimaryKeyConstraint('rg_limits_pk', ['member_id', 'kind', 'period'])
    .execute();

  // The member's journal lines summed per closed hour and entry kind, derived from the journal (never
  // written by a movement): a 30-day window reads at most 720 hours of these plus the journal's own
  // entries of the open ends (decision 013).
  await db.schema
    .createTable('rg_hourly')
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('hour', bigint, notNull)
    .addColumn('kind', 'varchar(24)', notNull)
    .addColumn('amount', bigint, notNull)
    .addPrimaryKeyConstraint('rg_hourly_pk', ['member_id', 'hour', 'kind'])
    .execute();

  // The open ends of a window, and each hour as it closes, are read from the journal by member and
  // time: a range scan of this index (the ledger's own index is by id, not by time).
  await db.schema
    .createIndex('ledger_entries_member_time')
    .on('ledger_entries')
    .columns(['member_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ledger_entries_member_time').execute();
  await db.schema.dropTable('rg_hourly').execute();
  await db.schema.dropTable('rg_limits').execute();
  await db.schema.dropTable('rg_profiles').execute();
}
