import type { Kysely } from 'kysely';
import { bigint, dialectOf, notNull, withId } from './column-types.ts';

/**
 * VIP ranks and manual rebate.
 *
 * A rank is a level (0, 1, 2, …) per operator with its conditions (real deposits credited, stakes
 * settled in the ledger) and its benefits (upgrade and birthday bonus, withdrawal limits, rebate rate
 * per game category in basis points, JSON). A rank's withdrawal limits only ever raise the
 * operator's (null: the operator's apply). The member's rank is `members.vip_level`; it only rises,
 * by a conditional UPDATE in the same transaction as the upgrade bonus's ledger entry.
 *
 * A rebate claim pays the rebate on the stakes of the ledger entries after the previous claim's
 * `until_entry_id` up to this one's; one claim per member and period (`YYYY-MM-DD` in the operator's
 * time zone), whose ledger key is `<member>:<period>`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = await dialectOf(db);

  await withId(db.schema.createTable('vip_ranks'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('level', 'integer', notNull)
    .addColumn('name', 'varchar(32)', notNull)
    .addColumn('min_deposit', bigint, notNull)
    .addColumn('min_turnover', bigint, notNull)
    .addColumn('upgrade_bonus', bigint, notNull)
    .addColumn('birthday_bonus', bigint, notNull)
    // Null: the operator's payment settings apply; else the higher of the two.
    .addColumn('withdraw_daily_count', 'integer')
    .addColumn('withdraw_daily_amount', bigint)
    // {"RNG": 80, "LIVE": 50, …}: basis points of the settled stake (0.80 % = 80).
    .addColumn('rebate_rates', 'text', notNull)
    .addColumn('created_at', bigint, notNull)
    .addColumn('updated_at', bigint, notNull)
    .execute();
  await db.schema
    .createIndex('vip_ranks_level')
    .unique()
    .on('vip_ranks')
    .columns(['operator_id', 'level'])
    .execute();

  await db.schema
    .alterTable('members')
    .addColumn('vip_level', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db.schema.createTable('rebate_claims'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('period', 'varchar(10)', notNull)
    .addColumn('vip_level', 'integer', notNull)
    .addColumn('turnover', bigint, notNull)
    .addColumn('amount', bigint, notNull)
    .addColumn('currency', 'varchar(8)', notNull)
    // [{"category": "INHOUSE", "turnover": 1000, "rateBp": 80, "amount": 8}, …]
    .addColumn('detail', 'text', notNull)
    .addColumn('from_entry_id', bigint, notNull)
    .addColumn('until_entry_id', bigint, notNull)
    .addColumn('entry_id', bigint, notNull)
    .addColumn('created_at', bigint, notNull)
    .execute();
  await db.schema
    .createIndex('rebate_claims_period')
    .unique()
    .on('rebate_claims')
    .columns(['member_id', 'period'])
    .execute();
  await db.schema
    .createIndex('rebate_claims_member')
    .on('rebate_claims')
    .columns(['member_id', 'until_entry_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rebate_claims').execute();
  await db.schema.alterTable('members').dropColumn('vip_level').execute();
  await db.schema.dropTable('vip_ranks').execute();
}
