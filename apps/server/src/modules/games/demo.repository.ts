import type { Insertable } from 'kysely';
import type { LaunchTokensTable } from '@playhouse/db/schema';
import type { Db } from '../operators/operators.repository.ts';

export function findDemoProvider(db: Db, operatorId: number) {
  return db.selectFrom('demo_providers').selectAll().where('operator_id', '=', operatorId).executeTakeFirst();
}

/** Stores an operator's demo secret unless one exists; whether this call stored it. */
export async function insertDemoProvider(
  db: Db,
  row: { operator_id: number; secret_sealed: string; created_at: number },
): Promise<boolean> {
  const result = await db
    .insertInto('demo_providers')
    .values(row)
    .onConflict((oc) => oc.column('operator_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function insertLaunchToken(db: Db, row: Insertable<LaunchTokensTable>) {
  await db.insertInto('launch_tokens').values(row).execute();
}

/** Marks a live token used and returns it; a second call, or an expired token, returns undefined. */
export async function consumeLaunchToken(db: Db, operatorId: number, tokenHash: string, at: number) {
  const result = await db
    .updateTable('launch_tokens')
    .set({ used_at: at })
    .where('operator_id', '=', operatorId)
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return db
    .selectFrom('launch_tokens')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirstOrThrow();
}

/** Forgets tokens that expired before `before` (used or not). */
export async function deleteExpiredLaunchTokens(db: Db, before: number) {
  await db.deleteFrom('launch_tokens').where('expires_at', '<', before).execute();
}
