import type { Kysely } from 'kysely';
import type { Database } from '@playhouse/db/schema';

/** The tables that hold one JSON settings document per operator (validated by the owning service). */
export type SettingsDocumentTable = 'payment_settings' | 'referral_settings' | 'reward_settings';

/** The operator's stored settings document, undefined until one is saved. */
export async function findSettingsDocument(
  db: Kysely<Database>,
  table: SettingsDocumentTable,
  operatorId: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom(table)
    .select('document')
    .where('operator_id', '=', operatorId)
    .executeTakeFirst();
  return row?.document;
}

/** Stores the operator's settings document, replacing the one before. */
export async function saveSettingsDocument(
  db: Kysely<Database>,
  table: SettingsDocumentTable,
  operatorId: number,
  document: string,
  at: number,
) {
  await db
    .insertInto(table)
    .values({ operator_id: operatorId, document, updated_at: at })
    .onConflict((oc) => oc.column('operator_id').doUpdateSet({ document, updated_at: at }))
    .execute();
}
