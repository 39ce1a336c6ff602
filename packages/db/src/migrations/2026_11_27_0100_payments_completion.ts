import type { Kysely } from 'kysely';
import { bigint, dialectOf } from './column-types.ts';

/**
 * Payments completion (issue 15, decision 018).
 *
 * - `deposits.reconcile_after`: the deposit reconciler's lease. A server instance claims a waiting
 *   gateway deposit for a status query by moving this forward in a conditional UPDATE (only when it
 *   is empty or past), so several instances never ask about the same deposit at once, and a deposit
 *   the gateway still calls waiting is asked about again only after the lease.
 * - `sms_codes.recipient` grows to 254 characters: codes also go to e-mail addresses (binding an
 *   e-mail in the security centre). SQLite does not enforce lengths; PostgreSQL widens the column.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if ((await dialectOf(db)) === 'postgres')
    await db.schema
      .alterTable('sms_codes')
      .alterColumn('recipient', (c) => c.setDataType('varchar(254)'))
      .execute();
  await db.schema.alterTable('deposits').addColumn('reconcile_after', bigint).execute();
  await db.schema
    .createIndex('deposits_waiting')
    .on('deposits')
    .columns(['status', 'kind', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('deposits_waiting').execute();
  await db.schema.alterTable('deposits').dropColumn('reconcile_after').execute();
}
