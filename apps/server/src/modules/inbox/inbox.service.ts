import { sql } from 'kysely';
import type { LanguageCode } from '@playhouse/contract/languages';
import type {
  Broadcast,
  BroadcastCreate,
  BroadcastPage,
  InboxKind,
  InboxMessage,
  InboxPage,
} from '@playhouse/contract/inbox';
import { INBOX_KINDS } from '@playhouse/contract/inbox';
import { createTranslator } from '@playhouse/i18n/node-catalogue';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AuthenticatedMember } from '../members/member-auth.service.ts';
import type { Db } from '../operators/operators.repository.ts';
import { plainPreview, sanitizeContent } from '../content/sanitize.ts';

/** A system message to one member (see /tmp/prompts/inbox-api.md for the kinds and their params). */
export interface InboxSend {
  operatorId: number;
  memberId: number;
  kind: InboxKind;
  params?: Record<string, string | number>;
  /** The same (member, kind, dedupeKey) is sent once, however often it is retried. */
  dedupeKey: string;
}

type BroadcastContents = Partial<Record<string, { title: string; content: string }>>;
type StaffActor = { id: number; username: string; ip: string };

const BROADCAST = 'broadcast';
/** Trial members (type 4) play with play money and get no messages. */
const TRIAL_TYPE = 4;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * The member inbox. A system message is stored as its template key and params and rendered in the
 * reader's language when read (catalogue `inbox:messages.<kind>`); a broadcast is fanned out as one
 * row per recipient when sent, so read state and deletion are each member's own. Every read, open
 * and delete names the member: another member's message id is NOT_FOUND.
 */
export function createInboxService(
  db: Db,
  audit: AuditService,
  /** Told after a member's inbox changed (memberId null: every member of the operator); live updates. */
  onChanged: (operatorId: number, memberId: number | null) => void = () => undefined,
) {
  const t = createTranslator('inbox');

  const broadcastText = (contents: BroadcastContents, language: LanguageCode) =>
    contents[language] ??
    contents['*'] ??
    contents.EN ??
    Object.values(contents)[0] ?? { title: '', content: '' };

  async function render(
    rows: {
      id: number;
      kind: string;
      params: string;
      broadcast_id: number | null;
      read_at: number | null;
      created_at: number;
    }[],
    language: LanguageCode,
  ): Promise<InboxMessage[]> {
    const ids = [...new Set(rows.filter((r) => r.broadcast_id !== null).map((r) => Number(r.broadcast_id)))];
    const broadcasts = new Map<number, BroadcastContents>();
    if (ids.length)
      for (const b of await db
        .selectFrom('inbox_broadcasts')
        .select(['id', 'contents'])
        .where('id', 'in', ids)
        .execute())
        broadcasts.set(Number(b.id), JSON.parse(b.contents) as BroadcastContents);
    return rows.map((r) => {
      const base = {
        id: Number(r.id),
        kind: r.kind,
        read: r.read_at !== null,
        createdAt: Number(r.created_at),
      };
      if (r.broadcast_id !== null) {
        const text = broadcastText(broadcasts.get(Number(r.broadcast_id)) ?? {}, language);
        return {
          ...base,
          title: text.title,
          content: text.content,
          preview: plainPreview(text.content, 120),
        };
      }
      const params = JSON.parse(r.params) as Record<string, string | number>;
      const title = t(language, `messages.${r.kind}.title`, params);
      const body = t(language, `messages.${r.kind}.body`, params);
      return {
        ...base,
        title,
        content: body
          .split(/\n+/)
          .map((p) => `<p>${escapeHtml(p)}</p>`)
          .join(''),
        preview: body.length > 120 ? `${body.slice(0, 119)}…` : body,
      };
    });
  }

  const mine = (memberId: number) =>
    db.selectFrom('inbox_messages').where('member_id', '=', memberId).where('deleted_at', 'is', null);

  async function unread(memberId: number): Promise<number> {
    const r = await mine(memberId)
      .where('read_at', 'is', null)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  const service = {
    /**
     * Sends one system message, inside the caller's transaction when given one (a ledger `apply`).
     * ON CONFLICT DO NOTHING keeps a duplicate from aborting a PostgreSQL transaction.
     */
    /** Tells the member's open tabs that their inbox changed: after the transaction that sent commits. */
    changed(operatorId: number, memberId: number) {
      onChanged(operatorId, memberId);
    },

    async send(trx: Db, message: InboxSend): Promise<{ id: number; duplicate: boolean }> {
      if (!INBOX_KINDS.includes(message.kind)) throw new AppError('VALIDATION_FAILED');
      const dedupeKey = message.dedupeKey.slice(0, 128);
      const inserted = await trx
        .insertInto('inbox_messages')
        .values({
          operator_id: message.operatorId,
          member_id: message.memberId,
          kind: message.kind,
          params: JSON.stringify(message.params ?? {}),
          dedupe_key: dedupeKey,
          broadcast_id: null,
          read_at: null,
          deleted_at: null,
          created_at: now(),
        })
        .onConflict((oc) => oc.columns(['member_id', 'kind', 'dedupe_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return { id: Number(inserted.id), duplicate: false };
      const existing = await trx
        .selectFrom('inbox_messages')
        .select('id')
        .where('member_id', '=', message.memberId)
        .where('kind', '=', message.kind)
        .where('dedupe_key', '=', dedupeKey)
        .executeTakeFirstOrThrow();
      return { id: Number(existing.id), duplicate: true };
    },

    unread,

    async list(
      who: AuthenticatedMember,
      query: { pageNo: number; pageSize: number; language: LanguageCode },
    ): Promise<InboxPage> {
      const [rows, total, unreadCount] = await Promise.all([
        mine(who.id)
          .select(['id', 'kind', 'params', 'broadcast_id', 'read_at', 'created_at'])
          .orderBy('id', 'desc')
          .offset((query.pageNo - 1) * query.pageSize)
          .limit(query.pageSize)
          .execute(),
        mine(who.id)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow(),
        unread(who.id),
      ]);
      const totalCount = Number(total.n);
      return {
        list: await render(rows, query.language),
        pageNum: query.pageNo,
        totalPages: Math.ceil(totalCount / query.pageSize),
        totalCount,
        unreadCount,
      };
    },

    /** Opens one of my messages and marks it read; anyone else's is NOT_FOUND. */
    async open(who: AuthenticatedMember, id: number, language: LanguageCode): Promise<InboxMessage> {
      const row = await mine(who.id)
        .select(['id', 'kind', 'params', 'broadcast_id', 'read_at', 'created_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw new AppError('NOT_FOUND');
      if (row.read_at === null) {
        const at = now();
        await db
          .updateTable('inbox_messages')
          .set({ read_at: at })
          .where('id', '=', id)
          .where('member_id', '=', who.id)
          .where('read_at', 'is', null)
          .execute();
        row.read_at = at;
        onChanged(who.operatorId, who.id);
      }
      return (await render([row], language))[0]!;
    },

    /** Deletes one of my messages for me only (a broadcast stays for everyone else). */
    async remove(who: AuthenticatedMember, id: number) {
      const r = await db
        .updateTable('inbox_messages')
        .set({ deleted_at: now() })
        .where('id', '=', id)
        .where('member_id', '=', who.id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) throw new AppError('NOT_FOUND');
      onChanged(who.operatorId, who.id);
      return { unreadCount: await unread(who.id) };
    },

    async readAll(who: AuthenticatedMember) {
      const r = await db
        .updateTable('inbox_messages')
        .set({ read_at: now() })
        .where('member_id', '=', who.id)
        .where('deleted_at', 'is', null)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) > 0) onChanged(who.operatorId, who.id);
      return { updated: Number(r.numUpdatedRows), unreadCount: 0 };
    },

    broadcasts: {
      /** Sends a broadcast: sanitized text per language, one copy per recipient, audited. */
      async create(operatorId: number, staff: StaffActor, body: BroadcastCreate): Promise<Broadcast> {
        const contents: BroadcastContents = {};
        for (const [code, text] of Object.entries(body.contents)) {
          if (!text) continue;
          const content = sanitizeContent(text.content);
          if (!plainPreview(content) && !/<img\b/i.test(content))
            throw fieldError(`contents.${code}.content`, 'required');
          contents[code] = { title: text.title, content };
        }
        const at = now();
        const result = await db.transaction().execute(async (trx) => {
          const inserted = await trx
            .insertInto('inbox_broadcasts')
            .values({
              operator_id: operatorId,
              vip_level: body.vipLevel,
              contents: JSON.stringify(contents),
              recipients: 0,
              created_by: staff.username,
              created_at: at,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const id = Number(inserted.id);
          // Every real member of the operator, or those at the VIP level named (members.vip_level).
          const levelFilter = body.vipLevel === null ? sql`1 = 1` : sql`vip_level = ${body.vipLevel}`;
          const fanned = await sql`
            insert into inbox_messages
              (operator_id, member_id, kind, params, dedupe_key, broadcast_id, created_at)
            select cast(${operatorId} as bigint), id, cast(${BROADCAST} as varchar(32)), '{}',
              cast(${`b:${id}`} as varchar(128)), cast(${id} as bigint), cast(${at} as bigint)
            from members
            where operator_id = ${operatorId} and status = 'active' and type <> ${TRIAL_TYPE}
              and ${levelFilter}`.execute(trx);
          const recipients = Number(fanned.numAffectedRows ?? 0);
          await trx.updateTable('inbox_broadcasts').set({ recipients }).where('id', '=', id).execute();
          await audit.record(
            {
              operatorId,
              actorType: 'staff',
              actorId: String(staff.id),
              action: 'inbox.broadcast.sent',
              target: `broadcast:${id}`,
              detail: { vipLevel: body.vipLevel, languages: Object.keys(contents), recipients },
              ip: staff.ip,
            },
            trx,
          );
          return { id, recipients };
        });
        onChanged(operatorId, null);
        return {
          id: result.id,
          vipLevel: body.vipLevel,
          contents: contents as Broadcast['contents'],
          recipients: result.recipients,
          createdBy: staff.username,
          createdAt: at,
        };
      },

      async list(operatorId: number, query: { pageNo: number; pageSize: number }): Promise<BroadcastPage> {
        const base = db.selectFrom('inbox_broadcasts').where('operator_id', '=', operatorId);
        const [rows, total] = await Promise.all([
          base
            .selectAll()
            .orderBy('id', 'desc')
            .offset((query.pageNo - 1) * query.pageSize)
            .limit(query.pageSize)
            .execute(),
          base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
        ]);
        const totalCount = Number(total.n);
        return {
          list: rows.map((r) => ({
            id: Number(r.id),
            vipLevel: r.vip_level === null ? null : Number(r.vip_level),
            contents: JSON.parse(r.contents) as Broadcast['contents'],
            recipients: Number(r.recipients),
            createdBy: r.created_by,
            createdAt: Number(r.created_at),
          })),
          pageNo: query.pageNo,
          pageSize: query.pageSize,
          totalCount,
          totalPages: Math.ceil(totalCount / query.pageSize),
        };
      },
    },
  };
  return service;
}
export type InboxService = ReturnType<typeof createInboxService>;
