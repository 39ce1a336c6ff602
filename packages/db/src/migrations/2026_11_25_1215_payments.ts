import { sql, type Kysely } from 'kysely';
import { bigint, dialectOf, notNull, withId } from './column-types.ts';

/**
 * Payments: deposit channels and gateway credentials, deposits, bank cards, fund passwords,
 * withdrawals, turnover, uploads and identity documents (docs/decisions/018-payments.md).
 *
 * A deposit or withdrawal has a text id (`D…`/`W…`) that is also its idempotency key in the ledger.
 * Its `status` changes only by a conditional UPDATE (`WHERE status = <expected>`), in the same
 * transaction as the ledger entry that settles it, so it resolves at most once. Uploaded images are
 * kept in the database (`uploads.data`, outside any web root, shared by every instance).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = await dialectOf(db);
  const bytes = d === 'sqlite' ? 'blob' : 'bytea';

  await withId(db.schema.createTable('payment_channels'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('kind', 'varchar(16)', notNull)
    .addColumn('gateway_code', 'varchar(32)')
    .addColumn('method', 'varchar(16)', notNull)
    .addColumn('name', 'varchar(64)', notNull)
    .addColumn('min_amount', bigint, notNull)
    .addColumn('max_amount', bigint, notNull)
    // Basis points (1.50 % = 150).
    .addColumn('fee_bp', 'integer', notNull)
    .addColumn('bonus_bp', 'integer', notNull)
    .addColumn('hours', 'text')
    .addColumn('bank', 'text')
    .addColumn('enabled', 'integer', notNull)
    .addColumn('sort_order', 'integer', notNull)
    .addColumn('created_at', bigint, notNull)
    .addColumn('updated_at', bigint, notNull)
    .execute();
  await db.schema
    .createIndex('payment_channels_operator')
    .on('payment_channels')
    .columns(['operator_id'])
    .execute();

  await withId(db.schema.createTable('payment_gateways'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('code', 'varchar(32)', notNull)
    .addColumn('base_url', 'varchar(1000)', notNull)
    .addColumn('secret_sealed', 'text', notNull)
    .addColumn('updated_at', bigint, notNull)
    .execute();
  await db.schema
    .createIndex('payment_gateways_code')
    .unique()
    .on('payment_gateways')
    .columns(['operator_id', 'code'])
    .execute();

  await db.schema
    .createTable('payment_settings')
    .addColumn('operator_id', bigint, (c) => c.primaryKey().references('operators.id'))
    .addColumn('document', 'text', notNull)
    .addColumn('updated_at', bigint, notNull)
    .execute();

  await db.schema
    .createTable('deposits')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('channel_id', bigint, notNull)
    .addColumn('channel_name', 'varchar(64)', notNull)
    .addColumn('kind', 'varchar(16)', notNull)
    .addColumn('method', 'varchar(16)', notNull)
    .addColumn('gateway_code', 'varchar(32)')
    .addColumn('amount', bigint, notNull)
    .addColumn('fee', bigint, notNull)
    .addColumn('bonus', bigint, notNull)
    .addColumn('currency', 'varchar(8)', notNull)
    .addColumn('status', 'varchar(16)', notNull)
    .addColumn('reference', 'varchar(64)')
    .addColumn('reason', 'varchar(200)')
    .addColumn('receipts', 'text', notNull)
    .addColumn('request_id', 'varchar(64)')
    .addColumn('pay_url', 'varchar(1000)')
    .addColumn('gateway_payment_id', 'varchar(64)')
    .addColumn('entry_id', bigint)
    .addColumn('decided_by', 'varchar(64)')
    .addColumn('created_at', bigint, notNull)
    .addColumn('updated_at', bigint, notNull)
    .addColumn('decided_at', bigint)
    .execute();
  await db.schema
    .createIndex('deposits_request')
    .unique()
    .on('deposits')
    .columns(['operator_id', 'member_id', 'request_id'])
    .execute();
  await db.schema
    .createIndex('deposits_member')
    .on('deposits')
    .columns(['member_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('deposits_desk')
    .on('deposits')
    .columns(['operator_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('deposits_created')
    .on('deposits')
    .columns(['operator_id', 'created_at'])
    .execute();

  await withId(db.schema.createTable('bank_cards'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('kind', 'varchar(16)', notNull)
    .addColumn('bank_name', 'varchar(64)', notNull)
    .addColumn('account_no', 'varchar(34)', notNull)
    .addColumn('payee_name', 'varchar(64)', notNull)
    .addColumn('created_at', bigint, notNull)
    .execute();
  await db.schema
    .createIndex('bank_cards_account')
    .unique()
    .on('bank_cards')
    .columns(['member_id', 'kind', 'account_no'])
    .execute();

  await db.schema
    .createTable('fund_passwords')
    .addColumn('member_id', bigint, (c) => c.primaryKey().references('members.id'))
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('password_hash', 'varchar(255)', notNull)
    .addColumn('updated_at', bigint, notNull)
    .execute();

  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('card_id', bigint, notNull)
    .addColumn('account_kind', 'varchar(16)', notNull)
    .addColumn('bank_name', 'varchar(64)', notNull)
    .addColumn('account_no', 'varchar(34)', notNull)
    .addColumn('payee_name', 'varchar(64)', notNull)
    .addColumn('amount', bigint, notNull)
    .addColumn('currency', 'varchar(8)', notNull)
    .addColumn('status', 'varchar(16)', notNull)
    .addColumn('reason', 'varchar(200)')
    .addColumn('request_id', 'varchar(64)')
    .addColumn('turnover_remaining', bigint, notNull)
    .addColumn('gateway_code', 'varchar(32)')
    .addColumn('payout_reference', 'varchar(64)')
    .addColumn('decided_by', 'varchar(64)')
    .addColumn('created_at', bigint, notNull)
    .addColumn('updated_at', bigint, notNull)
    .addColumn('decided_at', bigint)
    .execute();
  await db.schema
    .createIndex('withdrawals_request')
    .unique()
    .on('withdrawals')
    .columns(['operator_id', 'member_id', 'request_id'])
    .execute();
  await db.schema
    .createIndex('withdrawals_member')
    .on('withdrawals')
    .columns(['member_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('withdrawals_desk')
    .on('withdrawals')
    .columns(['operator_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('withdrawals_created')
    .on('withdrawals')
    .columns(['operator_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('member_turnover')
    .addColumn('member_id', bigint, (c) => c.primaryKey().references('members.id'))
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('required', bigint, notNull)
    // Stakes count from the entries after this one (the deposit that started the requirement).
    .addColumn('since_entry_id', bigint, notNull)
    .addColumn('updated_at', bigint, notNull)
    .execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('purpose', 'varchar(16)', notNull)
    .addColumn('content_type', 'varchar(32)', notNull)
    .addColumn('size', 'integer', notNull)
    .addColumn('width', 'integer', notNull)
    .addColumn('height', 'integer', notNull)
    .addColumn('sha256', 'varchar(64)', notNull)
    .addColumn('data', sql.raw(bytes), notNull)
    .addColumn('created_at', bigint, notNull)
    .execute();
  await db.schema.createIndex('uploads_member').on('uploads').columns(['member_id', 'created_at']).execute();

  await withId(db.schema.createTable('identity_documents'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('kind', 'varchar(32)', notNull)
    .addColumn('status', 'varchar(16)', notNull)
    .addColumn('reason', 'varchar(200)')
    .addColumn('uploads', 'text', notNull)
    .addColumn('decided_by', 'varchar(64)')
    .addColumn('created_at', bigint, notNull)
    .addColumn('decided_at', bigint)
    .execute();
  await db.schema
    .createIndex('identity_documents_member')
    .on('identity_documents')
    .columns(['member_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('identity_documents_desk')
    .on('identity_documents')
    .columns(['operator_id', 'status', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'identity_documents',
    'uploads',
    'member_turnover',
    'withdrawals',
    'fund_passwords',
    'bank_cards',
    'deposits',
    'payment_settings',
    'payment_gateways',
    'payment_channels',
  ])
    await db.schema.dropTable(table).execute();
}
