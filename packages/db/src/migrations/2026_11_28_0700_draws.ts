import type { Kysely } from 'kysely';
import { bigint, dialectOf, notNull, withId } from './column-types.ts';

/**
 * Draw games (vendor BGS): the numbers lottery and the e-lottery (decision 026). Every row is keyed by
 * operator.
 *
 * `draw_games`: an operator's schedule, closing time, exposure cap and bet types per game.
 * `draws`: one row per draw with its sealed server seed (its SHA-256 published from creation, before
 * betting opens), its result, running totals and the settlement lease.
 * `draw_orders`: one purchase (one ledger entry), unique per member and request id.
 * `draw_tickets`: one bet of an order; settlement pays it under the ledger key `win:<ticket_id>`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = await dialectOf(db);

  await withId(db.schema.createTable('draw_games'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('game_code', 'varchar(16)', notNull)
    .addColumn('enabled', 'integer', notNull)
    .addColumn('schedule', 'text', notNull)
    .addColumn('close_before_seconds', 'integer', notNull)
    .addColumn('max_exposure', bigint, notNull)
    .addColumn('bet_types', 'text', notNull)
    .addColumn('updated_at', bigint, notNull)
    .execute();
  await db.schema
    .createIndex('draw_games_operator')
    .unique()
    .on('draw_games')
    .columns(['operator_id', 'game_code'])
    .execute();

  await withId(db.schema.createTable('draws'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('game_code', 'varchar(16)', notNull)
    .addColumn('numero', 'varchar(32)', notNull)
    .addColumn('open_at', bigint, notNull)
    .addColumn('close_at', bigint, notNull)
    .addColumn('draw_at', bigint, notNull)
    .addColumn('status', 'varchar(16)', notNull)
    .addColumn('server_seed', 'varchar(400)', notNull)
    .addColumn('server_seed_hash', 'varchar(64)', notNull)
    .addColumn('result', 'text')
    .addColumn('exposure', bigint, notNull)
    .addColumn('stake_total', bigint, notNull)
    .addColumn('ticket_count', 'integer', notNull)
    .addColumn('win_total', bigint, notNull)
    .addColumn('lease_owner', 'varchar(64)')
    .addColumn('lease_until', bigint)
    .addColumn('void_reason', 'varchar(200)')
    .addColumn('created_at', bigint, notNull)
    .addColumn('drawn_at', bigint)
    .addColumn('settled_at', bigint)
    .execute();
  await db.schema
    .createIndex('draws_numero')
    .unique()
    .on('draws')
    .columns(['operator_id', 'game_code', 'numero'])
    .execute();
  // The open draw of a game, its results newest first, and the engine's due draws.
  await db.schema
    .createIndex('draws_game')
    .on('draws')
    .columns(['operator_id', 'game_code', 'draw_at'])
    .execute();
  await db.schema.createIndex('draws_due').on('draws').columns(['status', 'draw_at']).execute();

  await withId(db.schema.createTable('draw_orders'), d)
    .addColumn('order_id', 'varchar(40)', notNull)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('draw_id', bigint, (c) => c.notNull().references('draws.id'))
    .addColumn('request_id', 'varchar(64)', notNull)
    .addColumn('stake', bigint, notNull)
    .addColumn('entry_id', bigint, notNull)
    .addColumn('created_at', bigint, notNull)
    .execute();
  await db.schema.createIndex('draw_orders_order').unique().on('draw_orders').columns(['order_id']).execute();
  await db.schema
    .createIndex('draw_orders_request')
    .unique()
    .on('draw_orders')
    .columns(['member_id', 'request_id'])
    .execute();

  await withId(db.schema.createTable('draw_tickets'), d)
    .addColumn('ticket_id', 'varchar(40)', notNull)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('draw_id', bigint, (c) => c.notNull().references('draws.id'))
    .addColumn('order_id', 'varchar(40)', notNull)
    .addColumn('game_code', 'varchar(16)', notNull)
    .addColumn('bet_type', 'varchar(24)', notNull)
    .addColumn('selection', 'varchar(16)', notNull)
    .addColumn('stake', bigint, notNull)
    .addColumn('odds', bigint, notNull)
    .addColumn('potential_win', bigint, notNull)
    .addColumn('status', 'varchar(16)', notNull)
    .addColumn('win', bigint, notNull)
    .addColumn('created_at', bigint, notNull)
    .addColumn('settled_at', bigint)
    .execute();
  await db.schema
    .createIndex('draw_tickets_ticket')
    .unique()
    .on('draw_tickets')
    .columns(['ticket_id'])
    .execute();
  // Settlement reads a draw's open tickets in id order, a batch at a time.
  await db.schema
    .createIndex('draw_tickets_draw')
    .on('draw_tickets')
    .columns(['draw_id', 'status', 'id'])
    .execute();
  // A member's tickets, newest first (my tickets, bet records).
  await db.schema
    .createIndex('draw_tickets_member')
    .on('draw_tickets')
    .columns(['member_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['draw_tickets', 'draw_orders', 'draws', 'draw_games'])
    await db.schema.dropTable(table).execute();
}
