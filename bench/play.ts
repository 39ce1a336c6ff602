/**
 * `npm run bench:play` (first half): full in-house rounds over real HTTP against a lean
 * implementation (lean-server.ts `POST /lean/round`: a bearer token, the stake and the drawn win as
 * one idempotent entry), on the same machine in the same run, for SQLite and PostgreSQL
 * (TEST_DATABASE_URL, skipped when unreachable; with Redis at TEST_REDIS_URL as production runs it).
 *
 * For each database: the real server in a child process, 50 members funded through the back-office
 * API, each with a member session, playing `POST /play/api/rounds` (Coin Flip, 1.00: the stake, the
 * win, the jackpot share, the round row and the responsible-gambling check in one ledger movement);
 * the lean server beside it with 50 members of its own. Measured alternately, BENCH_REPS times (3):
 * a closed loop of 50 callers for BENCH_SECONDS (rounds/s), then an open loop at BENCH_RATE rounds/s
 * offered (100) for BENCH_OPEN_SECONDS (p99). Prints the medians and product/lean; the targets are
 * rounds/s >= 0.7x lean and p99 <= max(50 ms, 1.5x lean). Both ledger checks run afterwards.
 */
import { randomBytes } from 'node:crypto';
import { createHttpClient } from '../apps/reference-provider/src/http-client.ts';
import { MEMBER_SESSION } from '../apps/server/src/modules/members/member-auth.service.ts';
import { createSessionsService } from '../apps/server/src/modules/sessions/sessions.service.ts';
import {
  api,
  benchDatabase,
  cpuSeconds,
  fundedMembers,
  leanVerify,
  load,
  openBenchDb,
  openLoad,
  postgresCpuSeconds,
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

interface Side {
  rounds: number[];
  cpu: number[];
  dbCpu: number[];
  p99: number[];
  errors: number;
  ledgerOk: boolean;
}

function roundOf(http: ReturnType<typeof createHttpClient>, path: string, tokens: string[], side: Side) {
  return async (caller: number) => {
    const res = await http.request(path, {
      method: 'POST',
      timeoutMs: 30_000,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${tokens[caller % tokens.length]}`,
      },
      body: JSON.stringify({
        gameCode: 'COINFLIP',
        stake: '1.00',
        options: { side: caller % 2 ? 'heads' : 'tails' },
        requestId: randomBytes(12).toString('hex'),
      }),
    });
    if (res.status !== 200 && !side.errors++)
      console.error(`first refused round: ${res.status} ${res.text.slice(0, 200)}`);
  };
}

async function playRun(dialect: Dialect) {
  const database = benchDatabase(dialect, 'play');
  const server = await startServer({ ...database.env, ...(dialect === 'postgres' ? { REDIS_URL } : {}) });
  const handle = await openBenchDb(dialect, database.env);
  const lean = await startLean(dialect, { secret: 'unused', vendor: 'BGS', members: MEMBERS });
  try {
    const token = await staffToken(server.url);
    const { operatorId, members } = await fundedMembers(handle, server.url, token, MEMBERS);
    const sessions = createSessionsService(handle.db);
    const tokens: string[] = [];
    for (const m of members)
      tokens.push(
        (await sessions.create({ type: 'member', id: m.id, operatorId }, MEMBER_SESSION, {})).token,
      );
    const sides = {
      product: { rounds: [], cpu: [], dbCpu: [], p99: [], errors: 0, ledgerOk: false } as Side,
      lean: { rounds: [], cpu: [], dbCpu: [], p99: [], errors: 0, ledgerOk: false } as Side,
    };
    // Kept-alive connections, as a phone's browser holds them.
    const clients = { product: createHttpClient(server.url), lean: createHttpClient(lean.url) };
    const pids = { product: server.child.pid, lean: lean.child.pid };
    const steps = {
      product: roundOf(clients.product, '/play/api/rounds', tokens, sides.product),
      lean: roundOf(
        clients.lean,
        '/lean/round',
        Array.from({ length: MEMBERS }, (_, i) => `lean-${i + 1}`),
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
        sides[name].rounds.push(closed.perSecond);
        sides[name].cpu.push(((cpuSeconds(pids[name]) - cpu) * 1000) / (closed.perSecond * SECONDS));
        if (dialect === 'postgres')
          sides[name].dbCpu.push(((postgresCpuSeconds() - dbCpu) * 1000) / (closed.perSecond * SECONDS));
      }
      for (const name of order) sides[name].p99.push((await openLoad(OPEN_SECONDS, RATE, steps[name])).p99);
      console.info(
        `${dialect} run ${rep + 1}: rounds/s product ${Math.round(sides.product.rounds.at(-1)!)} lean ${Math.round(sides.lean.rounds.at(-1)!)}; ` +
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
const rows: Awaited<ReturnType<typeof playRun>>[] = [];
if (wanted.includes('sqlite')) rows.push(await playRun('sqlite'));
if (wanted.includes('postgres')) {
  if (await postgresReachable()) rows.push(await playRun('postgres'));
  else console.warn(`PostgreSQL at ${PG_URL} unreachable: skipped`);
}

console.info(
  `\nin-house rounds over HTTP, product against lean, medians of ${REPS}: ` +
    `${CONCURRENCY} callers for ${SECONDS} s (rounds/s), ${RATE} rounds/s offered for ${OPEN_SECONDS} s (p99)`,
);
printAgainstLean('round', rows, (side) => side.rounds);
