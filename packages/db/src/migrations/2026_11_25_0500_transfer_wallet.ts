import type { Kysely } from 'kysely';
import { bigint, dialectOf, notNull, withId } from './column-types.ts';

/**
 * The transfer wallet: one row per move of money between a member's wallet and a vendor that keeps
 * its own balance. `reference` is our id for the move, sent to the vendor; `request_id` is the
 * member client's idempotency key. `state` is `pending` until resolved once, to `done` or `failed`,
 * by a conditional update in the same transaction as the movement that resolves it. Vendors get
 * `api_url`, the base address of their transfer API.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = await dialectOf(db);
  // Where a transfer-mode vendor's API answers (its launch address when unset).
  await db.schema.alterTable('vendors').addColumn('api_url', 'varchar(1000)').execute();
  await withId(db.schema.createTable('vendor_transfers'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('vendor_code', 'varchar(16)', notNull)
    .addColumn('request_id', 'varchar(64)', notNull)
    .addColumn('request_hash', 'varchar(64)', notNull)
    .addColumn('reference', 'varchar(64)', notNull)
    .addColumn('direction', 'varchar(8)', notNull)
    .addColumn('amount', bigint, notNull)
    .addColumn('currency', 'varchar(8)', notNull)
    .addColumn('state', 'varchar(16)', notNull)
    .addColumn('created_at', bigint, notNull)
    .addColumn('updated_at', bigint, notNull)
    .execute();
  await db.schema
    .createIndex('vendor_transfers_request')
    .unique()
    .on('vendor_transfers')
    .columns(['operator_id', 'member_id', 'request_id'])
    .execute();
  await db.schema
    .createIndex('vendor_transfers_reference')
    .unique()
    .on('vendor_transfers')
    .columns(['reference'])
    .execute();
  // The reconciler reads the pending ones, oldest first.
  await db.schema
    .createIndex('vendor_transfers_state')
    .on('vendor_transfers')
    .columns(['state', 'updated_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('vendor_transfers').execute();
  await db.schema.alterTable('vendors').dropColumn('api_url').execute();
}
