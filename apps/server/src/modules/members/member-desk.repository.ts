import { sql } from 'kysely';
import type { MemberSearchField } from '@playhouse/contract/member-desk';
import type { Db } from '../operators/operators.repository.ts';

/**
 * Reads and writes of the back office's member desk. Every statement names the operator, and every
 * lookup is one of the operator-first indexes of migration member_desk (or the members' unique
 * operator and user name).
 */

const MEMBER_COLUMNS = [
  'id',
  'username',
  'nickname',
  'type',
  'status',
  'mobile_num',
  'country_dialing_code',
  'email',
  'real_name',
  'affiliate_code',
  'created_at',
  'last_login_at',
] as const;

/** The operator's members matching one identifier exactly, newest first, a page at a time. */
export async function searchMembers(
  db: Db,
  operatorId: number,
  field: MemberSearchField,
  q: string,
  page: { offset: number; limit: number },
) {
  let base = db.selectFrom('members').where('operator_id', '=', operatorId);
  switch (field) {
    case 'userName':
      base = base.where('username', '=', q.toLowerCase());
      break;
    case 'mobile':
      // As stored: the national number; a number typed with spaces, dashes or a leading + is cleaned.
      base = base.where('mobile_num', '=', q.replace(/[\s()+-]/g, ''));
      break;
    case 'email':
      base = base.where(sql<string>`lower(email)`, '=', q.toLowerCase());
      break;
    case 'realName':
      base = base.where(sql<string>`lower(real_name)`, '=', q.toLowerCase());
      break;
    case 'affiliateCode':
      base = base.where('affiliate_code', '=', q);
      break;
    case 'ip':
      // Anyone who signed in from the address (the sessions' operator-and-address index).
      base = base.where('id', 'in', (eb) =>
        eb
          .selectFrom('sessions')
          .select('subject_id')
          .where('operator_id', '=', operatorId)
          .where('ip', '=', q)
          .where('subject_type', '=', 'member'),
      );
      break;
  }
  const [rows, count] = await Promise.all([
    base.select(MEMBER_COLUMNS).orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** One member of the operator with their rank's name and their upline's user name. */
export function findDeskMember(db: Db, operatorId: number, memberId: number) {
  return db
    .selectFrom('members as m')
    .leftJoin('vip_ranks as r', (j) =>
      j.onRef('r.operator_id', '=', 'm.operator_id').onRef('r.level', '=', 'm.vip_level'),
    )
    .leftJoin('members as u', (j) =>
      j.onRef('u.id', '=', 'm.upline_id').onRef('u.operator_id', '=', 'm.operator_id'),
    )
    .selectAll('m')
    .select(['r.name as rank_name', 'u.username as upline_name'])
    .where('m.id', '=', memberId)
    .where('m.operator_id', '=', operatorId)
    .executeTakeFirst();
}

/** The member's open sessions (not revoked, not expired), most recently used first. */
export function liveSessions(db: Db, operatorId: number, memberId: number, at: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'ip', 'device', 'user_agent'])
    .where('subject_type', '=', 'member')
    .where('subject_id', '=', memberId)
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .where('idle_expires_at', '>', at)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}

/** Ends one open session of the member; 0 when it is not theirs or already over. */
export async function endSession(
  db: Db,
  operatorId: number,
  memberId: number,
  sessionId: number,
  at: number,
) {
  const r = await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('id', '=', sessionId)
    .where('subject_type', '=', 'member')
    .where('subject_id', '=', memberId)
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Sign-ins and refused sign-ins the member made (the audit log's operator-and-actor index). */
export async function listLogins(
  db: Db,
  operatorId: number,
  memberId: number,
  page: { offset: number; limit: number },
) {
  const base = db
    .selectFrom('audit_log')
    .where('operator_id', '=', operatorId)
    .where('actor_type', '=', 'member')
    .where('actor_id', '=', String(memberId))
    .where('action', 'in', ['member.login', 'member.login.failed']);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'action', 'detail', 'ip', 'created_at'])
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** What staff did to the member: audit rows naming the member by id or by user name. */
export async function listStaffActions(
  db: Db,
  operatorId: number,
  member: { id: number; username: string },
  page: { offset: number; limit: number },
) {
  const base = db
    .selectFrom('audit_log as a')
    .leftJoin('staff_users as s', (j) =>
      j
        .on('a.actor_type', '=', 'staff')
        .onRef('s.operator_id', '=', 'a.operator_id')
        .on((eb) => eb(sql<string>`cast(s.id as varchar(20))`, '=', eb.ref('a.actor_id'))),
    )
    .where('a.operator_id', '=', operatorId)
    .where('a.target', 'in', [`member:${member.id}`, `member:${member.username}`])
    .where('a.actor_type', '=', 'staff');
  const [rows, count] = await Promise.all([
    base
      .select([
        'a.id',
        'a.action',
        'a.detail',
        'a.ip',
        'a.created_at',
        's.username as staff_name',
        'a.actor_id',
      ])
      .orderBy('a.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function insertNote(
  db: Db,
  row: { operatorId: number; memberId: number; staffId: number; body: string; at: number },
) {
  const r = await db
    .insertInto('member_notes')
    .values({
      operator_id: row.operatorId,
      member_id: row.memberId,
      staff_id: row.staffId,
      body: row.body,
      created_at: row.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function listNotes(
  db: Db,
  operatorId: number,
  memberId: number,
  page: { offset: number; limit: number },
) {
  const base = db
    .selectFrom('member_notes as n')
    .leftJoin('staff_users as s', (j) =>
      j.onRef('s.id', '=', 'n.staff_id').onRef('s.operator_id', '=', 'n.operator_id'),
    )
    .where('n.operator_id', '=', operatorId)
    .where('n.member_id', '=', memberId);
  const [rows, count] = await Promise.all([
    base
      .select(['n.id', 'n.body', 'n.created_at', 's.username as staff_name'])
      .orderBy('n.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function listTags(db: Db, operatorId: number, memberId: number) {
  const rows = await db
    .selectFrom('member_tags')
    .select('tag')
    .where('operator_id', '=', operatorId)
    .where('member_id', '=', memberId)
    .orderBy('tag')
    .execute();
  return rows.map((r) => r.tag);
}

/** Replaces the member's tags (in the caller's transaction): removes those not kept, adds the new. */
export async function replaceTags(
  db: Db,
  row: { operatorId: number; memberId: number; staffId: number; tags: string[]; at: number },
) {
  const current = await listTags(db, row.operatorId, row.memberId);
  const removed = current.filter((t) => !row.tags.includes(t));
  const added = row.tags.filter((t) => !current.includes(t));
  if (removed.length)
    await db
      .deleteFrom('member_tags')
      .where('operator_id', '=', row.operatorId)
      .where('member_id', '=', row.memberId)
      .where('tag', 'in', removed)
      .execute();
  if (added.length)
    await db
      .insertInto('member_tags')
      .values(
        added.map((tag) => ({
          operator_id: row.operatorId,
          member_id: row.memberId,
          tag,
          staff_id: row.staffId,
          created_at: row.at,
        })),
      )
      .execute();
  return { added, removed };
}

/** Promotion bonuses and reward-centre claims of the member, newest first. */
export async function listBonuses(
  db: Db,
  operatorId: number,
  memberId: number,
  page: { offset: number; limit: number },
) {
  const promotions = db
    .selectFrom('promotion_applications as a')
    .innerJoin('promotions as p', 'p.id', 'a.promotion_id')
    .where('a.operator_id', '=', operatorId)
    .where('a.member_id', '=', memberId)
    .select([
      sql<string>`cast(a.id as varchar(64))`.as('id'),
      sql<string>`'promotion'`.as('source'),
      sql<string>`p.kind`.as('name'),
      sql<string>`a.status`.as('status'),
      sql<number>`coalesce(a.amount, 0)`.as('amount'),
      sql<number>`coalesce(a.turnover, 0)`.as('turnover'),
      'a.created_at as created_at',
    ]);
  const rewards = db
    .selectFrom('reward_claims as c')
    .where('c.operator_id', '=', operatorId)
    .where('c.member_id', '=', memberId)
    .select([
      sql<string>`cast(c.id as varchar(64))`.as('id'),
      sql<string>`'reward'`.as('source'),
      sql<string>`coalesce(c.mission_type, c.kind)`.as('name'),
      sql<string>`'ISSUED'`.as('status'),
      sql<number>`c.amount`.as('amount'),
      sql<number>`c.turnover`.as('turnover'),
      'c.created_at as created_at',
    ]);
  const [rows, p, r] = await Promise.all([
    db
      .selectFrom(promotions.unionAll(rewards).as('b'))
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom('promotion_applications')
      .where('operator_id', '=', operatorId)
      .where('member_id', '=', memberId)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('reward_claims')
      .where('operator_id', '=', operatorId)
      .where('member_id', '=', memberId)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(p.n) + Number(r.n) };
}
