import { sql } from 'kysely';
import type { Db } from '../operators/operators.repository.ts';

/** SQL of customer-service chat; every query names the operator. */

const conversationColumns = [
  'c.id',
  'c.operator_id',
  'c.member_id',
  'c.guest_name',
  'c.guest_contact',
  'c.language',
  'c.status',
  'c.staff_id',
  'c.tags',
  'c.rating',
  'c.member_read_id',
  'c.staff_read_id',
  'c.created_at',
  'c.last_message_at',
  'c.closed_at',
] as const;

export function conversations(db: Db, operatorId: number) {
  return db
    .selectFrom('chat_conversations as c')
    .leftJoin('members as m', 'm.id', 'c.member_id')
    .leftJoin('staff_users as s', 's.id', 'c.staff_id')
    .select([...conversationColumns, 'm.username as member_name', 's.username as staff_name'])
    .select((eb) =>
      eb
        .selectFrom('chat_messages as x')
        .select((e) => e.fn.countAll().as('n'))
        .whereRef('x.conversation_id', '=', 'c.id')
        .whereRef('x.id', '>', 'c.staff_read_id')
        .where('x.sender', 'in', ['member', 'guest'])
        .as('unread_for_staff'),
    )
    .where('c.operator_id', '=', operatorId);
}
export type ConversationRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof conversations>['executeTakeFirst']>>
>;

export function findConversation(db: Db, operatorId: number, id: number) {
  return conversations(db, operatorId).where('c.id', '=', id).executeTakeFirst();
}

export function findGuestConversation(db: Db, operatorId: number, tokenHash: string) {
  return conversations(db, operatorId).where('c.guest_token_hash', '=', tokenHash).executeTakeFirst();
}

/** The member's conversation still going (WAITING or OPEN), if any. */
export function findMemberOpen(db: Db, operatorId: number, memberId: number) {
  return conversations(db, operatorId)
    .where('c.member_id', '=', memberId)
    .where('c.status', '!=', 'CLOSED')
    .orderBy('c.id', 'desc')
    .executeTakeFirst();
}

/** The member's latest conversation, closed or not. */
export function findMemberLatest(db: Db, operatorId: number, memberId: number) {
  return conversations(db, operatorId)
    .where('c.member_id', '=', memberId)
    .orderBy('c.id', 'desc')
    .executeTakeFirst();
}

export async function insertConversation(
  db: Db,
  row: {
    operator_id: number;
    member_id: number | null;
    guest_token_hash: string | null;
    guest_name: string | null;
    guest_contact: string | null;
    language: string;
    at: number;
  },
): Promise<number> {
  const { at, ...rest } = row;
  const inserted = await db
    .insertInto('chat_conversations')
    .values({
      ...rest,
      status: 'WAITING',
      staff_id: null,
      created_at: at,
      last_message_at: at,
      closed_at: null,
      rating: null,
      rating_comment: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function insertMessage(
  db: Db,
  row: {
    operator_id: number;
    conversation_id: number;
    sender: string;
    staff_id: number | null;
    body: string | null;
    upload_id: string | null;
    created_at: number;
  },
): Promise<number> {
  const inserted = await db.insertInto('chat_messages').values(row).returning('id').executeTakeFirstOrThrow();
  await db
    .updateTable('chat_conversations')
    .set({ last_message_at: row.created_at })
    .where('id', '=', row.conversation_id)
    .execute();
  return Number(inserted.id);
}

export function listMessages(
  db: Db,
  operatorId: number,
  conversationId: number,
  before: number | undefined,
  limit: number,
) {
  let q = db
    .selectFrom('chat_messages as x')
    .leftJoin('staff_users as s', 's.id', 'x.staff_id')
    .select([
      'x.id',
      'x.conversation_id',
      'x.sender',
      'x.body',
      'x.upload_id',
      'x.created_at',
      's.username as staff_name',
    ])
    .where('x.operator_id', '=', operatorId)
    .where('x.conversation_id', '=', conversationId);
  if (before !== undefined) q = q.where('x.id', '<', before);
  return q.orderBy('x.id', 'desc').limit(limit).execute();
}

export async function lastMessageId(db: Db, conversationId: number): Promise<number> {
  const row = await db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Moves a read mark forward only (a late, older receipt changes nothing). */
export async function markRead(db: Db, conversationId: number, side: 'member' | 'staff', lastId: number) {
  const column = side === 'member' ? 'member_read_id' : 'staff_read_id';
  const r = await db
    .updateTable('chat_conversations')
    .set({ [column]: lastId })
    .where('id', '=', conversationId)
    .where(column, '<', lastId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Staff messages in the member's conversations that they have not read. */
export async function memberUnread(db: Db, operatorId: number, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('chat_messages as x')
    .innerJoin('chat_conversations as c', 'c.id', 'x.conversation_id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('c.operator_id', '=', operatorId)
    .where('c.member_id', '=', memberId)
    .where('x.sender', '=', 'staff')
    .whereRef('x.id', '>', 'c.member_read_id')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Moves a conversation from one of `from` to `to`; false when it was not in `from` (someone else won). */
export async function transition(
  db: Db,
  operatorId: number,
  id: number,
  from: { status: string[]; staffId?: number | null },
  to: { status: string; staff_id?: number | null; closed_at?: number; tags?: string },
) {
  let q = db
    .updateTable('chat_conversations')
    .set(to)
    .where('operator_id', '=', operatorId)
    .where('id', '=', id)
    .where('status', 'in', from.status);
  if (from.staffId !== undefined)
    q = from.staffId === null ? q.where('staff_id', 'is', null) : q.where('staff_id', '=', from.staffId);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function rate(db: Db, operatorId: number, id: number, rating: number, comment: string | null) {
  const r = await db
    .updateTable('chat_conversations')
    .set({ rating, rating_comment: comment })
    .where('operator_id', '=', operatorId)
    .where('id', '=', id)
    .where('status', '=', 'CLOSED')
    .where('rating', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Open conversations per staff member of the operator (their load). */
export async function loads(db: Db, operatorId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('chat_conversations')
    .select(['staff_id', (eb) => eb.fn.countAll().as('n')])
    .where('operator_id', '=', operatorId)
    .where('status', '=', 'OPEN')
    .groupBy('staff_id')
    .execute();
  return new Map(rows.filter((r) => r.staff_id !== null).map((r) => [Number(r.staff_id), Number(r.n)]));
}

export function waitingIds(db: Db, operatorId: number) {
  return db
    .selectFrom('chat_conversations')
    .select('id')
    .where('operator_id', '=', operatorId)
    .where('status', '=', 'WAITING')
    .orderBy('last_message_at')
    .orderBy('id')
    .limit(100)
    .execute();
}

export function activeStaff(db: Db, operatorId: number) {
  return db
    .selectFrom('staff_users')
    .select(['id', 'username', 'role'])
    .where('operator_id', '=', operatorId)
    .where('disabled', '=', 0)
    .orderBy('id')
    .execute();
}

export function staffByName(db: Db, operatorId: number, username: string) {
  return db
    .selectFrom('staff_users')
    .select(['id', 'username', 'role', 'disabled'])
    .where('operator_id', '=', operatorId)
    .where('username', '=', username)
    .executeTakeFirst();
}

/** The back office's queue and history search. */
export async function search(
  db: Db,
  operatorId: number,
  query: {
    status?: string | undefined;
    staffId?: number | undefined;
    q?: string | undefined;
    offset: number;
    limit: number;
  },
) {
  let base = conversations(db, operatorId);
  if (query.status) base = base.where('c.status', '=', query.status);
  if (query.staffId !== undefined) base = base.where('c.staff_id', '=', query.staffId);
  if (query.q) {
    // Wildcards typed by staff are dropped rather than escaped: SQLite and PostgreSQL escape differently.
    const like = `%${query.q.toLowerCase().replace(/[\\%_]/g, '')}%`;
    base = base.where((eb) =>
      eb.or([
        eb(sql`lower(m.username)`, 'like', like),
        eb(sql`lower(c.guest_name)`, 'like', like),
        eb(sql`lower(c.guest_contact)`, 'like', like),
        eb(sql`lower(c.tags)`, 'like', like),
        eb.exists(
          eb
            .selectFrom('chat_messages as y')
            .select('y.id')
            .whereRef('y.conversation_id', '=', 'c.id')
            .where(sql`lower(y.body)`, 'like', like),
        ),
      ]),
    );
  }
  const [rows, total] = await Promise.all([
    base
      .orderBy('c.last_message_at', 'desc')
      .orderBy('c.id', 'desc')
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Whether a message of the conversation carries this upload (staff may then see the image). */
export async function conversationHasUpload(
  db: Db,
  operatorId: number,
  conversationId: number,
  uploadId: string,
) {
  const row = await db
    .selectFrom('chat_messages')
    .select('id')
    .where('operator_id', '=', operatorId)
    .where('conversation_id', '=', conversationId)
    .where('upload_id', '=', uploadId)
    .executeTakeFirst();
  return Boolean(row);
}

// ---------- canned replies ----------

export function listCanned(db: Db, operatorId: number) {
  return db
    .selectFrom('chat_canned_replies')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .orderBy('shortcut')
    .orderBy('language')
    .execute();
}

/** Inserts or replaces the text of one shortcut in one language; answers its id. */
export async function saveCanned(
  db: Db,
  row: { operator_id: number; shortcut: string; language: string; body: string; updated_at: number },
): Promise<number> {
  const found = await db
    .selectFrom('chat_canned_replies')
    .select('id')
    .where('operator_id', '=', row.operator_id)
    .where('shortcut', '=', row.shortcut)
    .where('language', '=', row.language)
    .executeTakeFirst();
  if (found) {
    await db
      .updateTable('chat_canned_replies')
      .set({ body: row.body, updated_at: row.updated_at })
      .where('id', '=', found.id)
      .where('operator_id', '=', row.operator_id)
      .execute();
    return Number(found.id);
  }
  const inserted = await db
    .insertInto('chat_canned_replies')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function deleteCanned(db: Db, operatorId: number, id: number) {
  const result = await db
    .deleteFrom('chat_canned_replies')
    .where('operator_id', '=', operatorId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
