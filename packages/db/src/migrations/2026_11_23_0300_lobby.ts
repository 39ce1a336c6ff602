import type { Kysely } from 'kysely';
import { bigint, dialectOf, notNull, withId } from './column-types.ts';

/**
 * The lobby: vendors and their games, members' favourites and recent plays, banners, announcements
 * and who read them, the progressive jackpot pool and settled wins for the winner board.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = await dialectOf(db);

  await withId(db.schema.createTable('vendors'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('code', 'varchar(16)', notNull)
    .addColumn('display_name', 'varchar(64)', notNull)
    .addColumn('category', 'varchar(16)', notNull)
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('wallet_mode', 'varchar(16)', (c) => c.notNull().defaultTo('seamless'))
    // HMAC shared secret for the seamless wallet; must be readable to verify signatures.
    .addColumn('secret', 'varchar(256)')
    .addColumn('launch_url', 'varchar(1000)')
    .addColumn('updated_at', bigint, notNull)
    .addUniqueConstraint('vendors_operator_code', ['operator_id', 'code'])
    .execute();

  await withId(db.schema.createTable('games'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('vendor_code', 'varchar(16)', notNull)
    .addColumn('code', 'varchar(64)', notNull)
    .addColumn('name', 'varchar(120)', notNull)
    .addColumn('game_type', 'varchar(16)', notNull)
    .addColumn('category', 'varchar(16)', notNull)
    .addColumn('classify', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_new', 'integer', (c) => c.notNull().defaultTo(0))
    // 0 = not hot; otherwise the position in the hot list.
    .addColumn('hot_rank', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('min_bet', bigint, notNull)
    .addColumn('lines', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('freeplay', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lotto_mode', 'varchar(16)')
    .addColumn('room_id', 'varchar(32)')
    .addColumn('created_at', bigint, notNull)
    .addUniqueConstraint('games_operator_code', ['operator_id', 'code'])
    .execute();

  await withId(db.schema.createTable('favourite_games'), d)
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('game_id', bigint, (c) => c.notNull().references('games.id'))
    .addColumn('created_at', bigint, notNull)
    .addUniqueConstraint('favourite_games_member_game', ['member_id', 'game_id'])
    .execute();

  await withId(db.schema.createTable('recent_games'), d)
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('game_id', bigint, (c) => c.notNull().references('games.id'))
    .addColumn('played_at', bigint, notNull)
    .addUniqueConstraint('recent_games_member_game', ['member_id', 'game_id'])
    .execute();
  await db.schema
    .createIndex('recent_games_member_played')
    .on('recent_games')
    .columns(['member_id', 'played_at'])
    .execute();
  // Popular games count plays across members within a window.
  await db.schema.createIndex('recent_games_played').on('recent_games').column('played_at').execute();

  await withId(db.schema.createTable('banners'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('group_name', 'varchar(32)', notNull)
    .addColumn('title', 'varchar(120)', notNull)
    .addColumn('image_url', 'varchar(1000)', notNull)
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('width', 'integer', notNull)
    .addColumn('height', 'integer', notNull)
    .addColumn('action_type', 'varchar(16)', notNull)
    .addColumn('action_target', 'varchar(500)', notNull)
    .addColumn('start_at', bigint, notNull)
    .addColumn('end_at', bigint)
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', bigint, notNull)
    .execute();
  await db.schema
    .createIndex('banners_operator')
    .on('banners')
    .columns(['operator_id', 'group_name'])
    .execute();

  await withId(db.schema.createTable('announcements'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('type', 'varchar(4)', notNull)
    .addColumn('title', 'varchar(200)', notNull)
    // Sanitised HTML (cleaned on write).
    .addColumn('content', 'text', notNull)
    .addColumn('preview', 'varchar(300)', notNull)
    .addColumn('language', 'varchar(8)')
    .addColumn('start_at', bigint, notNull)
    .addColumn('end_at', bigint)
    .addColumn('image_url', 'varchar(1000)')
    .addColumn('width', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('height', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('category_ids', 'varchar(200)', (c) => c.notNull().defaultTo('[]'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', bigint, notNull)
    .execute();
  await db.schema
    .createIndex('announcements_operator')
    .on('announcements')
    .columns(['operator_id', 'type'])
    .execute();

  await withId(db.schema.createTable('announcement_reads'), d)
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('announcement_id', bigint, (c) =>
      c.notNull().references('announcements.id').onDelete('cascade'),
    )
    .addColumn('read_at', bigint, notNull)
    .addUniqueConstraint('announcement_reads_member_announcement', ['member_id', 'announcement_id'])
    .execute();

  await withId(db.schema.createTable('jackpot_pools'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('code', 'varchar(16)', notNull)
    .addColumn('amount', bigint, notNull)
    .addColumn('seed', bigint, notNull)
    .addColumn('ceiling', bigint, notNull)
    .addColumn('contribution_bps', 'integer', notNull)
    .addColumn('updated_at', bigint, notNull)
    .addUniqueConstraint('jackpot_pools_operator_code', ['operator_id', 'code'])
    .execute();

  await withId(db.schema.createTable('settled_wins'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('game_id', bigint, (c) => c.notNull().references('games.id'))
    // The settling transaction's id: recording the same win twice is a no-op.
    .addColumn('reference', 'varchar(128)', notNull)
    .addColumn('win_amount', bigint, notNull)
    .addColumn('settled_at', bigint, notNull)
    .addUniqueConstraint('settled_wins_operator_reference', ['operator_id', 'reference'])
    .execute();
  await db.schema
    .createIndex('settled_wins_board')
    .on('settled_wins')
    .columns(['operator_id', 'settled_at'])
    .execute();
  // The board reads the biggest wins first and stops at 20.
  await db.schema
    .createIndex('settled_wins_amount')
    .on('settled_wins')
    .columns(['operator_id', 'win_amount'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'settled_wins',
    'jackpot_pools',
    'announcement_reads',
    'announcements',
    'banners',
    'recent_games',
    'favourite_games',
    'games',
    'vendors',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
