import type { Kysely } from 'kysely';
import { bigint, dialectOf, notNull, withId } from './column-types.ts';

/**
 * The agent network (issue 22, decision 033). Every row is keyed by operator.
 *
 * `members.upline_id`: the agent a member registered under (fixed at registration).
 * `agents`: a member an operator made an agent, with its level and its affiliate code (unique per
 * operator). The agent's type stays on `members.type` (spec §6).
 * `agent_network`: the closure of `upline_id`: one row per (ancestor, member) pair at every depth ≥ 1,
 * so a whole downline is one indexed range read however deep it goes.
 * `social_states.affiliate_code`: the agent code a social sign-up started with, bound when the identity
 * is new.
 * A team's figures over a period read the journal through `ledger_entries_member_time` (migration
 * responsible_gambling): one range scan per downline member.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = await dialectOf(db);

  await db.schema
    .alterTable('members')
    .addColumn('upline_id', bigint, (c) => c.references('members.id'))
    .execute();
  await db.schema.createIndex('members_upline').on('members').columns(['operator_id', 'upline_id']).execute();

  await withId(db.schema.createTable('agents'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('level', 'integer', notNull)
    .addColumn('code', 'varchar(16)', notNull)
    .addColumn('created_at', bigint, notNull)
    .addColumn('updated_at', bigint, notNull)
    .execute();
  await db.schema.createIndex('agents_member').unique().on('agents').columns(['member_id']).execute();
  await db.schema.createIndex('agents_code').unique().on('agents').columns(['operator_id', 'code']).execute();

  await db.schema
    .createTable('agent_network')
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('ancestor_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('depth', 'integer', notNull)
    .addPrimaryKeyConstraint('agent_network_pk', ['ancestor_id', 'member_id'])
    .execute();
  // A downline by depth (direct members, levels), and a member's uplines.
  await db.schema
    .createIndex('agent_network_ancestor')
    .on('agent_network')
    .columns(['operator_id', 'ancestor_id', 'depth', 'member_id'])
    .execute();
  await db.schema.createIndex('agent_network_member').on('agent_network').columns(['member_id']).execute();

  await db.schema.alterTable('social_states').addColumn('affiliate_code', 'varchar(16)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('social_states').dropColumn('affiliate_code').execute();
  await db.schema.dropTable('agent_network').execute();
  await db.schema.dropTable('agents').execute();
  await db.schema.dropIndex('members_upline').execute();
  await db.schema.alterTable('members').dropColumn('upline_id').execute();
}
