import type { Db } from '../operators/operators.repository.ts';

export function findStaff(db: Db, operatorId: number, username: string) {
  return db
    .selectFrom('staff_users')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('username', '=', username)
    .executeTakeFirst();
}

export function findStaffById(db: Db, id: number) {
  return db.selectFrom('staff_users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertStaff(
  db: Db,
  operatorId: number,
  username: string,
  passwordHash: string,
  role: string,
  at: number,
) {
  await db
    .insertInto('staff_users')
    .values({
      operator_id: operatorId,
      username,
      password_hash: passwordHash,
      role,
      disabled: 0,
      created_at: at,
    })
    .execute();
}
