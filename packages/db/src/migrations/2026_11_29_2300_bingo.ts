import type { Kysely } from 'kysely';

/**
 * 75-ball bingo (decision 032) runs on the draw tables: a round is a draw, a card a ticket whose
 * selection is the card code. A card keeps the prize table it was bought under, so an operator's
 * change of prizes applies to cards bought after it, never to cards already in a round.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('draw_tickets').addColumn('prizes', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('draw_tickets').dropColumn('prizes').execute();
}
