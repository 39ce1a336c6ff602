import { sql, type Kysely } from 'kysely';

/**
 * The jackpot's hit history (issue 26): the lobby lists an operator's latest hits, newest first, read
 * from the in-house rounds that won the pool. A partial index keeps that read to the few hit rows
 * however many rounds are played.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('play_rounds_jackpot_hits')
    .on('play_rounds')
    .columns(['operator_id', 'id'])
    .where(sql.ref('jackpot_win'), '>', 0)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('play_rounds_jackpot_hits').execute();
}
