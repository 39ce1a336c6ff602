import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { DbHandle } from '@playhouse/db/create-db';
import { sql } from '@playhouse/db/create-db';
import { migrations } from '@playhouse/db/migrations/index';

/**
 * The process's place in its life: serving, or draining before it stops (main.ts sets `draining` on
 * SIGTERM). While draining, /readyz answers 503 so a load balancer sends new requests elsewhere,
 * requests still arriving are served, and every response closes its connection so keep-alive clients
 * reconnect to another instance.
 */
export interface Lifecycle {
  draining: boolean;
  /** HTTP connections open right now (the server's, not app.inject's). */
  openConnections: number;
}

type Check = 'ok' | 'failed' | 'timeout' | 'not configured' | 'pending';

const CHECK_TIMEOUT_MS = 1000;

function within<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms))),
  ]).finally(() => clearTimeout(timer));
}

async function check(run: () => Promise<unknown>): Promise<Check> {
  try {
    const result = await within(run(), CHECK_TIMEOUT_MS);
    return result === 'timeout' ? 'timeout' : 'ok';
  } catch {
    return 'failed';
  }
}

/** /healthz (the process answers) and /readyz (it can serve: database, Redis, migrations, not draining). */
export function registerHealth(
  app: FastifyInstance,
  options: { handle: DbHandle; redis?: Redis | undefined },
) {
  const lifecycle: Lifecycle = { draining: false, openConnections: 0 };
  app.decorate('lifecycle', lifecycle);
  app.server.on('connection', (socket) => {
    lifecycle.openConnections++;
    socket.once('close', () => lifecycle.openConnections--);
  });
  // A callback hook: no promise per response on the hot path (decision 008).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });

  const known = Object.keys(migrations);
  // Once every migration this version knows is recorded it stays so: checked until then.
  let migrated = false;
  const migrationsApplied = async () => {
    if (migrated) return;
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(
      options.handle.db,
    );
    const recorded = new Set(rows.map((r) => r.name));
    const missing = known.filter((name) => !recorded.has(name));
    if (missing.length) throw new Error(`migrations not applied: ${missing.join(', ')}`);
    migrated = true;
  };

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const [database, redis, applied] = await Promise.all([
      check(() => sql`select 1`.execute(options.handle.db)),
      options.redis ? check(() => options.redis!.ping()) : Promise.resolve<Check>('not configured'),
      check(migrationsApplied),
    ]);
    const checks = { database, redis, migrations: applied, draining: lifecycle.draining };
    const ready =
      database === 'ok' &&
      (redis === 'ok' || redis === 'not configured') &&
      applied === 'ok' &&
      !lifecycle.draining;
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
  });
  return lifecycle;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}
