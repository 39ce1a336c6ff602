import type { Kysely } from 'kysely';
import { bigint, dialectOf, notNull, withId } from './column-types.ts';

/**
 * In-house play (vendor BGS): members' provably-fair seed pairs and the rounds played with them.
 *
 * `play_seeds`: one row per server seed of a member (`generation` 0, 1, 2…). The server seed is sealed
 * with the secret box and revealed only once rotated away from (`revealed_at`); `nonce` is the next
 * round's nonce and only ever grows, whatever the client seed, so (server seed, nonce) never repeats.
 *
 * `play_rounds`: one row per round, written in the same transaction as its ledger entry
 * (`entry_id`); `request_id` is the client's idempotency key, `shown` whether the client acknowledged
 * showing it (a round drawn but not shown is finished on return, never drawn again).
 *
 * `jackpot_pool_shares`: the jackpot pool's contributions since its last hit, in a few rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = await dialectOf(db);

  await withId(db.schema.createTable('play_seeds'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('generation', 'integer', notNull)
    .addColumn('server_seed', 'varchar(400)', notNull)
    .addColumn('server_seed_hash', 'varchar(64)', notNull)
    .addColumn('client_seed', 'varchar(64)', notNull)
    .addColumn('nonce', bigint, notNull)
    // The jackpot's share of this pair's stakes so far in 1/10,000 of a minor unit, so small stakes
    // pay their exact share over several rounds instead of rounding down to nothing each time (what
    // is left below one minor unit when the pair is rotated away from is not carried over).
    .addColumn('jackpot_accrued', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', bigint, notNull)
    .addColumn('revealed_at', bigint)
    .execute();
  await db.schema
    .createIndex('play_seeds_member')
    .unique()
    .on('play_seeds')
    .columns(['member_id', 'generation'])
    .execute();

  await withId(db.schema.createTable('play_rounds'), d)
    .addColumn('round_id', 'varchar(40)', notNull)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('game_code', 'varchar(16)', notNull)
    .addColumn('request_id', 'varchar(64)', notNull)
    .addColumn('currency', 'varchar(8)', notNull)
    .addColumn('stake', bigint, notNull)
    .addColumn('win', bigint, notNull)
    .addColumn('jackpot_win', bigint, notNull)
    // The member's balance right after the round, shown when an unshown round is finished on return.
    .addColumn('balance_after', bigint, notNull)
    .addColumn('result', 'text', notNull)
    .addColumn('options', 'text')
    .addColumn('seed_id', bigint, (c) => c.notNull().references('play_seeds.id'))
    .addColumn('client_seed', 'varchar(64)', notNull)
    .addColumn('nonce', bigint, notNull)
    .addColumn('shown', 'integer', notNull)
    .addColumn('entry_id', bigint, notNull)
    .addColumn('created_at', bigint, notNull)
    .execute();
  await db.schema.createIndex('play_rounds_round').unique().on('play_rounds').columns(['round_id']).execute();
  await db.schema
    .createIndex('play_rounds_request')
    .unique()
    .on('play_rounds')
    .columns(['member_id', 'request_id'])
    .execute();
  // Bet records and the replay list: a member's rounds, newest first.
  await db.schema
    .createIndex('play_rounds_member')
    .on('play_rounds')
    .columns(['member_id', 'created_at'])
    .execute();
  // Rounds drawn but not yet shown, found on return.
  await db.schema
    .createIndex('play_rounds_unshown')
    .on('play_rounds')
    .columns(['member_id', 'shown'])
    .execute();
  // What in-house stakes paid into a jackpot pool since its last hit, spread over a few rows
  // (`shard`) so concurrent rounds do not queue on one row; the pool is its seed plus their sum.
  await db.schema
    .createTable('jackpot_pool_shares')
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('code', 'varchar(32)', notNull)
    .addColumn('shard', 'integer', notNull)
    .addColumn('amount', bigint, notNull)
    .addPrimaryKeyConstraint('jackpot_pool_shares_pk', ['operator_id', 'code', 'shard'])
    .execute();

  // The seamless bets of a member, for bet records.
  await db.schema
    .createIndex('seamless_bets_member')
    .on('seamless_bets')
    .columns(['member_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('seamless_bets_member').execute();
  await db.schema.dropTable('jackpot_pool_shares').execute();
  await db.schema.dropTable('play_rounds').execute();
  await db.schema.dropTable('play_seeds').execute();
}
