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
 *
 * Two more figures explain the first: the HTTP floor (the same two signed calls per pair as balance
 * reads that move nothing: no ledger can beat it through this HTTP stack) and, on SQLite, movements
 * per COMMIT (group commit, decision 017).
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createSeamlessClient } from '../apps/reference-provider/src/seamless-client.ts';
import {
  api,
  benchDatabase,
  fundedMembers,
  load,
  movementsPerCommit,
  openBenchDb,
  postgresReachable,
  PG_URL,
  printTable,
  rawLimit,
  staffToken,
  startServer,
} from './money-support.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RAW_SECONDS = Number(process.env.BENCH_RAW_SECONDS ?? 5);
const FLOOR_SECONDS = Number(process.env.BENCH_FLOOR_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const MEMBERS = 50;
const VENDOR = 'JILI';

interface Row {
  database: string;
  pairs: number;
  p50: number;
  p99: number;
  raw: number;
  floor: number;
  /** SQLite: movements per COMMIT over the whole run (group commit, decision 017). */
  grouping: number | null;
  errors: number;
}

async function walletRun(dialect: 'sqlite' | 'postgres'): Promise<Row> {
  const database = benchDatabase(dialect, 'wallet');
  const { env } = database;
  const server = await startServer(env);
  const handle = await openBenchDb(dialect, env);
  try {
    const token = await staffToken(server.url);
    const secret = randomBytes(24).toString('hex');
    await api(server.url, 'PUT', `/bo/api/vendors/${VENDOR}`, token, {
      enabled: true,
      walletMode: 'seamless',
      secret,
    });
    const members = (await fundedMembers(handle, server.url, token, MEMBERS)).members.map((m) => m.username);
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
    // The HTTP floor: the same two signed calls per pair, as balance reads that move nothing.
    const floor = await load(FLOOR_SECONDS, CONCURRENCY, async (caller) => {
      const user = members[caller % members.length]!;
      for (let i = 0; i < 2; i++) if (!(await client.balance(user)).ok) errors++;
    });
    client.close();
    const grouping = await movementsPerCommit(server.url, token);
    const check = await api(server.url, 'GET', '/bo/api/ledger/verify', token);
    if (check.ok !== true) console.error(`ledger check failed after the ${dialect} run`);
    server.child.kill('SIGTERM');
    await once(server.child, 'exit');
    const raw = await rawLimit(dialect, env, {
      seconds: RAW_SECONDS,
      concurrency: CONCURRENCY,
      accounts: MEMBERS,
    });
    return {
      database: dialect,
      pairs: wallet.perSecond,
      p50: wallet.p50,
      p99: wallet.p99,
      raw,
      floor: floor.perSecond,
      grouping,
      errors,
    };
  } finally {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await handle.close();
    await database.cleanup();
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
  String(Math.round(r.floor)),
  r.grouping === null ? '-' : r.grouping.toFixed(1),
  String(r.errors),
]);
const head = [
  'database',
  'pairs/s',
  'p50 ms',
  'p99 ms',
  'raw tx/s',
  'pairs/raw',
  'http floor/s',
  'moves/commit',
  'errors',
];
printTable(head, table);
console.info('target: pairs/raw >= 0.5 and p99 < 50 ms');
