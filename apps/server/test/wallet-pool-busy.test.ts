import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, dropSchema } from '@playhouse/db/create-db';
import { buildApp } from '../src/app.ts';
import { parseEnv } from '../src/env.ts';
import { expectLedgerOk } from './support/ledger.ts';
import { connectVendor, fund, seamlessCall } from './support/seamless.ts';
import { createTestMember, TEST_ADMIN_PASSWORD, TEST_DATABASE_URL } from './support/test-app.ts';

/**
 * Bounded queueing (decision 035): on PostgreSQL a request that cannot get a pool connection within
 * the wait it is allowed fails at once with SERVER_BUSY (503, retry-after, localised) and does
 * nothing, so the provider's retry of the same call moves the money exactly once. SQLite has no
 * pool (one connection, group commit), so this is PostgreSQL's test only.
 */
describe('a request that finds the database pool exhausted (postgres)', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const ready = (async () => {
    const database = await createDb({ url: TEST_DATABASE_URL, schema, poolSize: 2, poolWaitMs: 150 });
    const app = await buildApp({
      env: parseEnv({ NODE_ENV: 'test', PLAYHOUSE_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, LOG_LEVEL: 'silent' }),
      database,
      logger: false,
    });
    await app.ready();
    return { app, database };
  })();
  afterAll(async () => {
    const { app, database } = await ready;
    await app.close();
    await database.close();
    await dropSchema(TEST_DATABASE_URL, schema);
  });

  /** Runs `during` while every connection of the pool is checked out and idle. */
  async function withPoolExhausted<T>(during: () => Promise<T>): Promise<T> {
    const { database } = await ready;
    // Two checkouts, each held until `during` ends: the pool (size 2) has nothing left to lend.
    return database.db.connection().execute(() => database.db.connection().execute(() => during()));
  }

  it('answers SERVER_BUSY at once, moves nothing, and the retry of the same call moves it once', async () => {
    const { app } = await ready;
    const vendor = await connectVendor(app, 'JILI');
    const member = await createTestMember(app);
    await fund(app, member.username, '10.00');
    const warm = {
      userName: member.username,
      transactionId: `t-${randomUUID()}`,
      roundId: `r-${randomUUID()}`,
      amount: '1.00',
    };
    expect((await seamlessCall(app, vendor, 'bet', warm)).statusCode).toBe(200);

    const bet = {
      userName: member.username,
      transactionId: `t-${randomUUID()}`,
      roundId: `r-${randomUUID()}`,
      amount: '2.00',
    };
    const started = performance.now();
    const refused = await withPoolExhausted(() =>
      seamlessCall(app, vendor, 'bet', bet, { headers: { language: 'fr' } }),
    );
    const waited = performance.now() - started;
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toEqual({
      success: false,
      code: 'SERVER_BUSY',
      message: 'Le serveur est occupé. Veuillez réessayer dans un instant.',
    });
    // Refused after the pool wait, not after seconds in a queue.
    expect(waited).toBeLessThan(2000);

    // Nothing moved: the balance is what the first bet left, and the retry is a first movement.
    const retried = await seamlessCall(app, vendor, 'bet', bet);
    expect(retried.json()).toEqual({
      success: true,
      value: { balance: '7.00', transactionId: bet.transactionId, duplicate: false },
    });
    const replay = await seamlessCall(app, vendor, 'bet', bet);
    expect(replay.json().value).toEqual({
      balance: '7.00',
      transactionId: bet.transactionId,
      duplicate: true,
    });
    await expectLedgerOk(app);
  });
});
