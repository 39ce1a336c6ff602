import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, dropSchema } from '@playhouse/db/create-db';
import { buildApp } from '../src/app.ts';
import { parseEnv } from '../src/env.ts';
import {
  createTestMember,
  createTwoInstances,
  staffAuth,
  TEST_ADMIN_PASSWORD,
  TEST_DATABASE_URL,
} from './support/test-app.ts';
import { expectLedgerOk } from './support/ledger.ts';
import { openLive, tokenOf } from './support/live-client.ts';
import { BANK_CHANNEL, createChannel, deposit, uploadId } from './support/payments.ts';
import { listenForReal } from './support/reference-provider.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('several instances on PostgreSQL and Redis', () => {
  it("pushes to a member's socket on one instance a deposit credit and a chat reply made on the other", async () => {
    const { appA, appB } = await createTwoInstances();
    const baseA = await listenForReal(appA);
    const m = await createTestMember(appA);
    const socket = await openLive(baseA, { token: tokenOf(m.authorization) });
    try {
      // A deposit made and approved on B: the member on A sees it credited without asking.
      const bank = await createChannel(appB, BANK_CHANNEL);
      const created = await deposit(appB, m, {
        channelId: bank.id,
        amount: '120.00',
        reference: 'BANK-B-1',
        receiptIds: [await uploadId(appB, m.authorization)],
      });
      const { depositId } = created.json().value as { depositId: string };
      const approved = await appB.inject({
        method: 'POST',
        url: `/bo/api/deposits/${depositId}/approve`,
        headers: await staffAuth(appB),
        payload: {},
      });
      expect(approved.statusCode).toBe(200);
      expect(await socket.next('payment')).toEqual({
        type: 'payment',
        flow: 'deposit',
        id: depositId,
        status: null,
      });
      expect(await socket.next('balance')).toMatchObject({ balance: '120.00', kind: 'deposit' });
      // The member's chat, answered by an operator on B, arrives on A's socket.
      const asked = await appA.inject({
        method: 'POST',
        url: '/wps/chat/messages',
        headers: { authorization: m.authorization },
        payload: { text: 'Is my deposit in?' },
      });
      const conversationId = asked.json().value.conversationId as number;
      const staffB = await staffAuth(appB);
      await appB.inject({
        method: 'POST',
        url: `/bo/api/chat/conversations/${conversationId}/take`,
        headers: staffB,
        payload: {},
      });
      const replied = await appB.inject({
        method: 'POST',
        url: `/bo/api/chat/conversations/${conversationId}/messages`,
        headers: staffB,
        payload: { text: 'Yes, credited.' },
      });
      expect(replied.statusCode).toBe(200);
      expect((await socket.next('chat', (e) => e.message.sender === 'staff')).message).toMatchObject({
        conversationId,
        text: 'Yes, credited.',
      });
      // Signing out on B closes the session's socket on A.
      await appB.inject({
        method: 'DELETE',
        url: '/wps/session/logout',
        headers: { authorization: m.authorization },
      });
      expect(await socket.closed).toBe(4403);
    } finally {
      socket.close();
    }
    await expectLedgerOk(appA);
  }, 120_000);

  it('sees a settings change made on another instance at once', async () => {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const env = parseEnv({
      NODE_ENV: 'test',
      PLAYHOUSE_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      REDIS_URL,
      REDIS_PREFIX: `playhouse:${schema}:`,
    });
    const handles = [
      await createDb({ url: TEST_DATABASE_URL, schema, poolSize: 2 }),
      await createDb({ url: TEST_DATABASE_URL, schema, poolSize: 2 }),
    ];
    const appA = await buildApp({ env, database: handles[0]!, logger: false });
    const appB = await buildApp({ env, database: handles[1]!, logger: false });
    afterAll(async () => {
      await appA.close();
      await appB.close();
      for (const h of handles) await h.close();
      await dropSchema(TEST_DATABASE_URL, schema);
    });

    // B reads (and caches) the document first.
    expect((await appB.inject({ url: '/wps/system/status' })).json().value.status).toBe(0);

    const auth = await staffAuth(appA);
    const put = await appA.inject({
      method: 'PUT',
      url: '/bo/api/settings',
      headers: auth,
      payload: { status: { maintenance: true } },
    });
    expect(put.statusCode).toBe(200);

    // The invalidation travels through Redis pub/sub; wait for it rather than for the cache TTL.
    await expect
      .poll(async () => (await appB.inject({ url: '/wps/system/status' })).json().value.status, {
        timeout: 1500,
        interval: 20,
      })
      .toBe(1);

    // Both instances share one credential key pair.
    const keyA = (await appA.inject({ url: '/wps/system/publicKey' })).json().value.publicKey;
    const keyB = (await appB.inject({ url: '/wps/system/publicKey' })).json().value.publicKey;
    expect(keyA).toBe(keyB);
  });
});
