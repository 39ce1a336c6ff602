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
  options: { mustChangePassword?: boolean } = {},
): Promise<number> {
  const row = await db
    .insertInto('staff_users')
    .values({
      operator_id: operatorId,
      username,
      password_hash: passwordHash,
      role,
      disabled: 0,
      created_at: at,
      must_change_password: options.mustChangePassword ? 1 : 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export function listStaff(db: Db, operatorId: number) {
  return db
    .selectFrom('staff_users')
    .select(['id', 'username', 'role', 'disabled', 'created_at', 'totp_secret', 'must_change_password'])
    .where('operator_id', '=', operatorId)
    .orderBy('id')
    .execute();
}

/** A staff member of this operator, read inside the caller's transaction. */
export function findOperatorStaff(db: Db, operatorId: number, id: number) {
  return db
    .selectFrom('staff_users')
    .select(['id', 'username', 'role', 'disabled', 'password_hash'])
    .where('id', '=', id)
    .where('operator_id', '=', operatorId)
    .executeTakeFirst();
}

export async function updateStaff(
  db: Db,
  id: number,
  changes: Partial<{
    role: string;
    disabled: number;
    password_hash: string;
    must_change_password: number;
    password_changed_at: number;
  }>,
) {
  await db.updateTable('staff_users').set(changes).where('id', '=', id).execute();
}
