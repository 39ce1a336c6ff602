import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_GUEST_HEADER } from '@playhouse/contract/chat';
import type { App } from '../src/app.ts';
import { patchSettings } from './support/auth-client.ts';
import { openLive, tokenOf } from './support/live-client.ts';
import { upload, uploadId, testImage } from './support/payments.ts';
import { listenForReal } from './support/reference-provider.ts';
import { DIALECTS, createTestApp, createTestMember } from './support/test-app.ts';

/** A staff account with `role` and its own session. */
async function staffWithRole(app: App, role: string) {
  const { insertStaff, findStaff } = await import('../src/modules/backoffice/staff.repository.ts');
  const { STAFF_SESSION } = await import('../src/modules/backoffice/staff.service.ts');
  const operator = await app.services.settings.defaultOperator();
  const username = `${role}${randomBytes(3).toString('hex')}`;
  await insertStaff(app.services.db, operator.id, username, 'not-a-hash', role, Date.now());
  const staff = (await findStaff(app.services.db, operator.id, username))!;
  const { token } = await app.services.sessions.create(
    { type: 'staff', id: Number(staff.id), operatorId: operator.id },
    STAFF_SESSION,
    {},
  );
  return { id: Number(staff.id), username, token, headers: { authorization: `Bearer ${token}` } };
}

/**
 * Customer-service chat on both databases: the spec's CBS calls, a member's and a guest's
 * conversations with staff (queue, take, transfer, auto-assign, reply, read receipts, typing, images,
 * close with tags, rating), every id a player names checked, and roles on the console.
 */
describe.each(DIALECTS)('customer-service chat (%s)', (dialect) => {
  let app: App;
  let base: string;
  const sockets: { close: () => void }[] = [];
  beforeAll(async () => {
    app = await createTestApp(dialect);
    base = await listenForReal(app);
  }, 120_000);
  afterAll(() => sockets.forEach((s) => s.close()));

  const live = async (token: string, as: 'member' | 'staff' | 'guest' = 'member') => {
    const socket = await openLive(base);
    sockets.push(socket);
    socket.send({ type: 'auth', token, as });
    await socket.next('ready');
    return socket;
  };
  const player = (headers: Record<string, string>) => ({
    get: (url: string) => app.inject({ url, headers }),
    post: (url: string, payload: unknown) =>
      app.inject({ method: 'POST', url, headers, payload: payload as object }),
  });
  const bo = (headers: { authorization: string }) => ({
    get: (url: string) => app.inject({ url: `/bo/api/chat${url}`, headers }),
    post: (url: string, payload: unknown = {}) =>
      app.inject({ method: 'POST', url: `/bo/api/chat${url}`, headers, payload: payload as object }),
  });

  it('launches our own chat page, keeping only a way back on this site', async () => {
    const launch = (query: string) => app.inject({ url: `/wps/relay/CBS_launchChat?b2c=1&${query}` });
    const ours = await launch(
      `language=AR&backUrl=${encodeURIComponent('/m/home?tab=2')}&headerColor=%23123456&title=Help&template=v2`,
    );
    expect(ours.statusCode).toBe(200);
    const url = new URL(ours.json().value.chatUrl, 'http://x');
    expect(url.pathname).toBe('/m/chat');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      backUrl: '/m/home?tab=2&splash=0',
      headerColor: '#123456',
      title: 'Help',
      template: 'v2',
      language: 'AR',
    });
    for (const away of ['https://evil.example/m/home', '//evil.example/m/', '/bo/', 'javascript:alert(1)']) {
      const res = await launch(`backUrl=${encodeURIComponent(away)}`);
      expect(new URL(res.json().value.chatUrl, 'http://x').searchParams.has('backUrl')).toBe(false);
    }
    expect((await launch('headerColor=red;}')).statusCode).toBe(400);
  });

  it('carries a member’s conversation through the queue to an operator and back, live', async () => {
    const m = await createTestMember(app);
    const me = player({ authorization: m.authorization });
    const support = await staffWithRole(app, 'support');
    const other = await staffWithRole(app, 'support');
    const memberSocket = await live(tokenOf(m.authorization));
    const staffSocket = await live(support.token, 'staff');

    // An offline message: nobody has taken it yet, it waits in the queue.
    const first = await me.post('/wps/chat/messages', { text: 'Where is my deposit?' });
    expect(first.statusCode, first.body).toBe(200);
    const conversationId = first.json().value.conversationId as number;
    expect((await staffSocket.next('chat')).message.text).toBe('Where is my deposit?');
    const queue = (await bo(support.headers).get('/conversations?status=WAITING')).json().value;
    expect(queue.list.map((c: { id: number }) => c.id)).toContain(conversationId);
    expect(queue.list.find((c: { id: number }) => c.id === conversationId)).toMatchObject({
      memberName: m.username,
      unreadForStaff: 1,
    });

    // Taken once: a second taker is refused.
    expect((await bo(support.headers).post(`/conversations/${conversationId}/take`)).statusCode).toBe(200);
    expect((await bo(other.headers).post(`/conversations/${conversationId}/take`)).statusCode).toBe(409);
    expect(
      (await bo(other.headers).post(`/conversations/${conversationId}/messages`, { text: 'hi' })).statusCode,
    ).toBe(409);

    // Typing and the reply reach the member's socket; the unread count follows.
    staffSocket.send({ type: 'typing', conversationId });
    expect(await memberSocket.next('chatTyping')).toEqual({
      type: 'chatTyping',
      conversationId,
      from: 'staff',
    });
    const reply = await bo(support.headers).post(`/conversations/${conversationId}/messages`, {
      text: 'Checking now',
    });
    expect(reply.statusCode).toBe(200);
    const pushed = await memberSocket.next('chat', (e) => e.message.sender === 'staff');
    expect(pushed.message).toMatchObject({
      text: 'Checking now',
      staffName: support.username,
      conversationId,
    });
    expect((await me.get('/wps/relay/CBS_unreadCount')).json().value).toBe(1);
    // Read receipt: the staff console is told.
    await me.post('/wps/chat/read', { lastId: pushed.message.id + 1000 });
    expect(await staffSocket.next('chatRead')).toEqual({
      type: 'chatRead',
      conversationId,
      side: 'member',
      lastId: pushed.message.id,
    });
    expect((await me.get('/wps/relay/CBS_unreadCount')).json().value).toBe(0);

    // An image of the member's own (purpose chat); another member's is not found.
    const image = await upload(app, m.authorization, await testImage(), { purpose: 'chat' });
    expect(image.statusCode).toBe(200);
    const imageId = image.json().value.uploads[0].uploadId as string;
    const sentImage = await me.post('/wps/chat/messages', { uploadId: imageId });
    expect(sentImage.json().value).toMatchObject({ uploadId: imageId, text: null });
    const stranger = await createTestMember(app);
    const theirs = await uploadId(app, stranger.authorization);
    expect((await me.post('/wps/chat/messages', { uploadId: theirs })).statusCode).toBe(404);
    expect((await me.post('/wps/chat/messages', { text: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await me.post('/wps/chat/messages', {})).statusCode).toBe(400);
    // Staff see the image the member sent.
    expect(
      (await app.inject({ url: `/bo/api/uploads/${imageId}`, headers: support.headers })).statusCode,
    ).toBe(200);

    // History, searchable by text; transfer to a colleague; close with tags; the member rates once.
    const history = (await me.get('/wps/chat')).json().value;
    expect(history.messages.map((x: { sender: string }) => x.sender)).toEqual(['member', 'staff', 'member']);
    const found = (await bo(support.headers).get('/conversations?q=DEPOSIT')).json().value;
    expect(found.list.map((c: { id: number }) => c.id)).toContain(conversationId);
    const moved = await bo(support.headers).post(`/conversations/${conversationId}/transfer`, {
      staffUserName: other.username,
    });
    expect(moved.json().value.staffName).toBe(other.username);
    expect(
      (await bo(support.headers).post(`/conversations/${conversationId}/close`, { tags: [] })).statusCode,
    ).toBe(409);
    const closed = await bo(other.headers).post(`/conversations/${conversationId}/close`, {
      tags: ['deposit', 'solved'],
    });
    expect(closed.json().value).toMatchObject({ status: 'CLOSED', tags: ['deposit', 'solved'] });
    expect(
      (await memberSocket.next('chatConversation', (e) => e.conversation.status === 'CLOSED')).conversation
        .id,
    ).toBe(conversationId);
    expect((await me.post('/wps/chat/rating', { rating: 5, comment: 'Quick' })).json().value.rating).toBe(5);
    expect((await me.post('/wps/chat/rating', { rating: 1 })).statusCode).toBe(409);
    // A new message after the close starts a new conversation.
    const again = await me.post('/wps/chat/messages', { text: 'One more thing' });
    expect(again.json().value.conversationId).not.toBe(conversationId);
  });

  it('lets a guest who left contact details chat, and only with their own conversation', async () => {
    const started = await app.inject({
      method: 'POST',
      url: '/wps/chat/guest',
      payload: { name: 'Ana', contact: 'ana@example.com' },
    });
    expect(started.statusCode).toBe(200);
    const { guestToken, conversationId } = started.json().value as {
      guestToken: string;
      conversationId: number;
    };
    const guest = player({ [CHAT_GUEST_HEADER]: guestToken });
    const guestSocket = await live(guestToken, 'guest');
    expect(
      (await guest.post('/wps/chat/messages', { text: 'Can I register with a phone?' })).statusCode,
    ).toBe(200);
    // Images are for members' own uploads.
    expect((await guest.post('/wps/chat/messages', { uploadId: 'abc' })).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'POST', url: '/wps/chat/guest', payload: { name: '', contact: 'x' } }))
        .statusCode,
    ).toBe(400);
    // No token, or someone else's made-up one: not signed in.
    expect((await player({}).get('/wps/chat')).statusCode).toBe(401);
    expect(
      (await player({ [CHAT_GUEST_HEADER]: randomBytes(32).toString('base64url') }).get('/wps/chat'))
        .statusCode,
    ).toBe(401);

    const support = await staffWithRole(app, 'support');
    const row = (await bo(support.headers).get(`/conversations/${conversationId}`)).json().value;
    expect(row.conversation).toMatchObject({
      guestName: 'Ana',
      guestContact: 'ana@example.com',
      status: 'WAITING',
    });
    await bo(support.headers).post(`/conversations/${conversationId}/take`);
    await bo(support.headers).post(`/conversations/${conversationId}/messages`, { text: 'Yes, you can.' });
    expect((await guestSocket.next('chat', (e) => e.message.sender === 'staff')).message.text).toBe(
      'Yes, you can.',
    );
    const history = (await guest.get('/wps/chat')).json().value;
    expect(history.messages.map((x: { text: string }) => x.text)).toEqual([
      'Can I register with a phone?',
      'Yes, you can.',
    ]);
    await bo(support.headers).post(`/conversations/${conversationId}/close`, { tags: ['registration'] });
    expect((await guest.post('/wps/chat/rating', { rating: 4 })).statusCode).toBe(200);
    expect((await guest.post('/wps/chat/messages', { text: 'hello?' })).statusCode).toBe(409);
  });

  it('assigns waiting chats by load and keeps the console to roles that answer chat', async () => {
    const marketing = await staffWithRole(app, 'marketing');
    expect((await bo(marketing.headers).get('/conversations')).statusCode).toBe(403);
    const refused = await openLive(base);
    sockets.push(refused);
    refused.send({ type: 'auth', token: marketing.token, as: 'staff' });
    expect(await refused.closed).toBe(4401);

    const a = await createTestMember(app);
    const b = await createTestMember(app);
    for (const m of [a, b])
      await player({ authorization: m.authorization }).post('/wps/chat/messages', {
        text: `hello from ${m.username}`,
      });
    const support = await staffWithRole(app, 'support');
    const assigned = await bo(support.headers).post('/auto-assign');
    expect(assigned.json().value.assigned).toBeGreaterThanOrEqual(2);
    const waiting = (await bo(support.headers).get('/conversations?status=WAITING')).json().value;
    expect(waiting.totalCount).toBe(0);
    // Spread by load: no one who answers chat holds more than one more than anyone else.
    const open = (await bo(support.headers).get('/conversations?status=OPEN&pageSize=100')).json().value
      .list as {
      staffName: string;
    }[];
    const perStaff = new Map<string, number>();
    for (const c of open) perStaff.set(c.staffName, (perStaff.get(c.staffName) ?? 0) + 1);
    expect(Math.max(...perStaff.values()) - Math.min(...perStaff.values())).toBeLessThanOrEqual(1);
  });

  it('answers FEATURE_DISABLED while the operator has live chat off', async () => {
    const m = await createTestMember(app);
    await patchSettings(app, { whitelabel: { LIVECHAT3: false } });
    try {
      const res = await app.inject({ url: '/wps/relay/CBS_launchChat' });
      expect(res.json().code).toBe('FEATURE_DISABLED');
      const send = await player({ authorization: m.authorization }).post('/wps/chat/messages', {
        text: 'hi',
      });
      expect(send.json().code).toBe('FEATURE_DISABLED');
      const unread = await player({ authorization: m.authorization }).get('/wps/relay/CBS_unreadCount');
      expect(unread.json().code).toBe('FEATURE_DISABLED');
      const guest = await app.inject({
        method: 'POST',
        url: '/wps/chat/guest',
        payload: { name: 'A', contact: 'a@b.c' },
      });
      expect(guest.json().code).toBe('FEATURE_DISABLED');
    } finally {
      await patchSettings(app, { whitelabel: { LIVECHAT3: true } });
    }
  });
});
