import type { Insertable } from 'kysely';
import type { MembersTable } from '@playhouse/db/schema';
import type { Db } from '../operators/operators.repository.ts';

export async function insertMember(db: Db, row: Insertable<MembersTable>): Promise<number> {
  const r = await db.insertInto('members').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export function findMemberById(db: Db, id: number) {
  return db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findMemberByUsername(db: Db, operatorId: number, username: string) {
  return db
    .selectFrom('members')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('username', '=', username.toLowerCase())
    .executeTakeFirst();
}
