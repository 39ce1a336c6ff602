import type { Kysely } from 'kysely';

/**
 * Launch sessions for every third-party vendor (issue 25): a launch token is bound to the member,
 * vendor, game, language and now also the currency it was issued in, which the vendor's signed
 * `POST /wps/provider/wallet/authenticate` gets back with the member's balance. Null for tokens
 * issued before this migration (they expire within minutes anyway).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('launch_tokens').addColumn('currency', 'varchar(8)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('launch_tokens').dropColumn('currency').execute();
}
