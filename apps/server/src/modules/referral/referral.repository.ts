import type { Selectable } from 'kysely';
import type { ReferralsTable } from '@playhouse/db/schema-help-referral';
import type { Db } from '../operators/operators.repository.ts';
import { findSettingsDocument, saveSettingsDocument } from '../../lib/settings-documents.ts';

export type ReferralRow = Selectable<ReferralsTable>;

export async function findCode(db: Db, memberId: number): Promise<string | undefined> {
  const r = await db
    .selectFrom('referral_codes')
    .select('code')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return r?.code;
}

/** Inserts a code unless the member has one or the code is taken (never aborts a transaction). */
export async function insertCode(db: Db, operatorId: number, memberId: number, code: string, at: number) {
  await db
    .insertInto('referral_codes')
    .values({ member_id: memberId, operator_id: operatorId, code, created_at: at })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The active member whose referral code this is. */
export function findReferrerByCode(db: Db, operatorId: number, code: string) {
  return db
    .selectFrom('referral_codes')
    .innerJoin('members', 'members.id', 'referral_codes.member_id')
    .select(['members.id', 'members.type', 'members.status'])
    .where('referral_codes.operator_id', '=', operatorId)
    .where('referral_codes.code', '=', code)
    .where('members.status', '=', 'active')
    .executeTakeFirst();
}

/** Records that `friendId` registered with `referrerId`'s code (once per friend). */
export async function insertReferral(
  db: Db,
  operatorId: number,
  referrerId: number,
  friendId: number,
  at: number,
) {
  await db
    .insertInto('referrals')
    .values({
      operator_id: operatorId,
      referrer_id: referrerId,
      friend_id: friendId,
      status: 'registered',
      first_deposit: null,
      reward: null,
      entry_id: null,
      created_at: at,
      deposited_at: null,
      qualified_at: null,
    })
    .onConflict((oc) => oc.column('friend_id').doNothing())
    .execute();
}

export function findByFriend(db: Db, friendId: number): Promise<ReferralRow | undefined> {
  return db.selectFrom('referrals').selectAll().where('friend_id', '=', friendId).executeTakeFirst();
}

/** registered → deposited with the first deposit's amount; false when it had moved on already. */
export async function markDeposited(db: Db, friendId: number, amount: number, at: number): Promise<boolean> {
  const r = await db
    .updateTable('referrals')
    .set({ status: 'deposited', first_deposit: amount, deposited_at: at })
    .where('friend_id', '=', friendId)
    .where('status', '=', 'registered')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** deposited → qualified with the reward's entry; false when another attempt got there first. */
export async function markQualified(
  db: Db,
  friendId: number,
  reward: number,
  entryId: number,
  at: number,
): Promise<boolean> {
  const r = await db
    .updateTable('referrals')
    .set({ status: 'qualified', reward, entry_id: entryId, qualified_at: at })
    .where('friend_id', '=', friendId)
    .where('status', '=', 'deposited')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** A member's invited friends, newest first, with their usernames. */
export function listForReferrer(db: Db, referrerId: number, limit: number) {
  return db
    .selectFrom('referrals')
    .innerJoin('members', 'members.id', 'referrals.friend_id')
    .select([
      'referrals.friend_id',
      'referrals.status',
      'referrals.first_deposit',
      'referrals.reward',
      'referrals.created_at',
      'referrals.qualified_at',
      'members.username',
    ])
    .where('referrals.referrer_id', '=', referrerId)
    .orderBy('referrals.created_at', 'desc')
    .orderBy('referrals.id', 'desc')
    .limit(limit)
    .execute();
}

export async function countsForReferrer(db: Db, referrerId: number) {
  const r = await db
    .selectFrom('referrals')
    .select((eb) => [
      eb.fn.countAll<number>().as('invited'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'qualified').then(1).else(0).end()).as('qualified'),
      eb.fn.sum<number>(eb.fn.coalesce('reward', eb.lit(0))).as('earned'),
    ])
    .where('referrer_id', '=', referrerId)
    .executeTakeFirst();
  return {
    invited: Number(r?.invited ?? 0),
    qualified: Number(r?.qualified ?? 0),
    earned: Number(r?.earned ?? 0),
  };
}

/** A referrer's friends whose first deposit is recorded but whose reward is not paid yet. */
export function awaitingReward(db: Db, referrerId: number) {
  return db
    .selectFrom('referrals')
    .select('friend_id')
    .where('referrer_id', '=', referrerId)
    .where('status', '=', 'deposited')
    .execute();
}

export async function pageForOperator(
  db: Db,
  operatorId: number,
  q: { status?: string | undefined; referrerId?: number | undefined; offset: number; limit: number },
) {
  let base = db.selectFrom('referrals').where('referrals.operator_id', '=', operatorId);
  if (q.status) base = base.where('referrals.status', '=', q.status as ReferralRow['status']);
  if (q.referrerId !== undefined) base = base.where('referrals.referrer_id', '=', q.referrerId);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await base
    .innerJoin('members as r', 'r.id', 'referrals.referrer_id')
    .innerJoin('members as f', 'f.id', 'referrals.friend_id')
    .select([
      'referrals.id',
      'referrals.status',
      'referrals.first_deposit',
      'referrals.reward',
      'referrals.created_at',
      'referrals.qualified_at',
      'r.username as referrer',
      'f.username as friend',
    ])
    .orderBy('referrals.created_at', 'desc')
    .orderBy('referrals.id', 'desc')
    .offset(q.offset)
    .limit(q.limit)
    .execute();
  return { rows, total: Number(total?.n ?? 0) };
}

export function findSettings(db: Db, operatorId: number) {
  return findSettingsDocument(db, 'referral_settings', operatorId);
}

export function saveSettings(db: Db, operatorId: number, document: string, at: number) {
  return saveSettingsDocument(db, 'referral_settings', operatorId, document, at);
}
