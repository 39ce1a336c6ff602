import { randomBytes } from 'node:crypto';
import { afterAll } from 'vitest';
import { createDb, dropSchema, type DbDialect } from '@playhouse/db/create-db';
import { buildApp, type App } from '../../src/app.ts';
import { parseEnv } from '../../src/env.ts';

/** Every database test runs on both dialects. */
export const DIALECTS: DbDialect[] = ['sqlite', 'postgres'];

export const TEST_ADMIN_PASSWORD = 'test-admin-password';
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A fresh app on a fresh database: in-memory SQLite, or a PostgreSQL schema of its own that is
 * dropped when the file's tests end.
 */
export async function createTestApp(
  dialect: DbDialect,
  env: Record<string, string> = {},
  options: { webDist?: string } = {},
): Promise<App> {
  const schema = dialect === 'postgres' ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const database = await createDb(
    dialect === 'postgres' ? { url: TEST_DATABASE_URL, schema: schema!, poolSize: 4 } : { url: ':memory:' },
  );
  const app = await buildApp({
    env: parseEnv({
      NODE_ENV: 'test',
      PLAYHOUSE_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      LOG_LEVEL: 'silent',
      // One operator unless a test makes more (the demo's second brand is the browser tests').
      DEMO_SECOND_BRAND: '0',
      // Apps given Redis share it with other files' apps: keys and channels stay the app's own.
      REDIS_PREFIX: `playhouse:${schema ?? `m_${randomBytes(6).toString('hex')}`}:`,
      // The report job counts the journal in the background; tests that read reports call
      // `services.reportTotals.catchUp()` themselves, so no other test shares its pool with it.
      REPORT_TOTALS_SECONDS: '0',
      ...env,
    }),
    database,
    logger: false,
    ...options,
  });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
    if (schema) await dropSchema(TEST_DATABASE_URL, schema);
  });
  return app;
}

/** Signs in as the first operator account; returns the bearer header. */
export async function staffAuth(app: App): Promise<{ authorization: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/bo/api/session',
    payload: { username: 'admin', password: TEST_ADMIN_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`staff login failed: ${res.body}`);
  return { authorization: `Bearer ${res.json().value.token}` };
}

let memberSeq = 0;

/**
 * Inserts a member straight into the database and opens a session for it, for tests of features
 * that need a signed-in member (registration and login have their own tests).
 */
export async function createTestMember(
  app: App,
  overrides: { username?: string; type?: number } = {},
): Promise<{ id: number; username: string; authorization: string }> {
  const { insertMember } = await import('../../src/modules/members/members.repository.ts');
  const { MEMBER_SESSION } = await import('../../src/modules/members/member-auth.service.ts');
  const operator = await app.services.settings.defaultOperator();
  const username = overrides.username ?? `player${Date.now().toString(36)}${memberSeq++}`;
  const id = await insertMember(app.services.db, {
    operator_id: operator.id,
    username: username.toLowerCase(),
    password_hash: null,
    type: overrides.type ?? 0,
    status: 'active',
    currency: 'PHP',
    first_time_login: 0,
    created_at: Date.now(),
  });
  const { token } = await app.services.sessions.create(
    { type: 'member', id, operatorId: operator.id },
    MEMBER_SESSION,
    {},
  );
  return { id, username: username.toLowerCase(), authorization: `Bearer ${token}` };
}

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Two apps on one new PostgreSQL schema, as two instances behind a load balancer (with Redis unless
 * `env` says otherwise); closed and the schema dropped when the file's tests end.
 */
export async function createTwoInstances(
  env: Record<string, string> = {},
  options: { poolSize?: number } = {},
): Promise<{ appA: App; appB: App }> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const parsed = parseEnv({
    NODE_ENV: 'test',
    PLAYHOUSE_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    REDIS_URL: TEST_REDIS_URL,
    // Other files' apps share this Redis: events, settings changes and counts stay within the schema.
    REDIS_PREFIX: `playhouse:${schema}:`,
    LOG_LEVEL: 'silent',
    DEMO_SECOND_BRAND: '0',
    ...env,
  });
  const poolSize = options.poolSize ?? 2;
  const handles = [
    await createDb({ url: TEST_DATABASE_URL, schema, poolSize }),
    await createDb({ url: TEST_DATABASE_URL, schema, poolSize }),
  ];
  const appA = await buildApp({ env: parsed, database: handles[0]!, logger: false });
  const appB = await buildApp({ env: parsed, database: handles[1]!, logger: false });
  afterAll(async () => {
    await appA.close();
    await appB.close();
    for (const h of handles) await h.close();
    await dropSchema(TEST_DATABASE_URL, schema);
  });
  return { appA, appB };
}
