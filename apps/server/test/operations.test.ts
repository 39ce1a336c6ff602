import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, sql } from '@playhouse/db/create-db';
import { buildApp } from '../src/app.ts';
import { parseEnv } from '../src/env.ts';
import { RestoreRefused, backup, databaseTarget, restore } from '../src/ops/backup.ts';
import { routeFamily } from '../src/plugins/metrics.ts';
import { expectLedgerOk } from './support/ledger.ts';
import { BANK_CHANNEL, createChannel, paymentMember, uploadId } from './support/payments.ts';
import { fund } from './support/seamless.ts';
import { ROOT } from './support/server-process.ts';
import {
  DIALECTS,
  TEST_ADMIN_PASSWORD,
  TEST_DATABASE_URL,
  createTestApp,
  createTestMember,
} from './support/test-app.ts';

const DASHBOARD = new URL('../../../deploy/grafana/playhouse-dashboard.json', import.meta.url);
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A metric's value in the Prometheus text, 0 when the series is absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe.each(DIALECTS)('health, readiness and operator metrics (%s)', (dialect) => {
  it('is ready with its database and Redis, and stops being ready while draining', async () => {
    const app = await createTestApp(dialect, { REDIS_URL, SEED_DEMO: '0' });
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: 'ok', migrations: 'ok', draining: false },
    });
    expect(ready.headers.connection).not.toBe('close');

    app.lifecycle.draining = true;
    const draining = await app.inject({ url: '/readyz' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toMatchObject({
      status: 'not ready',
      checks: { draining: true, database: 'ok' },
    });
    // Still serving, but every answer asks the client to reconnect (to another instance).
    const served = await app.inject({ url: '/wps/system/status' });
    expect(served.statusCode).toBe(200);
    expect(served.headers.connection).toBe('close');
    // Alive all the same: a drain is not a reason to restart the process.
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    app.lifecycle.draining = false;
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('is not ready when Redis cannot be reached', async () => {
    // Nothing listens on port 9 of the loopback.
    const noRedis = await createTestApp(dialect, { REDIS_URL: 'redis://127.0.0.1:9', SEED_DEMO: '0' });
    const res = await noRedis.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().checks.redis).toMatch(/^(failed|timeout)$/);
    expect(res.json().checks.database).toBe('ok');
  });

  it('is not ready while a migration this version knows is missing', async () => {
    const behind = await createTestApp(dialect, { SEED_DEMO: '0' });
    const last = await sql<{
      name: string;
    }>`select name from kysely_migration order by name desc limit 1`.execute(behind.services.db);
    const name = last.rows[0]!.name;
    await sql`delete from kysely_migration where name = ${name}`.execute(behind.services.db);
    const notMigrated = await behind.inject({ url: '/readyz' });
    expect(notMigrated.statusCode).toBe(503);
    expect(notMigrated.json().checks).toMatchObject({ migrations: 'failed', redis: 'not configured' });
    await sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(
      behind.services.db,
    );
    expect((await behind.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('names wallet movements, route families and the money desk queues in /metrics', async () => {
    const app = await createTestApp(dialect);
    const member = await paymentMember(app);
    const key = `ops-${randomUUID()}`;
    await fund(app, member.username, '30.00', key);
    // The same request again is a replay: answered, nothing moved.
    expect((await fund(app, member.username, '30.00', key)).duplicate).toBe(true);
    const round = await app.inject({
      method: 'POST',
      url: '/play/api/rounds',
      headers: { authorization: member.authorization },
      payload: { gameCode: 'COINFLIP', stake: '1.00', options: { side: 'heads' }, requestId: randomUUID() },
    });
    expect(round.statusCode).toBe(200);
    const refused = await app.inject({
      method: 'POST',
      url: '/play/api/rounds',
      headers: { authorization: member.authorization },
      payload: { gameCode: 'COINFLIP', stake: '500.00', options: { side: 'heads' }, requestId: randomUUID() },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);

    const bank = await createChannel(app, BANK_CHANNEL);
    const deposit = await app.inject({
      method: 'POST',
      url: '/wps/relay/MCS2_deposit',
      headers: { authorization: member.authorization },
      payload: {
        channelId: bank.id,
        amount: '50.00',
        reference: 'OPS-1',
        receiptIds: [await uploadId(app, member.authorization)],
      },
    });
    expect(deposit.statusCode).toBe(200);

    const text = (await app.inject({ url: '/metrics' })).body;
    expect(
      sample(text, 'playhouse_wallet_movements_total{kind="adjustment",channel="bo",outcome="moved"}'),
    ).toBe(1);
    expect(
      sample(text, 'playhouse_wallet_movements_total{kind="adjustment",channel="bo",outcome="replayed"}'),
    ).toBe(1);
    expect(sample(text, 'playhouse_wallet_movements_total{kind="bet",channel="play",outcome="moved"}')).toBe(
      1,
    );
    expect(
      sample(text, 'playhouse_wallet_movement_duration_seconds_count{kind="bet",channel="play"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'playhouse_http_requests_total{family="in-house-play",class="2xx"}')).toBe(1);
    expect(sample(text, 'playhouse_http_requests_total{family="in-house-play",class="4xx"}')).toBe(1);
    expect(sample(text, 'playhouse_http_requests_total{family="payments",class="2xx"}')).toBe(1);
    expect(
      sample(text, 'playhouse_http_request_duration_seconds_count{family="back-office"}'),
    ).toBeGreaterThanOrEqual(3);
    const operator = await app.services.settings.defaultOperator();
    expect(
      sample(text, `playhouse_money_desk_queue{queue="deposits_pending",operator_id="${operator.id}"}`),
    ).toBe(1);
    expect(text).toContain('playhouse_http_open_connections 0');

    // Every series the Grafana dashboard charts is one this server exports.
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as {
      panels: { targets?: { expr: string }[] }[];
    };
    const charted = new Set(
      dashboard.panels
        .flatMap((p) => p.targets ?? [])
        .flatMap((t) => t.expr.match(/\b(playhouse|nodejs|process|sqlite)_[a-z0-9_]+/g) ?? [])
        .map((name) => name.replace(/_(bucket|count|sum)$/, '')),
    );
    expect(charted.size).toBeGreaterThan(5);
    for (const name of charted) {
      // SQLite's group-commit figures exist only on the embedded database.
      if (name.startsWith('sqlite_') && dialect !== 'sqlite') continue;
      expect(text, name).toContain(`# TYPE ${name} `);
    }
    await expectLedgerOk(app);
  });

  it('puts every route in a family an operator recognises', () => {
    expect(routeFamily('/wps/provider/wallet/bet')).toBe('provider-wallet');
    expect(routeFamily('/wps/relay/GCS_walletTransfer')).toBe('transfer-wallet');
    expect(routeFamily('/play/api/rounds')).toBe('in-house-play');
    expect(routeFamily('/wps/transaction/withdraw')).toBe('payments');
    expect(routeFamily('/wps/relay/MCS2_deposit')).toBe('payments');
    expect(routeFamily('/wps/payments/:gateway/callback')).toBe('payments');
    expect(routeFamily('/bo/api/deposits')).toBe('back-office');
    expect(routeFamily('/wps/system/status')).toBe('player-api');
    expect(routeFamily('/readyz')).toBe('ops');
    expect(routeFamily('/m/*')).toBe('pages');
    expect(routeFamily(undefined)).toBe('unmatched');
  });
});

/**
 * The backup files themselves on the embedded database (the drill covers both databases end to end):
 * the schedule and keep-last-N, the checksum, and a copy whose ledger does not hold never put in place.
 */
describe('npm run backup and restore on SQLite', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const tempDir = () => {
    const d = mkdtempSync(path.join(tmpdir(), 'ops-backup-'));
    dirs.push(d);
    return d;
  };

  async function sourceDatabase() {
    const dataDir = tempDir();
    const handle = await createDb({ url: path.join(dataDir, 'playhouse.sqlite') });
    const app = await buildApp({
      env: parseEnv({ NODE_ENV: 'test', PLAYHOUSE_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, SEED_DEMO: '0' }),
      database: handle,
      logger: false,
    });
    await app.ready();
    const member = await createTestMember(app);
    await fund(app, member.username, '25.00');
    await app.close();
    await handle.close();
    return { dataDir, memberId: member.id };
  }

  it('backs up on a schedule and keeps only the newest BACKUP_KEEP', async () => {
    const { dataDir } = await sourceDatabase();
    const backupDir = path.join(dataDir, 'backups');
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/scripts/backup.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        BACKUP_KEEP: '2',
        BACKUP_INTERVAL_MINUTES: '0.005',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    await expect
      .poll(() => (stdout.match(/backup written/g) ?? []).length, { timeout: 20_000, interval: 100 })
      .toBeGreaterThanOrEqual(4);
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    expect((await exited)[0]).toBe(0);
    expect(stdout).toContain('removed old backup');
    const names = readdirSync(backupDir).sort();
    const backups = names.filter((n) => n.endsWith('.sqlite'));
    expect(backups).toHaveLength(2);
    expect(names).toEqual(backups.flatMap((b) => [b, `${b}.sha256`]));
    // The checksum beside each file is the file's.
    for (const b of backups) {
      const file = path.join(backupDir, b);
      const digest = createHash('sha256').update(readFileSync(file)).digest('hex');
      expect(readFileSync(`${file}.sha256`, 'utf8')).toBe(`${digest}  ${b}\n`);
    }
  }, 60_000);

  it('refuses a damaged file and never puts a copy whose ledger does not hold in place', async () => {
    const { dataDir, memberId } = await sourceDatabase();
    const backupDir = path.join(dataDir, 'backups');
    const made = await backup(databaseTarget({ DATA_DIR: dataDir }), { dir: backupDir, keep: 5 });

    // A byte changed after the checksum was written.
    const damaged = path.join(backupDir, 'damaged.sqlite');
    copyFileSync(made.file, damaged);
    copyFileSync(`${made.file}.sha256`, `${damaged}.sha256`);
    const bytes = readFileSync(damaged);
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0xff;
    writeFileSync(damaged, bytes);
    const intoDamaged = await restore(databaseTarget({ DATA_DIR: tempDir() }), damaged).catch(
      (e: Error) => e,
    );
    expect(intoDamaged).toBeInstanceOf(RestoreRefused);
    expect(String(intoDamaged)).toContain('does not match its checksum');

    // A copy whose cached balance disagrees with its lines (no checksum: it was edited on purpose).
    const tampered = path.join(backupDir, 'tampered.sqlite');
    copyFileSync(made.file, tampered);
    const raw = new SQLite(tampered);
    raw.prepare('update ledger_accounts set balance = balance + 100 where member_id = ?').run(memberId);
    raw.close();
    const target = tempDir();
    const result = await restore(databaseTarget({ DATA_DIR: target }), tampered);
    expect(result.ledger.ok).toBe(false);
    expect(result.ledger.breaches.map((b) => b.kind)).toContain('balance_mismatch');
    expect(result.restored).toBe(path.join(target, 'playhouse.sqlite.restoring'));
    expect(existsSync(path.join(target, 'playhouse.sqlite'))).toBe(false);

    // The sound copy restores, once.
    const good = tempDir();
    const restored = await restore(databaseTarget({ DATA_DIR: good }), made.file);
    expect(restored.ledger).toMatchObject({ ok: true, entries: 1 });
    expect(restored.migrations.recorded).toBe(restored.migrations.known);
    const again = await restore(databaseTarget({ DATA_DIR: good }), made.file).catch((e: Error) => e);
    expect(String(again)).toContain('already exists');
    // And a SQLite backup is not restored into PostgreSQL.
    const wrongKind = await restore({ kind: 'postgres', url: TEST_DATABASE_URL }, made.file).catch(
      (e: Error) => e,
    );
    expect(String(wrongKind)).toContain('is a sqlite backup but the target is postgres');
  });
});
