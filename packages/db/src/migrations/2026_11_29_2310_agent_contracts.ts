import { sql, type Kysely } from 'kysely';
import { bigint, dialectOf, notNull, withId } from './column-types.ts';

/**
 * Agent contracts, commissions and team transfers (issue 22, decision 034). Every row is keyed by
 * operator.
 *
 * `agent_contract_templates`: an operator's ready-made terms (kind, steps as JSON).
 * `agent_contracts`: a contract offered to a member (by the operator or its upline), pending until
 * the member accepts or declines it; at most one pending and one active per member and kind.
 * `agent_commissions`: what one contract earned in one period, computed by the commission job; the
 * unique (operator, member, kind, period) key makes a period computed once, and `paid_amount` /
 * `paid_count` what the ledger paid for it (each payment keyed in the ledger by period and count).
 * `agent_settings`: per operator, the amount up to which the job approves a commission itself, and the
 * job's lease (one instance runs an operator's pass).
 * `agent_transfers`: a transfer to a downline or upline member, in two keyed ledger entries (debit to
 * the house `agents` account, then credit); a row left `debited` by a crash is completed by the job.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = await dialectOf(db);

  await withId(db.schema.createTable('agent_contract_templates'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('kind', 'varchar(16)', notNull)
    .addColumn('name', 'varchar(64)', notNull)
    .addColumn('terms', 'text', notNull)
    .addColumn('created_at', bigint, notNull)
    .addColumn('updated_at', bigint, notNull)
    .execute();
  await db.schema
    .createIndex('agent_contract_templates_operator')
    .on('agent_contract_templates')
    .columns(['operator_id', 'kind'])
    .execute();

  await withId(db.schema.createTable('agent_contracts'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('kind', 'varchar(16)', notNull)
    .addColumn('terms', 'text', notNull)
    .addColumn('status', 'varchar(16)', notNull)
    /** The upline member who offered it; null when the operator did. */
    .addColumn('offered_by_member_id', bigint, (c) => c.references('members.id'))
    .addColumn('offered_by_staff_id', bigint)
    .addColumn('created_at', bigint, notNull)
    .addColumn('decided_at', bigint)
    .addColumn('ended_at', bigint)
    .execute();
  await db.schema
    .createIndex('agent_contracts_member')
    .on('agent_contracts')
    .columns(['operator_id', 'member_id', 'kind', 'status'])
    .execute();
  await db.schema
    .createIndex('agent_contracts_status')
    .on('agent_contracts')
    .columns(['status', 'operator_id'])
    .execute();
  // One pending request and one active contract per member and kind, whatever races.
  for (const status of ['pending', 'active'])
    await db.schema
      .createIndex(`agent_contracts_one_${status}`)
      .unique()
      .on('agent_contracts')
      .columns(['member_id', 'kind'])
      .where(sql.ref('status'), '=', status)
      .execute();

  await withId(db.schema.createTable('agent_commissions'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('contract_id', bigint, (c) => c.notNull().references('agent_contracts.id'))
    .addColumn('kind', 'varchar(16)', notNull)
    .addColumn('period_key', 'varchar(24)', notNull)
    .addColumn('period_start', bigint, notNull)
    .addColumn('period_end', bigint, notNull)
    .addColumn('currency', 'varchar(8)', notNull)
    .addColumn('turnover', bigint, notNull)
    .addColumn('net_loss', bigint, notNull)
    .addColumn('active_members', 'integer', notNull)
    .addColumn('amount', bigint, notNull)
    .addColumn('previous_amount', bigint)
    .addColumn('paid_amount', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('paid_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', notNull)
    .addColumn('computed_at', bigint, notNull)
    .addColumn('approved_by', bigint)
    .addColumn('approved_at', bigint)
    .addColumn('paid_at', bigint)
    .addColumn('entry_id', bigint)
    .execute();
  await db.schema
    .createIndex('agent_commissions_period')
    .unique()
    .on('agent_commissions')
    .columns(['operator_id', 'member_id', 'kind', 'period_key'])
    .execute();
  await db.schema
    .createIndex('agent_commissions_status')
    .on('agent_commissions')
    .columns(['operator_id', 'status', 'period_start'])
    .execute();

  await db.schema
    .createTable('agent_settings')
    .addColumn('operator_id', bigint, (c) => c.primaryKey().references('operators.id'))
    .addColumn('auto_approve_limit', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'varchar(64)')
    .addColumn('lease_until', bigint)
    .addColumn('last_run_at', bigint)
    .execute();

  await withId(db.schema.createTable('agent_transfers'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('from_member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('to_member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('direction', 'varchar(8)', notNull)
    .addColumn('amount', bigint, notNull)
    .addColumn('currency', 'varchar(8)', notNull)
    .addColumn('request_id', 'varchar(64)', notNull)
    .addColumn('status', 'varchar(16)', notNull)
    .addColumn('created_at', bigint, notNull)
    .addColumn('done_at', bigint)
    .execute();
  await db.schema
    .createIndex('agent_transfers_request')
    .unique()
    .on('agent_transfers')
    .columns(['operator_id', 'from_member_id', 'request_id'])
    .execute();
  await db.schema
    .createIndex('agent_transfers_status')
    .on('agent_transfers')
    .columns(['status', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('agent_transfers').execute();
  await db.schema.dropTable('agent_settings').execute();
  await db.schema.dropTable('agent_commissions').execute();
  await db.schema.dropTable('agent_contracts').execute();
  await db.schema.dropTable('agent_contract_templates').execute();
}
