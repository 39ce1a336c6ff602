import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createDb } from '@playhouse/db/create-db';
import { buildApp } from '../apps/server/src/app.ts';
import { parseEnv } from '../apps/server/src/env.ts';
import { benchDatabase, PG_URL, type Dialect } from './money-support.ts';

/**
 * The server built in this process, in production mode, on a fresh bench database of its own (no
 * demo data, no draw engine), for benches that time a service or a route without HTTP; `close`
 * stops it and removes the database.
 */
export async function inProcessApp(dialect: Dialect, name: string, env: Record<string, string> = {}) {
  const database = benchDatabase(dialect, name);
  const handle = await createDb(
    dialect === 'sqlite'
      ? { url: path.join(database.env.DATA_DIR!, 'playhouse.sqlite') }
      : { url: PG_URL, schema: database.env.DATABASE_SCHEMA! },
  );
  const app = await buildApp({
    env: parseEnv({
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      DRAW_ENGINE_MS: '0',
      PLAYHOUSE_ADMIN_PASSWORD: 'bench-admin-password',
      // Production mode asks for the secret box's key (seeds and secrets are sealed with it).
      SECRETS_KEY: randomBytes(32).toString('hex'),
      ...env,
    }),
    database: handle,
    logger: false,
  });
  return {
    app,
    async close() {
      await app.close();
      await handle.close();
      await database.cleanup();
    },
  };
}
