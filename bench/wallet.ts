/**
 * `npm run bench:wallet`: the seamless wallet over real HTTP against a lean implementation of the
 * same contract (lean-server.ts), on the same machine in the same run, for SQLite and PostgreSQL
 * (TEST_DATABASE_URL, skipped when unreachable; with Redis at TEST_REDIS_URL as production runs it).
 *
 * For each database: the real server in a child process (`apps/server/src/main.ts`, production
 * mode, logs at warn) and the lean server in another, each with 50 funded members; callers sign like
 * a vendor (the reference provider's own client) and play bet + win pairs. Measured alternately,
 * BENCH_REPS times (3): a closed loop of 50 callers for BENCH_SECONDS (throughput), then an open loop
 * at BENCH_RATE pairs/s offered (100) for BENCH_OPEN_SECONDS (p99 latency below saturation). Prints
 * the medians and product/lean; the targets are pairs/s >= 0.7x lean and p99 <= max(50 ms, 1.5x lean).
 * The ledger check of both servers runs afterwards. Figures only, no assertions.
 */
import { randomBytes } from 'node:crypto';
import { createSeamlessClient, type SeamlessClient } from '../apps/reference-provider/src/seamless-client.ts';
import {
  api,
  benchDatabase,
  cpuSeconds,
  postgresCpuSeconds,
  fundedMembers,
  leanVerify,
  load,
  openBenchDb,
  openLoad,
  postgresReachable,
  PG_URL,
  printAgainstLean,
  staffToken,
  startLean,
  startServer,
  stopServer,
  type Dialect,
} from './money-support.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const OPEN_SECONDS = Number(process.env.BENCH_OPEN_SECONDS ?? 8);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const REPS = Number(process.env.BENCH_REPS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const MEMBERS = 50;
const VENDOR = 'JILI';

interface Side {
  pairs: number[];
  /** The server process's CPU milliseconds per pair in the closed loop. */
  cpu: number[];
  /** PostgreSQL's CPU milliseconds per pair in the closed loop (every backend on the machine). */
  dbCpu: number[];
  p99: number[];
  errors: number;
  ledgerOk: boolean;
}

function pairOf(client: SeamlessClient, users: string[], side: Side) {
  return async (caller: number) => {
    const roundId = `${VENDOR}-${randomBytes(8).toString('hex')}`;
    const bet = {
      userName: users[caller % users.length]!,
      transactionId: `${roundId}-bet`,
      roundId,
      gameCode: 'JILI-SLOT-001',
      amount: '1.00',
    };
    const placed = await client.bet(bet);
    if (!placed.ok) {
      if (!side.errors++) console.error(`first refused bet: ${placed.status} ${placed.code}`);
      return;
    }
    const won = await client.win({
      ...bet,
      transactionId: `${roundId}-win`,
      amount: '0.50',
      refTransactionId: bet.transactionId,
    });
    if (!won.ok && !side.errors++) console.error(`first refused win: ${won.status} ${won.code}`);
  };
}

async function walletRun(dialect: Dialect) {
  const database = benchDatabase(dialect, 'wallet');
  const server = await startServer({ ...database.env, ...(dialect === 'postgres' ? { REDIS_URL } : {}) });
  const handle = await openBenchDb(dialect, database.env);
  const secret = randomBytes(24).toString('hex');
  const lean = await startLean(dialect, { secret, vendor: VENDOR, members: MEMBERS });
  try {
    const token = await staffToken(server.url);
    await api(server.url, 'PUT', `/bo/api/vendors/${VENDOR}`, token, {
      enabled: true,
      walletMode: 'seamless',
      secret,
    });
    const members = (await fundedMembers(handle, server.url, token, MEMBERS)).members.map((m) => m.username);
    const clientOf = (target: string) =>
      createSeamlessClient({
        target,
        vendor: VENDOR,
        secret,
        port: 0,
        host: '127.0.0.1',
        timeoutMs: 30_000,
        retries: 0,
      });
    const sides = {
      product: { pairs: [], cpu: [], dbCpu: [], p99: [], errors: 0, ledgerOk: false } as Side,
      lean: { pairs: [], cpu: [], dbCpu: [], p99: [], errors: 0, ledgerOk: false } as Side,
    };
    const pids = { product: server.child.pid, lean: lean.child.pid };
    const clients = { product: clientOf(server.url), lean: clientOf(lean.url) };
    const steps = {
      product: pairOf(clients.product, members, sides.product),
      lean: pairOf(
        clients.lean,
        Array.from({ length: MEMBERS }, (_, i) => `m${i + 1}`),
        sides.lean,
      ),
    };
    for (const name of ['product', 'lean'] as const) await load(1, CONCURRENCY, steps[name]); // warm-up
    sides.product.errors = sides.lean.errors = 0;
    for (let rep = 0; rep < REPS; rep++) {
      const order = rep % 2 ? (['lean', 'product'] as const) : (['product', 'lean'] as const);
      for (const name of order) {
        const cpu = cpuSeconds(pids[name]);
        const dbCpu = postgresCpuSeconds();
        const closed = await load(SECONDS, CONCURRENCY, steps[name]);
        sides[name].pairs.push(closed.perSecond);
        if (dialect === 'postgres')
          sides[name].dbCpu.push(((postgresCpuSeconds() - dbCpu) * 1000) / (closed.perSecond * SECONDS));
        sides[name].cpu.push(((cpuSeconds(pids[name]) - cpu) * 1000) / (closed.perSecond * SECONDS));
      }
      for (const name of order) sides[name].p99.push((await openLoad(OPEN_SECONDS, RATE, steps[name])).p99);
      console.info(
        `${dialect} run ${rep + 1}: pairs/s product ${Math.round(sides.product.pairs.at(-1)!)} lean ${Math.round(sides.lean.pairs.at(-1)!)}; ` +
          `p99 at ${RATE}/s product ${sides.product.p99.at(-1)!.toFixed(1)} ms lean ${sides.lean.p99.at(-1)!.toFixed(1)} ms`,
      );
    }
    clients.product.close();
    clients.lean.close();
    sides.product.ledgerOk = (await api(server.url, 'GET', '/bo/api/ledger/verify', token)).ok === true;
    sides.lean.ledgerOk = await leanVerify(lean.url);
    return { database: dialect, ...sides };
  } finally {
    await stopServer(server.child);
    await lean.cleanup();
    await handle.close();
    await database.cleanup();
  }
}

// BENCH_DATABASES=postgres runs one of them only.
const wanted = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
const rows: Awaited<ReturnType<typeof walletRun>>[] = [];
if (wanted.includes('sqlite')) rows.push(await walletRun('sqlite'));
if (wanted.includes('postgres')) {
  if (await postgresReachable()) rows.push(await walletRun('postgres'));
  else console.warn(`PostgreSQL at ${PG_URL} unreachable: skipped`);
}

console.info(
  `\nseamless wallet, bet + win pairs, product against lean, medians of ${REPS}: ` +
    `${CONCURRENCY} callers for ${SECONDS} s (pairs/s), ${RATE} pairs/s offered for ${OPEN_SECONDS} s (p99)`,
);
printAgainstLean('pair', rows, (side) => side.pairs);
