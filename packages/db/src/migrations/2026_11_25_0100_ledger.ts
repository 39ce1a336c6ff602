import { sql, type Kysely } from 'kysely';
import { bigint, dialectOf, notNull, withId } from './column-types.ts';

/**
 * The money core (decision 012): a double-entry, append-only ledger of accounts, journal entries and
 * their lines, the seamless wallet's record of provider bets, and vendor secrets sealed at rest.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = await dialectOf(db);

  // A member's wallet (one per member and currency) or a house account (one per purpose and
  // currency). Only member balances are cached here, never below zero; a house account's balance is
  // the sum of its lines (null here), so no bet has to lock a shared house row.
  await withId(db.schema.createTable('ledger_accounts'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('member_id', bigint, (c) => c.references('members.id'))
    .addColumn('purpose', 'varchar(64)')
    .addColumn('currency', 'varchar(8)', notNull)
    .addColumn('balance', bigint)
    .addColumn('created_at', bigint, notNull)
    .addCheckConstraint('ledger_accounts_owner', sql`(member_id is null) <> (purpose is null)`)
    .addCheckConstraint(
      'ledger_accounts_cached',
      sql`(member_id is null and balance is null) or (member_id is not null and balance >= 0)`,
    )
    .execute();
  await db.schema
    .createIndex('ledger_accounts_member')
    .unique()
    .on('ledger_accounts')
    .columns(['member_id', 'currency'])
    .execute();
  await db.schema
    .createIndex('ledger_accounts_house')
    .unique()
    .on('ledger_accounts')
    .columns(['operator_id', 'purpose', 'currency'])
    .execute();

  // One movement. (operator, source, key) is the outside party's id for it: the unique index makes a
  // replay, even a concurrent one, find the first entry instead of writing a second.
  await withId(db.schema.createTable('ledger_entries'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('kind', 'varchar(24)', notNull)
    .addColumn('member_id', bigint, (c) => c.references('members.id'))
    .addColumn('currency', 'varchar(8)', notNull)
    .addColumn('reference', 'varchar(128)')
    .addColumn('source', 'varchar(64)', notNull)
    .addColumn('idem_key', 'varchar(128)', notNull)
    .addColumn('request_hash', 'varchar(64)', notNull)
    // The first answer, returned verbatim to every replay.
    .addColumn('response', 'text', notNull)
    .addColumn('created_at', bigint, notNull)
    .execute();
  await db.schema
    .createIndex('ledger_entries_idempotency')
    .unique()
    .on('ledger_entries')
    .columns(['operator_id', 'source', 'idem_key'])
    .execute();
  await db.schema
    .createIndex('ledger_entries_member')
    .on('ledger_entries')
    .columns(['member_id', 'id'])
    .execute();

  await withId(db.schema.createTable('ledger_lines'), d)
    .addColumn('entry_id', bigint, (c) => c.notNull().references('ledger_entries.id'))
    .addColumn('account_id', bigint, (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('amount', bigint, notNull)
    // The member's balance after this line (null on house accounts).
    .addColumn('balance_after', bigint)
    .addCheckConstraint('ledger_lines_nonzero', sql`amount <> 0`)
    .execute();
  await db.schema.createIndex('ledger_lines_entry').on('ledger_lines').column('entry_id').execute();
  await db.schema
    .createIndex('ledger_lines_account')
    .on('ledger_lines')
    .columns(['account_id', 'id'])
    .execute();

  // Provider bets by the provider's transaction id: placed, settled by a win, rolled back, or a
  // tombstone left by a rollback that arrived first (so the late bet is refused).
  await withId(db.schema.createTable('seamless_bets'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('vendor_code', 'varchar(16)', notNull)
    .addColumn('transaction_id', 'varchar(128)', notNull)
    .addColumn('round_id', 'varchar(128)', notNull)
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('game_code', 'varchar(64)', notNull)
    .addColumn('amount', bigint, notNull)
    .addColumn('state', 'varchar(16)', notNull)
    .addColumn('entry_id', bigint, (c) => c.references('ledger_entries.id'))
    .addColumn('created_at', bigint, notNull)
    .addColumn('updated_at', bigint, notNull)
    .execute();
  await db.schema
    .createIndex('seamless_bets_transaction')
    .unique()
    .on('seamless_bets')
    .columns(['operator_id', 'vendor_code', 'transaction_id'])
    .execute();
  await db.schema
    .createIndex('seamless_bets_round')
    .on('seamless_bets')
    .columns(['operator_id', 'vendor_code', 'round_id'])
    .execute();

  // The vendor's HMAC secret sealed with the server's secret box; the plain `secret` column is only
  // read once at start-up to seal what an earlier version stored, then cleared.
  await db.schema.alterTable('vendors').addColumn('secret_sealed', 'varchar(1000)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('vendors').dropColumn('secret_sealed').execute();
  await db.schema.dropTable('seamless_bets').execute();
  await db.schema.dropTable('ledger_lines').execute();
  await db.schema.dropTable('ledger_entries').execute();
  await db.schema.dropTable('ledger_accounts').execute();
}
