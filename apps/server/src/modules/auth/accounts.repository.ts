import type { Db } from '../operators/operators.repository.ts';

/** The member holding a mobile number (E.164 split as stored), if any. */
export function findMemberByMobile(db: Db, operatorId: number, dialingCode: string, national: string) {
  return db
    .selectFrom('members')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('country_dialing_code', '=', dialingCode)
    .where('mobile_num', '=', national)
    .orderBy('id')
    .executeTakeFirst();
}

/** An active member a referral names, by username or by member id. */
export function findReferrer(db: Db, operatorId: number, ref: string) {
  let q = db
    .selectFrom('members')
    .select('id')
    .where('operator_id', '=', operatorId)
    .where('status', '=', 'active');
  q = /^\d+$/.test(ref)
    ? q.where((eb) => eb.or([eb('id', '=', Number(ref)), eb('username', '=', ref.toLowerCase())]))
    : q.where('username', '=', ref.toLowerCase());
  return q.executeTakeFirst();
}

export async function usernameExists(db: Db, operatorId: number, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('operator_id', '=', operatorId)
    .where('username', '=', username.toLowerCase())
    .executeTakeFirst();
  return Boolean(row);
}

export async function markLoggedIn(db: Db, memberId: number, at: number) {
  await db.updateTable('members').set({ last_login_at: at }).where('id', '=', memberId).execute();
}
