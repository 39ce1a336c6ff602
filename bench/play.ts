/**
 * `npm run bench:play` (first half): full in-house rounds over real HTTP beside the bare database
 * limit, in the same run, for SQLite and PostgreSQL (TEST_DATABASE_URL, skipped when unreachable).
 *
 * For each database: the real server in a child process, 50 members funded through the back-office
 * API, each with a member session, then 50 concurrent callers play `POST /play/api/rounds` (Coin
 * Flip, 1.00: the stake, the win, the jackpot share, the round row and the responsible-gambling check
 * in one ledger movement) for ~10 s (BENCH_SECONDS). Beside it, the raw limit as `bench:wallet`
 * measures it (money-support.ts), and the HTTP floor (a signed-in read that moves nothing, at the
 * same concurrency). Prints rounds/s, p50/p99 per round, raw tx/s, rounds/raw and the floor; the
 * target is at least half the raw limit. The ledger check runs after each run. Figures only.
 */
import { randomBytes } from 'node:crypto';
import { createHttpClient } from '../apps/reference-provider/src/http-client.ts';
import { MEMBER_SESSION } from '../apps/server/src/modules/members/member-auth.service.ts';
import { createSessionsService } from '../apps/server/src/modules/sessions/sessions.service.ts';
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
  stopServer,
  type Dialect,
} from './money-support.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RAW_SECONDS = Number(process.env.BENCH_RAW_SECONDS ?? 5);
const FLOOR_SECONDS = Number(process.env.BENCH_FLOOR_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const MEMBERS = 50;

interface Row {
  database: string;
  rounds: number;
  p50: number;
  p99: number;
  raw: number;
  floor: number;
  grouping: number | null;
  errors: number;
  ledgerOk: boolean;
}

async function playRun(dialect: Dialect): Promise<Row> {
  const database = benchDatabase(dialect, 'play');
  const server = await startServer(database.env);
  const handle = await openBenchDb(dialect, database.env);
  try {
    const token = await staffToken(server.url);
    const { operatorId, members } = await fundedMembers(handle, server.url, token, MEMBERS);
    const sessions = createSessionsService(handle.db);
    const tokens: string[] = [];
    for (const m of members)
      tokens.push(
        (await sessions.create({ type: 'member', id: m.id, operatorId }, MEMBER_SESSION, {})).token,
      );

    // Kept-alive connections, as a phone's browser holds them (fetch would cost the client 3x the CPU).
    const http = createHttpClient(server.url);
    let errors = 0;
    let firstError = '';
    const round = async (caller: number) => {
      const res = await http.request('/play/api/rounds', {
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
      if (res.status !== 200) {
        errors++;
        firstError ||= `${res.status} ${res.text.slice(0, 200)}`;
      }
    };
    await load(1, CONCURRENCY, round); // warm-up
    errors = 0;
    const play = await load(SECONDS, CONCURRENCY, round);
    if (firstError) console.error(`${dialect}: first refused round: ${firstError}`);
    // The HTTP floor: one signed-in read per call (the member's seeds), nothing moved.
    const floor = await load(FLOOR_SECONDS, CONCURRENCY, async (caller) => {
      const res = await http.request('/play/api/seeds', {
        method: 'GET',
        headers: { authorization: `Bearer ${tokens[caller % tokens.length]}` },
        timeoutMs: 30_000,
      });
      if (res.status !== 200) errors++;
    });
    const grouping = await movementsPerCommit(server.url, token);
    const check = await api(server.url, 'GET', '/bo/api/ledger/verify', token);
    if (check.ok !== true) console.error(`ledger check failed after the ${dialect} run`);
    http.close();
    await stopServer(server.child);
    const raw = await rawLimit(dialect, database.env, {
      seconds: RAW_SECONDS,
      concurrency: CONCURRENCY,
      accounts: MEMBERS,
    });
    return {
      database: dialect,
      rounds: play.perSecond,
      p50: play.p50,
      p99: play.p99,
      raw,
      floor: floor.perSecond,
      grouping,
      errors,
      ledgerOk: check.ok === true,
    };
  } finally {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await handle.close();
    await database.cleanup();
  }
}

// BENCH_DATABASES=postgres runs one of them only.
const wanted = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
const rows: Row[] = [];
if (wanted.includes('sqlite')) rows.push(await playRun('sqlite'));
if (wanted.includes('postgres')) {
  if (await postgresReachable()) rows.push(await playRun('postgres'));
  else console.warn(`PostgreSQL at ${PG_URL} unreachable: skipped`);
}

console.info(
  `\nin-house rounds over HTTP, ${CONCURRENCY} concurrent callers, ${SECONDS} s (raw: ${RAW_SECONDS} s), ${MEMBERS} members`,
);
printTable(
  [
    'database',
    'rounds/s',
    'p50 ms',
    'p99 ms',
    'raw tx/s',
    'rounds/raw',
    'http floor/s',
    'moves/commit',
    'errors',
    'ledger',
  ],
  rows.map((r) => [
    r.database,
    String(Math.round(r.rounds)),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    String(Math.round(r.raw)),
    (r.rounds / r.raw).toFixed(2),
    String(Math.round(r.floor)),
    r.grouping === null ? '-' : r.grouping.toFixed(1),
    String(r.errors),
    r.ledgerOk ? 'ok' : 'BREACH',
  ]),
);
console.info('target: rounds/raw >= 0.5');
