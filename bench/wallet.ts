/**
 * `npm run bench:wallet`: seamless-wallet throughput over real HTTP beside the bare database limit,
 * in the same run, for SQLite and PostgreSQL (TEST_DATABASE_URL, skipped when unreachable).
 *
 * For each database: the real server in a child process (`apps/server/src/main.ts`, production mode,
 * logs at warn), N members funded through the back-office API, then 50 concurrent callers signing
 * like a vendor (the reference provider's own client) play bet + win pairs for ~10 s (BENCH_SECONDS).
 * Beside it, the raw limit through the same driver the server uses (better-sqlite3 with the server's
 * pragmas; a pg Pool of the server's size, 10): a transaction with one conditional UPDATE and one
 * INSERT, 50 concurrent callers. Prints pairs/s, p50/p99 per pair, raw tx/s and pairs/raw; the
 * target is at least half the raw limit with p99 under 50 ms. Figures only, no assertions.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { createDb, dropSchema } from '@playhouse/db/create-db';
import { createSeamlessClient } from '../apps/reference-provider/src/seamless-client.ts';
import { insertMember } from '../apps/server/src/modules/members/members.repository.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RAW_SECONDS = Number(process.env.BENCH_RAW_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const MEMBERS = 50;
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MAIN = path.join(import.meta.dirname, '../apps/server/src/main.ts');
const ADMIN_PASSWORD = 'bench-admin-password';
const VENDOR = 'JILI';

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server (written on exit).
    [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', MAIN],
    {
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        SEED_DEMO: '1',
        LOG_LEVEL: 'warn',
        PLAYHOUSE_ADMIN_PASSWORD: ADMIN_PASSWORD,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error('server did not start');
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, url };
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function api(url: string, method: string, route: string, token: string | null, body?: unknown) {
  const res = await fetch(`${url}${route}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as { value?: Record<string, unknown> };
  if (res.status !== 200) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(json)}`);
  return json.value!;
}

/** Runs `step` from `concurrency` callers for `seconds`; completed steps and their latencies (ms). */
async function load(seconds: number, concurrency: number, step: (caller: number) => Promise<void>) {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, caller) => {
      while (performance.now() < end) {
        const t = performance.now();
        await step(caller);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: latencies.length / elapsed, p50: pct(latencies, 50), p99: pct(latencies, 99) };
}

interface Row {
  database: string;
  pairs: number;
  p50: number;
  p99: number;
  raw: number;
  errors: number;
}

async function walletRun(dialect: 'sqlite' | 'postgres'): Promise<Row> {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  if (dialect === 'sqlite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'playhouse-bench-wallet-'));
    env = { DATA_DIR: dataDir };
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  } else {
    const schema = `bench_${randomBytes(6).toString('hex')}`;
    env = { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema };
    cleanup = () => dropSchema(PG_URL, schema);
  }
  const server = await startServer(env);
  const handle = await createDb(
    dialect === 'sqlite'
      ? { url: path.join(env.DATA_DIR!, 'playhouse.sqlite') }
      : { url: PG_URL, schema: env.DATABASE_SCHEMA!, poolSize: 2 },
  );
  try {
    const token = (
      await api(server.url, 'POST', '/bo/api/session', null, {
        username: 'admin',
        password: ADMIN_PASSWORD,
      })
    ).token as string;
    const secret = randomBytes(24).toString('hex');
    await api(server.url, 'PUT', `/bo/api/vendors/${VENDOR}`, token, {
      enabled: true,
      walletMode: 'seamless',
      secret,
    });
    const operator = await handle.db
      .selectFrom('operators')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const members: string[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const username = `bench${i}x${randomBytes(3).toString('hex')}`;
      await insertMember(handle.db, {
        operator_id: Number(operator.id),
        username,
        password_hash: null,
        type: 0,
        status: 'active',
        currency: 'PHP',
        first_time_login: 0,
        created_at: Date.now(),
      });
      await api(server.url, 'POST', '/bo/api/wallet/adjustments', token, {
        userName: username,
        amount: '1000000.00',
        reason: 'bench funding',
      });
      members.push(username);
    }
    const client = createSeamlessClient({
      target: server.url,
      vendor: VENDOR,
      secret,
      port: 0,
      host: '127.0.0.1',
      timeoutMs: 10_000,
      retries: 0,
    });
    let errors = 0;
    const pair = async (caller: number) => {
      const roundId = `${VENDOR}-${randomBytes(8).toString('hex')}`;
      const bet = {
        userName: members[caller % members.length]!,
        transactionId: `${roundId}-bet`,
        roundId,
        gameCode: 'JILI-SLOT-001',
        amount: '1.00',
      };
      const placed = await client.bet(bet);
      if (!placed.ok) {
        errors++;
        return;
      }
      const won = await client.win({
        ...bet,
        transactionId: `${roundId}-win`,
        amount: '0.50',
        refTransactionId: bet.transactionId,
      });
      if (!won.ok) errors++;
    };
    await load(1, CONCURRENCY, pair); // warm-up
    errors = 0;
    const wallet = await load(SECONDS, CONCURRENCY, pair);
    const check = await api(server.url, 'GET', '/bo/api/ledger/verify', token);
    if (check.ok !== true) console.error(`ledger check failed after the ${dialect} run`);
    server.child.kill('SIGTERM');
    await once(server.child, 'exit');
    const raw =
      dialect === 'sqlite' ? await rawSqlite(env.DATA_DIR!) : await rawPostgres(env.DATABASE_SCHEMA!);
    return { database: dialect, pairs: wallet.perSecond, p50: wallet.p50, p99: wallet.p99, raw, errors };
  } finally {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await handle.close();
    await cleanup();
  }
}

/** better-sqlite3 with the server's pragmas: BEGIN IMMEDIATE; conditional UPDATE; INSERT; COMMIT. */
async function rawSqlite(dataDir: string): Promise<number> {
  const db = new SQLite(path.join(dataDir, 'raw.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.exec('create table acct (id integer primary key, balance integer not null)');
  db.exec(
    'create table entry (id integer primary key, acct integer not null, amount integer not null, at integer not null)',
  );
  const insertAcct = db.prepare('insert into acct (id, balance) values (?, ?)');
  for (let i = 0; i < MEMBERS; i++) insertAcct.run(i, 1e12);
  const update = db.prepare('update acct set balance = balance - ? where id = ? and balance >= ?');
  const insert = db.prepare('insert into entry (acct, amount, at) values (?, ?, ?)');
  const tx = db.transaction((acct: number) => {
    if (update.run(1, acct, 1).changes !== 1) throw new Error('insufficient');
    insert.run(acct, -1, Date.now());
  });
  // The driver is synchronous: 50 "concurrent" callers take turns on the event loop, as in the server.
  const result = await load(RAW_SECONDS, CONCURRENCY, async (caller) => {
    tx.immediate(caller % MEMBERS);
    await new Promise<void>((r) => setImmediate(r));
  });
  db.close();
  return result.perSecond;
}

/** A pg Pool the server's size (10): BEGIN; conditional UPDATE; INSERT; COMMIT, 50 concurrent. */
async function rawPostgres(schema: string): Promise<number> {
  const pool = new pg.Pool({ connectionString: PG_URL, max: 10, options: `-c search_path=${schema}` });
  await pool.query('create table raw_acct (id int primary key, balance bigint not null)');
  await pool.query(
    'create table raw_entry (id bigserial primary key, acct int not null, amount bigint not null, at bigint not null)',
  );
  await pool.query(`insert into raw_acct select g, 1000000000000 from generate_series(0, ${MEMBERS - 1}) g`);
  const result = await load(RAW_SECONDS, CONCURRENCY, async (caller) => {
    const c = await pool.connect();
    try {
      await c.query('begin');
      const u = await c.query('update raw_acct set balance = balance - $1 where id = $2 and balance >= $1', [
        1,
        caller % MEMBERS,
      ]);
      if (u.rowCount !== 1) throw new Error('insufficient');
      await c.query('insert into raw_entry (acct, amount, at) values ($1, $2, $3)', [
        caller % MEMBERS,
        -1,
        Date.now(),
      ]);
      await c.query('commit');
    } finally {
      c.release();
    }
  });
  await pool.end();
  return result.perSecond;
}

async function postgresReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_URL });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

const rows: Row[] = [await walletRun('sqlite')];
if (await postgresReachable()) rows.push(await walletRun('postgres'));
else console.warn(`PostgreSQL at ${PG_URL} unreachable: skipped`);

console.info(
  `\nseamless wallet, ${CONCURRENCY} concurrent callers, ${SECONDS} s (raw: ${RAW_SECONDS} s), ${MEMBERS} members`,
);
const table = rows.map((r) => [
  r.database,
  String(Math.round(r.pairs)),
  r.p50.toFixed(1),
  r.p99.toFixed(1),
  String(Math.round(r.raw)),
  (r.pairs / r.raw).toFixed(2),
  String(r.errors),
]);
const head = ['database', 'pairs/s', 'p50 ms', 'p99 ms', 'raw tx/s', 'pairs/raw', 'errors'];
const widths = head.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
for (const row of [head, ...table])
  console.info(
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '),
  );
console.info('target: pairs/raw >= 0.5 and p99 < 50 ms');
