import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { expectLedgerOk } from './support/ledger.ts';
import { BANK_CHANNEL, createChannel, deposit, testImage, upload, uploadId } from './support/payments.ts';
import { DIALECTS, createTestApp, createTestMember, staffAuth } from './support/test-app.ts';

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
  return { authorization: `Bearer ${token}` };
}

/**
 * The operator console's helpers on both databases: canned replies in several languages (managed
 * under chat.configure, read under chat.answer), the member's context beside a conversation, and the
 * images a player sent, shown to staff only through their own conversation.
 */
describe.each(DIALECTS)('chat console (%s)', (dialect) => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp(dialect);
  }, 120_000);
  afterAll(async () => app?.close());

  const call = (headers: { authorization: string }, method: string, url: string, payload?: unknown) =>
    app.inject({
      method: method as 'GET',
      url: `/bo/api/chat${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('keeps canned replies per shortcut and language, written only by those who configure chat', async () => {
    const owner = await staffAuth(app);
    const support = await staffWithRole(app, 'support');
    const save = (who: { authorization: string }, body: unknown) => call(who, 'PUT', '/canned', body);

    expect((await save(support, { shortcut: 'hello', language: 'EN', text: 'Hi!' })).statusCode).toBe(403);
    const en = await save(owner, { shortcut: 'hello', language: 'en', text: 'Hello, how can I help?' });
    expect(en.statusCode, en.body).toBe(200);
    expect(en.json().value).toMatchObject({ shortcut: 'hello', language: 'EN' });
    await save(owner, { shortcut: 'hello', language: 'AR', text: 'مرحباً، كيف يمكنني المساعدة؟' });
    // The same shortcut and language again replaces its text.
    const again = await save(owner, { shortcut: 'hello', language: 'EN', text: 'Hello! How can I help?' });
    expect(again.json().value.id).toBe(en.json().value.id);
    expect((await save(owner, { shortcut: 'two words', language: 'EN', text: 'x' })).statusCode).toBe(400);
    expect((await save(owner, { shortcut: 'x', language: 'EN', text: '' })).statusCode).toBe(400);

    const listed = await call(support, 'GET', '/canned');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().value).toEqual([
      expect.objectContaining({ shortcut: 'hello', language: 'AR', text: 'مرحباً، كيف يمكنني المساعدة؟' }),
      expect.objectContaining({ shortcut: 'hello', language: 'EN', text: 'Hello! How can I help?' }),
    ]);

    const arId = listed.json().value[0].id as number;
    expect((await call(support, 'DELETE', `/canned/${arId}`)).statusCode).toBe(403);
    expect((await call(owner, 'DELETE', `/canned/${arId}`)).statusCode).toBe(200);
    expect((await call(owner, 'DELETE', `/canned/${arId}`)).statusCode).toBe(404);
    expect((await call(support, 'GET', '/canned')).json().value).toHaveLength(1);
  });

  it("shows the member's balance, deposits and open withdrawals beside the chat, nothing for a guest", async () => {
    const support = await staffWithRole(app, 'support');
    const m = await createTestMember(app);
    const bank = await createChannel(app, BANK_CHANNEL);
    const receipt = await uploadId(app, m.authorization);
    const made = await deposit(app, m, {
      channelId: bank.id,
      amount: '120.00',
      reference: 'CHAT-CTX',
      receiptIds: [receipt],
    });
    expect(made.statusCode, made.body).toBe(200);
    const sent = await app.inject({
      method: 'POST',
      url: '/wps/chat/messages',
      headers: { authorization: m.authorization },
      payload: { text: 'My deposit is pending' },
    });
    const conversationId = sent.json().value.conversationId as number;

    const context = await call(support, 'GET', `/conversations/${conversationId}/context`);
    expect(context.statusCode, context.body).toBe(200);
    expect(context.json().value.member).toMatchObject({
      userName: m.username,
      balance: '0.00',
      lastDeposits: [expect.objectContaining({ amount: '120.00', status: 'PENDING' })],
      openWithdrawals: [],
    });

    const guest = await app.inject({
      method: 'POST',
      url: '/wps/chat/guest',
      payload: { name: 'Ana', contact: 'ana@example.com' },
    });
    const guestConversation = guest.json().value.conversationId as number;
    const guestContext = await call(support, 'GET', `/conversations/${guestConversation}/context`);
    expect(guestContext.json().value).toEqual({ member: null });
    expect(guest.json().value.guestToken).toBeTruthy();
    expect((await call(support, 'GET', '/conversations/999999/context')).statusCode).toBe(404);

    // Nothing moved money here; the ledger still balances.
    await expectLedgerOk(app);
  });

  it('shows staff the images a player sent, only through that conversation', async () => {
    const support = await staffWithRole(app, 'support');
    const m = await createTestMember(app);
    const image = await upload(app, m.authorization, await testImage(), { purpose: 'chat' });
    const imageId = image.json().value.uploads[0].uploadId as string;
    const sent = await app.inject({
      method: 'POST',
      url: '/wps/chat/messages',
      headers: { authorization: m.authorization },
      payload: { uploadId: imageId },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const conversationId = sent.json().value.conversationId as number;

    const shown = await call(support, 'GET', `/conversations/${conversationId}/images/${imageId}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    // The member's receipt was never sent in the chat: not reachable through it.
    const receipt = await uploadId(app, m.authorization);
    expect(
      (await call(support, 'GET', `/conversations/${conversationId}/images/${receipt}`)).statusCode,
    ).toBe(404);
  });
});
