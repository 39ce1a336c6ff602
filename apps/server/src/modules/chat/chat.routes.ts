import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CannedReplySaveSchema,
  CannedReplySchema,
  CHAT_GUEST_HEADER,
  ChatMemberContextSchema,
  ChatCloseSchema,
  ChatConversationSchema,
  ChatHistoryQuerySchema,
  ChatHistorySchema,
  ChatMessageSchema,
  ChatQueueQuerySchema,
  ChatQueueSchema,
  ChatRateSchema,
  ChatReadSchema,
  ChatSendSchema,
  ChatStaffSendSchema,
  ChatTransferSchema,
  ChatUnreadSchema,
  GuestStartSchema,
  GuestStartedSchema,
  LaunchChatQuerySchema,
  LaunchChatSchema,
} from '@playhouse/contract/chat';
import { envelopeOf } from '@playhouse/contract/envelope';
import { DeskQuerySchema } from '@playhouse/contract/payments';
import { formatMoney } from '@playhouse/contract/money';
import { bearerToken } from '../../lib/bearer.ts';
import { ok } from '../../lib/envelope.ts';
import { requireMember } from '../../lib/require-member.ts';
import { staffActor } from '../games/require-staff.ts';
import type { ChatParty } from './chat.service.ts';
import { chatUrl } from './chat-url.ts';

const security = [{ bearer: [] }];
const tags = ['chat'];
const boTags = ['back office: chat'];
const IdParams = z.object({ id: z.coerce.number().int().positive() });
const HistoryAnswer = ChatHistorySchema.extend({ conversation: ChatConversationSchema.nullable() });

/** Chat messages: enough for a person typing, not for a script (per session, or per address for guests). */
const sendLimit = {
  rateLimit: {
    max: 30,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => {
      const who = request.headers.authorization ?? request.headers[CHAT_GUEST_HEADER];
      return typeof who === 'string'
        ? `chat:${createHash('sha256').update(who).digest('hex').slice(0, 32)}`
        : `${request.operator.id}:${request.ip}`;
    },
  },
};

/**
 * Customer-service chat: the spec's CBS calls, the player's conversation and the operator console.
 * The player's calls belong to live chat (LIVECHAT3): FEATURE_DISABLED while the operator has it off.
 */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { chat, ledger, memberInfo, payments, withdrawals } = app.services;

  /** The signed-in member, or the guest of the token. */
  async function party(request: FastifyRequest): Promise<ChatParty> {
    if (bearerToken(request)) {
      const member = await requireMember(request);
      return { kind: 'member', operatorId: member.operatorId, memberId: member.id };
    }
    const guest = request.headers[CHAT_GUEST_HEADER];
    return chat.player.guest(request.operator.id, typeof guest === 'string' ? guest : undefined);
  }

  app.get(
    '/wps/relay/CBS_launchChat',
    {
      config: { feature: 'LIVECHAT3' },
      schema: {
        tags,
        summary:
          "Where the chat page is (spec §7 CBS_launchChat): our own page with the caller's header and way back",
        querystring: LaunchChatQuerySchema,
        response: { 200: envelopeOf(LaunchChatSchema) },
      },
    },
    async (request) => ok({ chatUrl: chatUrl(request.query, request.language) }),
  );

  app.get(
    '/wps/relay/CBS_unreadCount',
    {
      config: { feature: 'LIVECHAT3' },
      schema: {
        tags,
        security,
        summary: 'Chat messages from staff the member has not read (spec §7 CBS_unreadCount)',
        response: { 200: envelopeOf(ChatUnreadSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const member = await requireMember(request);
      return ok(await chat.player.unread(member.operatorId, member.id));
    },
  );

  app.post(
    '/wps/chat/guest',
    {
      config: { feature: 'LIVECHAT3', rateLimit: { max: 10, timeWindow: 3600_000 } },
      schema: {
        tags,
        summary:
          'A guest opens a chat with a name and a contact; answers the guest token (sent as X-Chat-Guest)',
        body: GuestStartSchema,
        response: { 200: envelopeOf(GuestStartedSchema) },
      },
    },
    async (request) => ok(await chat.player.startGuest(request.operator.id, request.language, request.body)),
  );

  app.get(
    '/wps/chat',
    {
      config: { feature: 'LIVECHAT3' },
      schema: {
        tags,
        security,
        summary: 'My conversation and its newest messages (older ones with before=<id>)',
        querystring: ChatHistoryQuerySchema,
        response: { 200: envelopeOf(HistoryAnswer) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await chat.player.history(await party(request), request.query.before));
    },
  );

  app.post(
    '/wps/chat/messages',
    {
      config: { feature: 'LIVECHAT3', ...sendLimit },
      schema: {
        tags,
        security,
        summary:
          'Send a text or one of my images (uploaded with purpose chat); starts a conversation when none is going',
        body: ChatSendSchema,
        response: { 200: envelopeOf(ChatMessageSchema) },
      },
    },
    async (request) => ok(await chat.player.send(await party(request), request.language, request.body)),
  );

  app.post(
    '/wps/chat/read',
    {
      config: { feature: 'LIVECHAT3' },
      schema: {
        tags,
        security,
        summary: 'I have read up to this message (read receipt)',
        body: ChatReadSchema,
        response: { 200: envelopeOf(ChatReadSchema) },
      },
    },
    async (request) => ok(await chat.player.read(await party(request), request.body.lastId)),
  );

  app.post(
    '/wps/chat/rating',
    {
      config: { feature: 'LIVECHAT3' },
      schema: {
        tags,
        security,
        summary: 'Rate a closed conversation, once (1–5, optional comment)',
        body: ChatRateSchema,
        response: { 200: envelopeOf(ChatConversationSchema) },
      },
    },
    async (request) =>
      ok(await chat.player.rate(await party(request), request.body.rating, request.body.comment)),
  );

  // ---------- back office ----------

  app.get(
    '/bo/api/chat/conversations',
    {
      config: { permission: 'chat.answer' },
      schema: {
        tags: boTags,
        security,
        summary: 'The queue and history: by status, mine only, or searched (names, contacts, tags, text)',
        querystring: ChatQueueQuerySchema,
        response: { 200: envelopeOf(ChatQueueSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await chat.console.list(request.operator.id, staffActor(request), request.query));
    },
  );

  app.get(
    '/bo/api/chat/conversations/:id',
    {
      config: { permission: 'chat.answer' },
      schema: {
        tags: boTags,
        security,
        summary: 'One conversation with its newest messages',
        params: IdParams,
        querystring: ChatHistoryQuerySchema,
        response: { 200: envelopeOf(ChatHistorySchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await chat.console.history(request.operator.id, request.params.id, request.query.before));
    },
  );

  const action = (
    path: string,
    summary: string,
    run: (request: FastifyRequest<{ Params: { id: number } }>, body: never) => Promise<unknown>,
    body: z.ZodType = z.object({}).strict(),
    response: z.ZodType = ChatConversationSchema,
  ) =>
    app.post(
      `/bo/api/chat/conversations/:id/${path}`,
      {
        config: { permission: 'chat.answer' },
        schema: {
          tags: boTags,
          security,
          summary,
          params: IdParams,
          body,
          response: { 200: envelopeOf(response) },
        },
      },
      async (request) => ok(await run(request as never, request.body as never)),
    );

  action('take', 'Take a waiting conversation', (r) =>
    chat.console.take(r.operator.id, staffActor(r), r.params.id),
  );
  action(
    'transfer',
    'Hand my conversation to another member of staff who answers chat',
    (r, body: z.infer<typeof ChatTransferSchema>) =>
      chat.console.transfer(r.operator.id, staffActor(r), r.params.id, body.staffUserName),
    ChatTransferSchema,
  );
  action(
    'messages',
    'Reply in my conversation',
    (r, body: z.infer<typeof ChatStaffSendSchema>) =>
      chat.console.reply(r.operator.id, staffActor(r), r.params.id, body.text),
    ChatStaffSendSchema,
    ChatMessageSchema,
  );
  action(
    'read',
    'Staff have read up to this message',
    (r, body: z.infer<typeof ChatReadSchema>) => chat.console.read(r.operator.id, r.params.id, body.lastId),
    ChatReadSchema,
    ChatReadSchema,
  );
  action(
    'close',
    'Close with tags; the player may then rate it',
    (r, body: z.infer<typeof ChatCloseSchema>) =>
      chat.console.close(r.operator.id, staffActor(r), r.params.id, body.tags),
    ChatCloseSchema,
  );

  app.get(
    '/bo/api/chat/conversations/:id/context',
    {
      config: { permission: 'chat.answer' },
      schema: {
        tags: boTags,
        security,
        summary:
          'The member beside the conversation: balance, VIP rank, last deposits, open withdrawals (null for a guest)',
        params: IdParams,
        response: { 200: envelopeOf(ChatMemberContextSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const operatorId = request.operator.id;
      const who = await chat.console.memberOf(operatorId, request.params.id);
      if (!who) return ok({ member: null });
      const desk = (status?: string) =>
        DeskQuerySchema.parse({ userName: who.userName, pageNo: 1, pageSize: 5, status });
      const [wallet, info, deposits, pending, processing] = await Promise.all([
        ledger.wallet({ memberId: who.id }),
        memberInfo.info({ id: who.id, operatorId, username: who.userName, type: 0, sessionId: 0 }),
        payments.deposits.desk(operatorId, desk()),
        withdrawals.withdrawals.desk(operatorId, desk('PENDING')),
        withdrawals.withdrawals.desk(operatorId, desk('PROCESSING')),
      ]);
      return ok({
        member: {
          userName: who.userName,
          balance: formatMoney(wallet?.balance ?? 0),
          currency: wallet?.currency ?? '',
          vip: info.clubLabel?.labelName ?? null,
          lastDeposits: deposits.list.map((d) => ({
            id: d.depositId,
            amount: d.amount,
            status: d.status,
            createdAt: d.createdAt,
          })),
          openWithdrawals: [...pending.list, ...processing.list].map((w) => ({
            id: w.withdrawalId,
            amount: w.amount,
            status: w.status,
            createdAt: w.createdAt,
          })),
        },
      });
    },
  );

  app.get(
    '/bo/api/chat/conversations/:id/images/:uploadId',
    {
      config: { permission: 'chat.answer' },
      schema: {
        tags: boTags,
        security,
        summary: 'An image the player sent in this conversation',
        params: IdParams.extend({ uploadId: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const image = await chat.console.imageOf(
        request.operator.id,
        request.params.id,
        request.params.uploadId,
      );
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'same-origin')
        .send(image.data);
    },
  );

  app.get(
    '/bo/api/chat/canned',
    {
      config: { permission: 'chat.answer' },
      schema: {
        tags: boTags,
        security,
        summary: 'Canned replies, one text per shortcut and language',
        response: { 200: envelopeOf(z.array(CannedReplySchema)) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await chat.canned.list(request.operator.id));
    },
  );

  app.put(
    '/bo/api/chat/canned',
    {
      config: { permission: 'chat.configure' },
      schema: {
        tags: boTags,
        security,
        summary: "Write a canned reply's text in one language (new, or replacing that language's text)",
        body: CannedReplySaveSchema,
        response: { 200: envelopeOf(CannedReplySchema) },
      },
    },
    async (request) => ok(await chat.canned.save(request.operator.id, staffActor(request), request.body)),
  );

  app.delete(
    '/bo/api/chat/canned/:id',
    {
      config: { permission: 'chat.configure' },
      schema: {
        tags: boTags,
        security,
        summary: 'Delete one language of a canned reply',
        params: IdParams,
        response: { 200: envelopeOf(z.object({ deleted: z.literal(true) })) },
      },
    },
    async (request) => {
      await chat.canned.remove(request.operator.id, staffActor(request), request.params.id);
      return ok({ deleted: true as const });
    },
  );

  app.post(
    '/bo/api/chat/auto-assign',
    {
      config: { permission: 'chat.answer' },
      schema: {
        tags: boTags,
        security,
        summary: 'Give every waiting conversation to the staff member with the fewest open ones',
        body: z.object({}).strict().optional(),
        response: { 200: envelopeOf(z.object({ assigned: z.number().int() })) },
      },
    },
    async (request) => ok(await chat.console.autoAssign(request.operator.id, staffActor(request))),
  );
};
