import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, dropSchema } from '@playhouse/db/create-db';
import { buildApp } from '../src/app.ts';
import { parseEnv } from '../src/env.ts';
import { TEST_ADMIN_PASSWORD, TEST_DATABASE_URL, staffAuth } from './support/test-app.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Two instances on one PostgreSQL database and one Redis, as when running behind a load balancer. */
describe('several instances on PostgreSQL and Redis', () => {
  it('sees a settings change made on another instance at once', async () => {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const env = parseEnv({ NODE_ENV: 'test', PLAYHOUSE_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, REDIS_URL });
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
