import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, dropSchema, type DbDialect, type DbHandle } from '@playhouse/db/create-db';
import { createSeamlessClient } from '../../reference-provider/src/seamless-client.ts';
import { createLedgerService } from '../src/modules/ledger/ledger.service.ts';
import { insertMember } from '../src/modules/members/members.repository.ts';
import { DIALECTS, TEST_ADMIN_PASSWORD, TEST_DATABASE_URL } from './support/test-app.ts';
import { startReferenceProvider, type RunningProvider } from './support/reference-provider.ts';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const VENDOR = 'JILI';
const MEMBERS = 4;
const ROUNDS_PER_MEMBER = 250;
const STAKE = '1.00';
const WIN = '1.50';
const FUNDING = '5000.00';
const cents = (amount: string) => Math.round(Number(amount) * 100);

interface StepReport {
  transactionId: string;
  ok: boolean;
}
interface DriveReport {
  results: { roundId: string; bet: StepReport; settle?: StepReport & { action: string } }[];
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/** The real server (`node --import tsx apps/server/src/main.ts`) as a child process we can SIGKILL. */
async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      PLAYHOUSE_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${stderr}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${stderr}`);
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { child, url };
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function kill(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
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
  const json = (await res.json()) as { value?: unknown };
  if (res.status !== 200) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(json)}`);
  return json.value as Record<string, unknown>;
}

const staffToken = async (url: string) =>
  (await api(url, 'POST', '/bo/api/session', null, { username: 'admin', password: TEST_ADMIN_PASSWORD }))
    .token as string;

describe.each(DIALECTS)('seamless wallet survives a SIGKILL under load (%s)', (dialect: DbDialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  });

  it('keeps every acknowledged transaction exactly once and completes the rest on replay', async () => {
    // A database of its own: a SQLite file in a temp dir, or a fresh PostgreSQL schema.
    let env: Record<string, string>;
    if (dialect === 'sqlite') {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'playhouse-crash-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      env = { DATA_DIR: dataDir };
    } else {
      const schema = `crash_${randomBytes(6).toString('hex')}`;
      cleanups.push(() => dropSchema(TEST_DATABASE_URL, schema));
      env = { DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema };
    }

    let server = await startServer(env);
    cleanups.push(() => kill(server.child, 'SIGKILL'));
    const token = await staffToken(server.url);
    const secret = randomBytes(24).toString('hex');
    await api(server.url, 'PUT', `/bo/api/vendors/${VENDOR}`, token, {
      enabled: true,
      walletMode: 'seamless',
      secret,
    });

    // Members go straight into the database (registration has its own tests); money goes by the API.
    const handle: DbHandle = await createDb(
      dialect === 'sqlite'
        ? { url: path.join(env.DATA_DIR!, 'playhouse.sqlite') }
        : { url: TEST_DATABASE_URL, schema: env.DATABASE_SCHEMA!, poolSize: 2 },
    );
    const db = handle.db;
    cleanups.push(() => handle.close());
    const operator = await db.selectFrom('operators').select('id').orderBy('id').executeTakeFirstOrThrow();
    const usernames: string[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const username = `crash${randomBytes(4).toString('hex')}${i}`;
      await insertMember(db, {
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
        amount: FUNDING,
        reason: 'crash test funding',
        idempotencyKey: `fund-${username}`,
      });
      usernames.push(username);
    }

    const provider: RunningProvider = await startReferenceProvider({
      target: server.url,
      vendor: VENDOR,
      secret,
    });
    cleanups.push(() => provider.stop());

    // 4 members × 5 at a time = 20 concurrent rounds of bet + win.
    const drives = usernames.map((userName) =>
      fetch(`${provider.url}/drive/rounds`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          userName,
          gameCode: 'JILI-SLOT-001',
          stake: STAKE,
          win: WIN,
          count: ROUNDS_PER_MEMBER,
          concurrency: 5,
        }),
      }).then(async (res) => {
        expect(res.status).toBe(200);
        return (await res.json()) as DriveReport;
      }),
    );

    // Pull the plug once some hundreds of vendor movements are committed.
    const vendorEntries = async () =>
      Number(
        (
          await db
            .selectFrom('ledger_entries')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('source', '=', `vendor:${VENDOR}`)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const killDeadline = Date.now() + 30_000;
    while ((await vendorEntries()) < 400) {
      if (Date.now() > killDeadline) throw new Error('load never reached 400 movements');
      await new Promise((r) => setTimeout(r, 20));
    }
    await kill(server.child, 'SIGKILL');
    const reports = await Promise.all(drives);

    const acknowledged = new Set<string>();
    const unfinished: { userName: string; roundId: string; betAcked: boolean }[] = [];
    reports.forEach((report, i) => {
      for (const r of report.results) {
        if (r.bet.ok) acknowledged.add(r.bet.transactionId);
        if (r.settle?.ok) acknowledged.add(r.settle.transactionId);
        else unfinished.push({ userName: usernames[i]!, roundId: r.roundId, betAcked: r.bet.ok });
      }
    });
    expect(acknowledged.size).toBeGreaterThan(300);
    expect(unfinished.length).toBeGreaterThan(0);

    // Restart on the same database.
    server = await startServer(env);
    const verifyToken = await staffToken(server.url);
    const verify = async () => {
      const report = await createLedgerService(db).verify();
      expect(report.breaches).toEqual([]);
      expect(report.ok).toBe(true);
      const overHttp = await api(server.url, 'GET', '/bo/api/ledger/verify', verifyToken);
      expect(overHttp).toMatchObject({ ok: true, breaches: [] });
    };
    await verify();

    const keysOf = async () => {
      const rows = await db
        .selectFrom('ledger_entries')
        .select(['idem_key'])
        .where('source', '=', `vendor:${VENDOR}`)
        .execute();
      const counts = new Map<string, number>();
      for (const r of rows) counts.set(r.idem_key, (counts.get(r.idem_key) ?? 0) + 1);
      return counts;
    };
    const before = await keysOf();
    for (const id of acknowledged) expect(before.get(id), id).toBe(1);

    // Replay what was never acknowledged, with the same transaction ids, as the vendor would.
    const client = createSeamlessClient({
      target: server.url,
      vendor: VENDOR,
      secret,
      port: 0,
      host: '127.0.0.1',
      timeoutMs: 10_000,
      retries: 3,
    });
    const queue = [...unfinished];
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        for (let u = queue.shift(); u; u = queue.shift()) {
          const bet = {
            userName: u.userName,
            transactionId: `${u.roundId}-bet`,
            roundId: u.roundId,
            gameCode: 'JILI-SLOT-001',
            amount: STAKE,
          };
          if (!u.betAcked) {
            const placed = await client.bet(bet);
            expect(placed.ok, JSON.stringify(placed)).toBe(true);
          }
          const won = await client.win({
            ...bet,
            transactionId: `${u.roundId}-win`,
            amount: WIN,
            refTransactionId: bet.transactionId,
          });
          expect(won.ok, JSON.stringify(won)).toBe(true);
        }
      }),
    );

    // Every round is now complete, each movement exactly once, and balances show no double count.
    await verify();
    const after = await keysOf();
    const rounds = reports.flatMap((r) => r.results.map((x) => x.roundId));
    expect(after.size).toBe(rounds.length * 2);
    for (const roundId of rounds) {
      expect(after.get(`${roundId}-bet`), roundId).toBe(1);
      expect(after.get(`${roundId}-win`), roundId).toBe(1);
    }
    const bets = await db
      .selectFrom('seamless_bets')
      .select(['state'])
      .where('vendor_code', '=', VENDOR)
      .execute();
    expect(bets).toHaveLength(rounds.length);
    expect(bets.every((b) => b.state === 'settled')).toBe(true);
    for (const userName of usernames) {
      const balance = await client.balance(userName);
      expect(balance.ok).toBe(true);
      const expected = cents(FUNDING) + ROUNDS_PER_MEMBER * (cents(WIN) - cents(STAKE));
      if (balance.ok) expect(cents(balance.value.balance)).toBe(expected);
    }
  }, 180_000);
});
