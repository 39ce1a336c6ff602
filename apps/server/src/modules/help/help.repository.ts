import type { Insertable, Selectable, Updateable } from 'kysely';
import type { HelpTopicsTable } from '@playhouse/db/schema-help-referral';
import type { Db } from '../operators/operators.repository.ts';

export type HelpTopicRow = Selectable<HelpTopicsTable>;

/** A language's topics (or every language's), in the operator's order. */
export function listTopics(db: Db, operatorId: number, language?: string): Promise<HelpTopicRow[]> {
  let q = db.selectFrom('help_topics').selectAll().where('operator_id', '=', operatorId);
  if (language) q = q.where('language', '=', language);
  return q.orderBy('language').orderBy('sort_order').orderBy('id').execute();
}

export async function countTopics(db: Db, operatorId: number): Promise<number> {
  const r = await db
    .selectFrom('help_topics')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('operator_id', '=', operatorId)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export function findTopic(db: Db, operatorId: number, id: number): Promise<HelpTopicRow | undefined> {
  return db
    .selectFrom('help_topics')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The next free position at the end of a language's list. */
export async function nextSortOrder(db: Db, operatorId: number, language: string): Promise<number> {
  const r = await db
    .selectFrom('help_topics')
    .select((eb) => eb.fn.max('sort_order').as('m'))
    .where('operator_id', '=', operatorId)
    .where('language', '=', language)
    .executeTakeFirst();
  return r?.m === null || r?.m === undefined ? 0 : Number(r.m) + 1;
}

export async function insertTopic(db: Db, row: Insertable<HelpTopicsTable>): Promise<number> {
  const r = await db.insertInto('help_topics').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function updateTopic(
  db: Db,
  operatorId: number,
  id: number,
  patch: Updateable<HelpTopicsTable>,
): Promise<boolean> {
  const r = await db
    .updateTable('help_topics')
    .set(patch)
    .where('operator_id', '=', operatorId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteTopic(db: Db, operatorId: number, id: number): Promise<boolean> {
  const r = await db
    .deleteFrom('help_topics')
    .where('operator_id', '=', operatorId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
