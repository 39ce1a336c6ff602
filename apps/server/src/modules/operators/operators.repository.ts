import type { Kysely } from 'kysely';
import type { Database } from '@playhouse/db/schema';

export type Db = Kysely<Database>;

export function findDefaultOperator(db: Db) {
  return db.selectFrom('operators').selectAll().orderBy('id').limit(1).executeTakeFirst();
}

export function findOperatorByCode(db: Db, code: string) {
  return db.selectFrom('operators').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function insertOperator(db: Db, code: string, name: string, at: number): Promise<number> {
  const row = await db
    .insertInto('operators')
    .values({ code, name, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export function findSettingsRow(db: Db, operatorId: number) {
  return db
    .selectFrom('operator_settings')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .executeTakeFirst();
}

export async function insertSettingsRow(db: Db, operatorId: number, document: string, at: number) {
  await db
    .insertInto('operator_settings')
    .values({ operator_id: operatorId, document, version: 1, updated_at: at })
    .execute();
}

/** Compare-and-set on the version so two concurrent edits cannot silently overwrite each other. */
export async function updateSettingsRow(
  db: Db,
  operatorId: number,
  document: string,
  fromVersion: number,
  at: number,
) {
  const result = await db
    .updateTable('operator_settings')
    .set({ document, version: fromVersion + 1, updated_at: at })
    .where('operator_id', '=', operatorId)
    .where('version', '=', fromVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every operator, oldest first (the platform has a handful; the host directory holds them all). */
export function listOperators(db: Db) {
  return db.selectFrom('operators').select(['id', 'code', 'name', 'status']).orderBy('id').execute();
}

export function findOperatorById(db: Db, id: number) {
  return db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function setOperatorStatus(db: Db, id: number, status: 'active' | 'suspended') {
  const r = await db.updateTable('operators').set({ status }).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
