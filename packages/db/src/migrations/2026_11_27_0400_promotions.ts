import type { Kysely } from 'kysely';
import { bigint, dialectOf, notNull, withId } from './column-types.ts';

/**
 * Promotions (/m/activity) and members' applications for their bonuses.
 *
 * A promotion carries its texts per language (`texts`: JSON `{EN: {title, content}}`, content
 * sanitised HTML) and its rule: `kind` DEPOSIT (a share of a qualifying deposit up to a cap),
 * FIRST_DEPOSIT (the same, on the member's first credited deposit only) or FREE_MONEY (a fixed
 * amount), issued by the system (`issuance` AUTO) or by an operator (MANUAL), with a turnover multiple.
 *
 * An application is one per member and promotion (unique index): its text id is the bonus's
 * idempotency key in the ledger, and its `status` leaves PENDING only by a conditional UPDATE in the
 * bonus's ledger transaction (or the rejection), so a bonus is paid at most once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = await dialectOf(db);

  await withId(db.schema.createTable('promotions'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('category_id', 'integer', notNull)
    .addColumn('kind', 'varchar(16)', notNull)
    .addColumn('issuance', 'varchar(8)', notNull)
    // Basis points of the qualifying deposit (10 % = 1000), DEPOSIT and FIRST_DEPOSIT.
    .addColumn('percent_bp', 'integer', notNull)
    // Minor units: the bonus cap (deposit kinds) or the fixed amount (FREE_MONEY).
    .addColumn('max_amount', bigint, notNull)
    .addColumn('min_deposit', bigint, notNull)
    // Hundredths: a multiple of 12.5 is 1250.
    .addColumn('turnover_x100', 'integer', notNull)
    .addColumn('texts', 'text', notNull)
    .addColumn('image_url', 'varchar(1000)')
    .addColumn('start_at', bigint, notNull)
    .addColumn('end_at', bigint)
    .addColumn('closed', 'integer', notNull)
    .addColumn('sort_order', 'integer', notNull)
    .addColumn('created_at', bigint, notNull)
    .addColumn('updated_at', bigint, notNull)
    .execute();
  await db.schema.createIndex('promotions_operator').on('promotions').columns(['operator_id']).execute();

  await db.schema
    .createTable('promotion_applications')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('promotion_id', bigint, (c) => c.notNull().references('promotions.id'))
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('status', 'varchar(16)', notNull)
    // The deposit that met the rule, its amount and the bonus it earns (deposit kinds).
    .addColumn('deposit_id', 'varchar(32)')
    .addColumn('deposit_amount', bigint)
    .addColumn('amount', bigint)
    .addColumn('turnover', bigint)
    .addColumn('entry_id', bigint)
    .addColumn('reason', 'varchar(200)')
    .addColumn('decided_by', 'varchar(64)')
    .addColumn('created_at', bigint, notNull)
    .addColumn('decided_at', bigint)
    .execute();
  await db.schema
    .createIndex('promotion_applications_once')
    .unique()
    .on('promotion_applications')
    .columns(['promotion_id', 'member_id'])
    .execute();
  await db.schema
    .createIndex('promotion_applications_member')
    .on('promotion_applications')
    .columns(['member_id', 'status'])
    .execute();
  await db.schema
    .createIndex('promotion_applications_desk')
    .on('promotion_applications')
    .columns(['operator_id', 'status', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('promotion_applications').execute();
  await db.schema.dropTable('promotions').execute();
}
