import type { Db } from '../operators/operators.repository.ts';

/** Writes to a member's own record for the password and member-centre features. */
export async function updatePasswordHash(db: Db, memberId: number, passwordHash: string) {
  // A password the member chose ends the forced change on first login.
  await db
    .updateTable('members')
    .set({ password_hash: passwordHash, first_time_login: 0 })
    .where('id', '=', memberId)
    .execute();
}

export async function updateNickname(db: Db, memberId: number, nickname: string) {
  await db.updateTable('members').set({ nickname }).where('id', '=', memberId).execute();
}

export async function updateHeadIcon(db: Db, memberId: number, headIcon: string) {
  await db.updateTable('members').set({ head_icon: headIcon }).where('id', '=', memberId).execute();
}

export async function updateLastLogin(db: Db, memberId: number, at: number) {
  await db.updateTable('members').set({ last_login_at: at }).where('id', '=', memberId).execute();
}

export async function updateStatus(db: Db, memberId: number, status: 'active' | 'disabled') {
  await db.updateTable('members').set({ status }).where('id', '=', memberId).execute();
}

/** A member of an operator by id; members of other operators are invisible. */
export function findOperatorMember(db: Db, operatorId: number, memberId: number) {
  return db
    .selectFrom('members')
    .selectAll()
    .where('id', '=', memberId)
    .where('operator_id', '=', operatorId)
    .executeTakeFirst();
}

/** Members whose mobile number is on file, newest first (a number should belong to one account). */
export function findMembersByMobile(
  db: Db,
  operatorId: number,
  countryDialingCodes: string[],
  mobileNum: string,
) {
  return db
    .selectFrom('members')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('country_dialing_code', 'in', countryDialingCodes)
    .where('mobile_num', '=', mobileNum)
    .orderBy('id', 'desc')
    .execute();
}
