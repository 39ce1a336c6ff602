import { createHash, randomBytes } from 'node:crypto';
import type {
  CannedReply,
  CannedReplySave,
  ChatConversation,
  ChatMessage,
  ChatSend,
} from '@playhouse/contract/chat';
import type { LiveEvent } from '@playhouse/contract/live';
import { staffCan } from '@playhouse/contract/staff-permissions';
import { AppError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { LiveService } from '../live/live.service.ts';
import type { Db } from '../operators/operators.repository.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import * as repo from './chat.repository.ts';

/** Who speaks on the player's side: a signed-in member, or a guest known by their chat token. */
export type ChatParty =
  | { kind: 'member'; operatorId: number; memberId: number }
  | { kind: 'guest'; operatorId: number; conversationId: number };

export interface ChatStaff {
  id: number;
  username: string;
  ip?: string;
}

const PAGE = 50;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const guestTopic = (operatorId: number, conversationId: number) => `g:${operatorId}:${conversationId}`;
export const staffTopic = (operatorId: number) => `s:${operatorId}`;

function toConversation(r: repo.ConversationRow): ChatConversation {
  return {
    id: Number(r.id),
    status: r.status as ChatConversation['status'],
    language: r.language,
    memberName: r.member_name ?? null,
    guestName: r.guest_name,
    guestContact: r.guest_contact,
    staffName: r.staff_name ?? null,
    tags: JSON.parse(r.tags) as string[],
    rating: r.rating === null ? null : Number(r.rating),
    memberReadId: Number(r.member_read_id),
    staffReadId: Number(r.staff_read_id),
    unreadForStaff: Number(r.unread_for_staff ?? 0),
    createdAt: Number(r.created_at),
    lastMessageAt: Number(r.last_message_at),
    closedAt: r.closed_at === null ? null : Number(r.closed_at),
  };
}

const toMessage = (r: Awaited<ReturnType<typeof repo.listMessages>>[number]): ChatMessage => ({
  id: Number(r.id),
  conversationId: Number(r.conversation_id),
  sender: r.sender as ChatMessage['sender'],
  staffName: r.staff_name ?? null,
  text: r.body,
  uploadId: r.upload_id,
  createdAt: Number(r.created_at),
});

/**
 * Customer-service chat (decision 025). A member has at most one conversation going at a time (a new
 * message after it closed starts another); a guest has the one their token names. Conversations wait
 * in the operator's queue until a member of staff takes one (or auto-assignment gives it to whoever has
 * the fewest open), and messages left while nobody answers wait there too (offline messages). Every
 * change is pushed on the live channel to the conversation's player and to the operator's staff.
 */
export function createChatService(deps: {
  db: Db;
  live: LiveService;
  uploads: UploadsService;
  audit: AuditService;
}) {
  const { db, live, uploads, audit } = deps;

  function publish(
    operatorId: number,
    conversation: { id: number; memberId: number | null },
    event: LiveEvent,
  ) {
    const json = JSON.stringify(event);
    live.bus.publish(staffTopic(operatorId), json);
    if (conversation.memberId !== null) live.toMember(operatorId, conversation.memberId, event);
    else live.bus.publish(guestTopic(operatorId, conversation.id), json);
  }
  const refOf = (r: repo.ConversationRow) => ({
    id: Number(r.id),
    memberId: r.member_id === null ? null : Number(r.member_id),
  });

  async function reload(operatorId: number, id: number) {
    const row = await repo.findConversation(db, operatorId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }
  async function announce(operatorId: number, id: number) {
    const row = await reload(operatorId, id);
    const conversation = toConversation(row);
    publish(operatorId, refOf(row), { type: 'chatConversation', conversation });
    return conversation;
  }

  /** The party's conversation: a guest's own, a member's current one (or latest when `latest`). */
  async function conversationOf(party: ChatParty, options: { create?: string; latest?: boolean } = {}) {
    if (party.kind === 'guest') return reload(party.operatorId, party.conversationId);
    const found =
      (await repo.findMemberOpen(db, party.operatorId, party.memberId)) ??
      (options.latest ? await repo.findMemberLatest(db, party.operatorId, party.memberId) : undefined);
    if (found) return found;
    if (!options.create) return undefined;
    const id = await repo.insertConversation(db, {
      operator_id: party.operatorId,
      member_id: party.memberId,
      guest_token_hash: null,
      guest_name: null,
      guest_contact: null,
      language: options.create,
      at: now(),
    });
    return reload(party.operatorId, id);
  }

  async function history(operatorId: number, conversationId: number, before?: number) {
    const rows = await repo.listMessages(db, operatorId, conversationId, before, PAGE);
    return rows.reverse().map(toMessage);
  }

  async function post(
    operatorId: number,
    row: repo.ConversationRow,
    message: {
      sender: ChatMessage['sender'];
      staffId: number | null;
      text: string | null;
      uploadId: string | null;
    },
  ) {
    const at = now();
    const id = await repo.insertMessage(db, {
      operator_id: operatorId,
      conversation_id: Number(row.id),
      sender: message.sender,
      staff_id: message.staffId,
      body: message.text,
      upload_id: message.uploadId,
      created_at: at,
    });
    // One's own message is read by oneself.
    await repo.markRead(db, Number(row.id), message.sender === 'staff' ? 'staff' : 'member', id);
    const [sent] = (await repo.listMessages(db, operatorId, Number(row.id), id + 1, 1)).map(toMessage);
    publish(operatorId, refOf(row), { type: 'chat', message: sent! });
    return sent!;
  }

  const player = {
    /** A guest starts a conversation with a name and contact; the token is shown once, kept hashed. */
    async startGuest(operatorId: number, language: string, body: { name: string; contact: string }) {
      const token = randomBytes(32).toString('base64url');
      const id = await repo.insertConversation(db, {
        operator_id: operatorId,
        member_id: null,
        guest_token_hash: hashToken(token),
        guest_name: body.name,
        guest_contact: body.contact,
        language,
        at: now(),
      });
      await announce(operatorId, id);
      return { guestToken: token, conversationId: id };
    },

    /** The guest a token names (their conversation), or NOT_LOGGED_IN. */
    async guest(operatorId: number, token: string | undefined): Promise<ChatParty> {
      const row = token ? await repo.findGuestConversation(db, operatorId, hashToken(token)) : undefined;
      if (!row) throw new AppError('NOT_LOGGED_IN');
      return { kind: 'guest', operatorId, conversationId: Number(row.id) };
    },

    /** The party's conversation with its newest messages (or older ones `before` an id). */
    async history(party: ChatParty, before?: number) {
      const row = await conversationOf(party, { latest: true });
      if (!row) return { conversation: null, messages: [] };
      return {
        conversation: toConversation(row),
        messages: await history(party.operatorId, Number(row.id), before),
      };
    },

    async send(party: ChatParty, language: string, body: ChatSend) {
      let row = await conversationOf(party, { create: language });
      if (!row) throw new AppError('NOT_FOUND');
      if (row.status === 'CLOSED') {
        // A guest's conversation ends with its close; a member's next message starts a new one.
        if (party.kind === 'guest') throw new AppError('CONFLICT');
        row = (await conversationOf(party, { create: language }))!;
      }
      if (body.uploadId) {
        if (party.kind !== 'member') throw new AppError('FORBIDDEN');
        await uploads.assertOwned(party.memberId, party.operatorId, [body.uploadId], 'chat', 'uploadId');
      }
      const first = (await repo.lastMessageId(db, Number(row.id))) === 0;
      const sent = await post(party.operatorId, row, {
        sender: party.kind,
        staffId: null,
        text: body.text ?? null,
        uploadId: body.uploadId ?? null,
      });
      // A member's first message puts the conversation in the queue.
      if (first && party.kind === 'member') await announce(party.operatorId, Number(row.id));
      return sent;
    },

    async read(party: ChatParty, lastId: number) {
      const row = await conversationOf(party, { latest: true });
      if (!row) throw new AppError('NOT_FOUND');
      const upTo = Math.min(lastId, await repo.lastMessageId(db, Number(row.id)));
      if (await repo.markRead(db, Number(row.id), 'member', upTo))
        publish(party.operatorId, refOf(row), {
          type: 'chatRead',
          conversationId: Number(row.id),
          side: 'member',
          lastId: upTo,
        });
      return { lastId: upTo };
    },

    async typing(party: ChatParty) {
      const row = await conversationOf(party);
      if (!row || row.status === 'CLOSED') return;
      live.bus.publish(
        staffTopic(party.operatorId),
        JSON.stringify({
          type: 'chatTyping',
          conversationId: Number(row.id),
          from: 'member',
        } satisfies LiveEvent),
      );
    },

    /** The satisfaction rating, once, after the conversation closed. */
    async rate(party: ChatParty, rating: number, comment: string | undefined) {
      const row = await conversationOf(party, { latest: true });
      if (!row || row.status !== 'CLOSED') throw new AppError('NOT_FOUND');
      if (!(await repo.rate(db, party.operatorId, Number(row.id), rating, comment ?? null)))
        throw new AppError('CONFLICT');
      return announce(party.operatorId, Number(row.id));
    },

    /** CBS_unreadCount: staff messages the member has not read. */
    unread: (operatorId: number, memberId: number) => repo.memberUnread(db, operatorId, memberId),
  };

  async function assigned(operatorId: number, staff: ChatStaff, id: number) {
    const row = await reload(operatorId, id);
    if (row.status !== 'OPEN' || Number(row.staff_id) !== staff.id) throw new AppError('CONFLICT');
    return row;
  }

  async function record(
    operatorId: number,
    staff: ChatStaff,
    action: string,
    id: number,
    detail: Record<string, unknown> = {},
  ) {
    await audit.record({
      operatorId,
      actorType: 'staff',
      actorId: String(staff.id),
      action,
      target: `chat:${id}`,
      detail,
      ip: staff.ip ?? null,
    });
  }

  const console = {
    async list(
      operatorId: number,
      staff: ChatStaff,
      query: {
        status?: string | undefined;
        mine?: boolean | undefined;
        q?: string | undefined;
        pageNo: number;
        pageSize: number;
      },
    ) {
      const { rows, total } = await repo.search(db, operatorId, {
        status: query.status,
        staffId: query.mine ? staff.id : undefined,
        q: query.q,
        offset: (query.pageNo - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return {
        list: rows.map(toConversation),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        totalCount: total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    async history(operatorId: number, id: number, before?: number) {
      const row = await reload(operatorId, id);
      return { conversation: toConversation(row), messages: await history(operatorId, id, before) };
    },

    /** Takes a waiting conversation; a second taker gets CONFLICT. */
    async take(operatorId: number, staff: ChatStaff, id: number) {
      await reload(operatorId, id);
      if (
        !(await repo.transition(
          db,
          operatorId,
          id,
          { status: ['WAITING'] },
          { status: 'OPEN', staff_id: staff.id },
        ))
      )
        throw new AppError('CONFLICT');
      await record(operatorId, staff, 'chat.taken', id);
      return announce(operatorId, id);
    },

    /** Hands an open conversation of one's own to another member of staff who may answer chat. */
    async transfer(operatorId: number, staff: ChatStaff, id: number, toUserName: string) {
      const to = await repo.staffByName(db, operatorId, toUserName);
      if (!to || to.disabled || !staffCan(to.role, 'chat.answer')) throw new AppError('NOT_FOUND');
      if (
        !(await repo.transition(
          db,
          operatorId,
          id,
          { status: ['OPEN'], staffId: staff.id },
          { status: 'OPEN', staff_id: Number(to.id) },
        ))
      )
        throw new AppError('CONFLICT');
      await record(operatorId, staff, 'chat.transferred', id, { to: to.username });
      return announce(operatorId, id);
    },

    /**
     * Gives every waiting conversation (oldest first) to the staff member who may answer chat and has
     * the fewest open ones; a conversation someone took meanwhile is skipped.
     */
    async autoAssign(operatorId: number, staff: ChatStaff) {
      const candidates = (await repo.activeStaff(db, operatorId)).filter((s) =>
        staffCan(s.role, 'chat.answer'),
      );
      if (!candidates.length) return { assigned: 0 };
      const load = await repo.loads(db, operatorId);
      let assigned = 0;
      for (const { id } of await repo.waitingIds(db, operatorId)) {
        const pick = candidates.reduce((best, s) =>
          (load.get(Number(s.id)) ?? 0) < (load.get(Number(best.id)) ?? 0) ? s : best,
        );
        const staffId = Number(pick.id);
        if (
          await repo.transition(
            db,
            operatorId,
            Number(id),
            { status: ['WAITING'] },
            { status: 'OPEN', staff_id: staffId },
          )
        ) {
          load.set(staffId, (load.get(staffId) ?? 0) + 1);
          assigned++;
          await announce(operatorId, Number(id));
        }
      }
      if (assigned) await record(operatorId, staff, 'chat.auto_assigned', 0, { assigned });
      return { assigned };
    },

    async reply(operatorId: number, staff: ChatStaff, id: number, text: string) {
      const row = await assigned(operatorId, staff, id);
      return post(operatorId, row, { sender: 'staff', staffId: staff.id, text, uploadId: null });
    },

    async read(operatorId: number, id: number, lastId: number) {
      const row = await reload(operatorId, id);
      const upTo = Math.min(lastId, await repo.lastMessageId(db, id));
      if (await repo.markRead(db, id, 'staff', upTo))
        publish(operatorId, refOf(row), {
          type: 'chatRead',
          conversationId: id,
          side: 'staff',
          lastId: upTo,
        });
      return { lastId: upTo };
    },

    async typing(operatorId: number, staffId: number, id: number) {
      const row = await repo.findConversation(db, operatorId, id);
      if (!row || row.status !== 'OPEN' || Number(row.staff_id) !== staffId) return;
      const event: LiveEvent = { type: 'chatTyping', conversationId: id, from: 'staff' };
      if (row.member_id !== null) live.toMember(operatorId, Number(row.member_id), event);
      else live.bus.publish(guestTopic(operatorId, id), JSON.stringify(event));
    },

    /** Closes an open conversation of one's own (or a waiting one) with tags; the player may then rate it. */
    async close(operatorId: number, staff: ChatStaff, id: number, tags: string[]) {
      const row = await reload(operatorId, id);
      const ok =
        row.status === 'WAITING'
          ? await repo.transition(
              db,
              operatorId,
              id,
              { status: ['WAITING'] },
              { status: 'CLOSED', staff_id: staff.id, closed_at: now(), tags: JSON.stringify(tags) },
            )
          : await repo.transition(
              db,
              operatorId,
              id,
              { status: ['OPEN'], staffId: staff.id },
              { status: 'CLOSED', closed_at: now(), tags: JSON.stringify(tags) },
            );
      if (!ok) throw new AppError('CONFLICT');
      await record(operatorId, staff, 'chat.closed', id, { tags });
      return announce(operatorId, id);
    },
  };

  const canned = {
    /** Every canned reply of the operator, by shortcut then language. */
    async list(operatorId: number): Promise<CannedReply[]> {
      return (await repo.listCanned(db, operatorId)).map((r) => ({
        id: Number(r.id),
        shortcut: r.shortcut,
        language: r.language,
        text: r.body,
        updatedAt: Number(r.updated_at),
      }));
    },
    /** Writes one shortcut's text in one language (a new one, or a new text for it). Audited. */
    async save(operatorId: number, staff: ChatStaff, body: CannedReplySave) {
      const language = body.language.toUpperCase();
      const id = await repo.saveCanned(db, {
        operator_id: operatorId,
        shortcut: body.shortcut,
        language,
        body: body.text,
        updated_at: now(),
      });
      await audit.record({
        operatorId,
        actorType: 'staff',
        actorId: String(staff.id),
        action: 'chat.canned_saved',
        target: `chat-canned:${id}`,
        detail: { shortcut: body.shortcut, language },
        ip: staff.ip ?? null,
      });
      return (await canned.list(operatorId)).find((r) => r.id === id)!;
    },
    async remove(operatorId: number, staff: ChatStaff, id: number) {
      if (!(await repo.deleteCanned(db, operatorId, id))) throw new AppError('NOT_FOUND');
      await audit.record({
        operatorId,
        actorType: 'staff',
        actorId: String(staff.id),
        action: 'chat.canned_deleted',
        target: `chat-canned:${id}`,
        detail: {},
        ip: staff.ip ?? null,
      });
    },
  };

  /** An image a player sent in this conversation, for staff (never any other upload). */
  async function imageOf(operatorId: number, conversationId: number, uploadId: string) {
    await reload(operatorId, conversationId);
    if (!(await repo.conversationHasUpload(db, operatorId, conversationId, uploadId)))
      throw new AppError('NOT_FOUND');
    return uploads.readForStaff(operatorId, uploadId);
  }

  /** The member a conversation is with (undefined for a guest's). */
  async function memberOf(operatorId: number, conversationId: number) {
    const row = await reload(operatorId, conversationId);
    return row.member_id === null ? undefined : { id: Number(row.member_id), userName: row.member_name! };
  }

  return { player, console: { ...console, imageOf, memberOf }, canned };
}
export type ChatService = ReturnType<typeof createChatService>;
