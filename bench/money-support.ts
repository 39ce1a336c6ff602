/**
 * What the money benchmarks share (`bench:wallet`, `bench:play`): the real server in a child process
 * on SQLite or PostgreSQL, its HTTP API, a fixed-concurrency load loop with percentiles, funded
 * members, and the raw limit of the database through the driver the server uses (better-sqlite3 with
 * the server's pragmas; a pg Pool of the server's size, 10): a transaction with one conditional
 * UPDATE and one INSERT.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { createDb, dropSchema, type DbHandle } from '@playhouse/db/create-db';
import { insertMember } from '../apps/server/src/modules/members/members.repository.ts';

export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const ADMIN_PASSWORD = 'bench-admin-password';
const MAIN = path.join(import.meta.dirname, '../apps/server/src/main.ts');

export type Dialect = 'sqlite' | 'postgres';

export const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/** The real server (apps/server/src/main.ts, production mode, demo data, logs at warn) in a child process. */
export async function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
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
        // Production refuses to start without the key that seals stored secrets.
        SECRETS_KEY: randomBytes(32).toString('hex'),
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

/** Stops a server started by startServer and waits for it to exit. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

export async function api(url: string, method: string, route: string, token: string | null, body?: unknown) {
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
export async function load(seconds: number, concurrency: number, step: (caller: number) => Promise<void>) {
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

/**
 * Starts `step` at a fixed offered rate for `seconds` whatever the answers' pace (an open loop), and
 * times each from the moment it was due, so latency is measured below saturation and a slow answer
 * cannot hide the ones queued behind it (no coordinated omission).
 */
export async function openLoad(seconds: number, perSecond: number, step: (n: number) => Promise<void>) {
  const latencies: number[] = [];
  const started = performance.now();
  const total = Math.round(seconds * perSecond);
  const running: Promise<void>[] = [];
  for (let n = 0; n < total; n++) {
    const due = started + (n * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    running.push(step(n).then(() => void latencies.push(performance.now() - due)));
  }
  await Promise.all(running);
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / ((performance.now() - started) / 1000),
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
  };
}

/** CPU seconds a process has used so far (Linux /proc; NaN elsewhere). */
export function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** CPU seconds used so far by every PostgreSQL process on this machine (Linux /proc; 0 elsewhere). */
export function postgresCpuSeconds(): number {
  let total = 0;
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  for (const pid of entries) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1]!.split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // Gone meanwhile.
    }
  }
  return total;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

const LEAN = path.join(import.meta.dirname, 'lean-server.ts');

/**
 * The lean baseline (lean-server.ts) in a child process on its own database of the run's kind
 * (SQLite in its own folder, PostgreSQL in its own schema): `members` funded members `m1`…`mN`.
 */
export async function startLean(
  dialect: Dialect,
  opts: { secret: string; vendor: string; members: number },
): Promise<{ child: ChildProcess; url: string; cleanup(): Promise<void> }> {
  const port = await freePort();
  const database = benchDatabase(dialect, 'lean');
  const child = spawn(
    process.execPath,
    // BENCH_LEAN_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the lean server (written on exit).
    [...(process.env.BENCH_LEAN_NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', LEAN],
    {
      env: {
        ...process.env,
        PORT: String(port),
        LEAN_DB: dialect,
        LEAN_SECRET: opts.secret,
        LEAN_VENDOR: opts.vendor,
        LEAN_MEMBERS: String(opts.members),
        ...(dialect === 'sqlite'
          ? { LEAN_DATA_DIR: database.env.DATA_DIR! }
          : { LEAN_PG_URL: PG_URL, LEAN_SCHEMA: database.env.DATABASE_SCHEMA! }),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`lean server exited (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error('lean server did not start');
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return {
        child,
        url,
        async cleanup() {
          await stopServer(child);
          await database.cleanup();
        },
      };
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The lean server's ledger check (entries sum to zero, balances are their lines, none negative). */
export async function leanVerify(url: string): Promise<boolean> {
  const res = await fetch(`${url}/lean/verify`);
  return ((await res.json()) as { ok: boolean }).ok;
}

/** Movements per commit group from the server's metrics (SQLite only; null elsewhere). */
export async function movementsPerCommit(url: string, token: string): Promise<number | null> {
  const text = await (
    await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } })
  ).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  const groups = value('sqlite_commit_groups_total');
  return groups > 0 ? value('sqlite_grouped_movements_total') / groups : null;
}

/** A throwaway database for one run: its server environment, and how to drop it afterwards. */
export function benchDatabase(
  dialect: Dialect,
  name: string,
): { env: Record<string, string>; cleanup(): Promise<void> } {
  if (dialect === 'sqlite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), `playhouse-bench-${name}-`));
    return {
      env: { DATA_DIR: dataDir },
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  return {
    env: { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema },
    cleanup: () => dropSchema(PG_URL, schema),
  };
}

/** A second connection to the run's database, beside the server's (setup and checks only). */
export function openBenchDb(dialect: Dialect, env: Record<string, string>): Promise<DbHandle> {
  return createDb(
    dialect === 'sqlite'
      ? { url: path.join(env.DATA_DIR!, 'playhouse.sqlite') }
      : { url: PG_URL, schema: env.DATABASE_SCHEMA!, poolSize: 2 },
  );
}

/** Signs in to the back office as the bench's admin; the bearer token. */
export async function staffToken(url: string): Promise<string> {
  return (await api(url, 'POST', '/bo/api/session', null, { username: 'admin', password: ADMIN_PASSWORD }))
    .token as string;
}

/** `count` members of the first operator, each funded with `amount` through the back-office API. */
export async function fundedMembers(
  handle: DbHandle,
  url: string,
  token: string,
  count: number,
  amount = '1000000.00',
): Promise<{ operatorId: number; members: { id: number; username: string }[] }> {
  const operator = await handle.db
    .selectFrom('operators')
    .select('id')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const members: { id: number; username: string }[] = [];
  for (let i = 0; i < count; i++) {
    const username = `bench${i}x${randomBytes(3).toString('hex')}`;
    const id = await insertMember(handle.db, {
      operator_id: Number(operator.id),
      username,
      password_hash: null,
      type: 0,
      status: 'active',
      currency: 'PHP',
      first_time_login: 0,
      created_at: Date.now(),
    });
    await api(url, 'POST', '/bo/api/wallet/adjustments', token, {
      userName: username,
      amount,
      reason: 'bench funding',
    });
    members.push({ id, username });
  }
  return { operatorId: Number(operator.id), members };
}

/** better-sqlite3 with the server's pragmas: BEGIN IMMEDIATE; conditional UPDATE; INSERT; COMMIT. */
export async function rawSqlite(
  dataDir: string,
  opts: { seconds: number; concurrency: number; accounts: number },
): Promise<number> {
  const db = new SQLite(path.join(dataDir, 'raw.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.exec('create table acct (id integer primary key, balance integer not null)');
  db.exec(
    'create table entry (id integer primary key, acct integer not null, amount integer not null, at integer not null)',
  );
  const insertAcct = db.prepare('insert into acct (id, balance) values (?, ?)');
  for (let i = 0; i < opts.accounts; i++) insertAcct.run(i, 1e12);
  const update = db.prepare('update acct set balance = balance - ? where id = ? and balance >= ?');
  const insert = db.prepare('insert into entry (acct, amount, at) values (?, ?, ?)');
  const tx = db.transaction((acct: number) => {
    if (update.run(1, acct, 1).changes !== 1) throw new Error('insufficient');
    insert.run(acct, -1, Date.now());
  });
  // The driver is synchronous: the "concurrent" callers take turns on the event loop, as in the server.
  const result = await load(opts.seconds, opts.concurrency, async (caller) => {
    tx.immediate(caller % opts.accounts);
    await new Promise<void>((r) => setImmediate(r));
  });
  db.close();
  return result.perSecond;
}

/** A pg Pool the server's size (10): BEGIN; conditional UPDATE; INSERT; COMMIT, `concurrency` callers. */
export async function rawPostgres(
  schema: string,
  opts: { seconds: number; concurrency: number; accounts: number },
): Promise<number> {
  const pool = new pg.Pool({ connectionString: PG_URL, max: 10, options: `-c search_path=${schema}` });
  await pool.query('create table raw_acct (id int primary key, balance bigint not null)');
  await pool.query(
    'create table raw_entry (id bigserial primary key, acct int not null, amount bigint not null, at bigint not null)',
  );
  await pool.query(
    `insert into raw_acct select g, 1000000000000 from generate_series(0, ${opts.accounts - 1}) g`,
  );
  const result = await load(opts.seconds, opts.concurrency, async (caller) => {
    const c = await pool.connect();
    try {
      await c.query('begin');
      const u = await c.query('update raw_acct set balance = balance - $1 where id = $2 and balance >= $1', [
        1,
        caller % opts.accounts,
      ]);
      if (u.rowCount !== 1) throw new Error('insufficient');
      await c.query('insert into raw_entry (acct, amount, at) values ($1, $2, $3)', [
        caller % opts.accounts,
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

/** The raw limit of the run's database (after its server stopped, so they do not compete). */
export function rawLimit(
  dialect: Dialect,
  env: Record<string, string>,
  opts: { seconds: number; concurrency: number; accounts: number },
): Promise<number> {
  return dialect === 'sqlite' ? rawSqlite(env.DATA_DIR!, opts) : rawPostgres(env.DATABASE_SCHEMA!, opts);
}

export async function postgresReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_URL });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** Prints rows under a header, the first column left-aligned and the rest right-aligned. */
export function printTable(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  for (const row of [head, ...rows])
    console.info(
      row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '),
    );
}

/** What one server of a product-against-lean run measured, a value per repetition. */
export interface LeanFigures {
  /** CPU milliseconds of the server process per movement in the closed loop. */
  cpu: number[];
  /** PostgreSQL's CPU milliseconds per movement in the closed loop. */
  dbCpu: number[];
  p99: number[];
  errors: number;
  ledgerOk: boolean;
}

/**
 * The medians of a product-against-lean run per database, with the targets: throughput at
 * least 0.7× lean's, and p99 at the offered rate within max(50 ms, 1.5× lean's p99).
 */
export function printAgainstLean<S extends LeanFigures>(
  unit: 'pair' | 'round',
  rows: { database: string; product: S; lean: S }[],
  rate: (side: S) => number[],
): void {
  printTable(
    [
      'database',
      'product/s',
      'lean/s',
      'ratio',
      `cpu ms/${unit}`,
      `db cpu ms/${unit}`,
      'p99 product',
      'p99 lean',
      'p99 target',
      'errors',
      'ledger',
    ],
    rows.map((r) => {
      const p99 = median(r.product.p99);
      const leanP99 = median(r.lean.p99);
      return [
        r.database,
        String(Math.round(median(rate(r.product)))),
        String(Math.round(median(rate(r.lean)))),
        (median(rate(r.product)) / median(rate(r.lean))).toFixed(2),
        `${median(r.product.cpu).toFixed(2)}/${median(r.lean.cpu).toFixed(2)}`,
        r.database === 'postgres'
          ? `${median(r.product.dbCpu).toFixed(2)}/${median(r.lean.dbCpu).toFixed(2)}`
          : '-',
        `${p99.toFixed(1)} ms`,
        `${leanP99.toFixed(1)} ms`,
        `${Math.max(50, 1.5 * leanP99).toFixed(1)} ms`,
        `${r.product.errors}/${r.lean.errors}`,
        `${r.product.ledgerOk ? 'ok' : 'BREACH'}/${r.lean.ledgerOk ? 'ok' : 'BREACH'}`,
      ];
    }),
  );
  console.info('targets: ratio >= 0.70, p99 product <= p99 target');
}
