/**
 * `npm run bench:live`: what one instance's live channel (decision 024) holds and how fast it fans out,
 * on loopback only, bounded by BENCH_SOCKETS (default 2,000, at most 10,000).
 *
 * The real server (main.ts, SQLite, Redis at TEST_REDIS_URL when reachable) in a child process.
 * 1. Idle sockets: BENCH_SOCKETS members, each with a session and one signed-in socket. The server's
 *    resident memory (median of three samples) before and after gives the bytes per idle socket and
 *    so how many fit in 1 GiB beside the process's own footprint.
 * 2. Fan-out: 1,000 sockets stay open (the rest close); events are published to their operator's
 *    channel in Redis, as another instance publishes them, and each socket's delay from publication
 *    to receipt is measured. Five runs of 20 events; p50/p99 per run and the median p99, beside the
 *    same measured with one subscriber (the floor of one delivery) in the same run. Figures only.
 */
import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import { WebSocket } from 'ws';
import { LIVE_PATH } from '@playhouse/contract/live';
import { insertMember } from '../apps/server/src/modules/members/members.repository.ts';
import { MEMBER_SESSION } from '../apps/server/src/modules/members/member-auth.service.ts';
import { createSessionsService } from '../apps/server/src/modules/sessions/sessions.service.ts';
import { benchDatabase, openBenchDb, pct, printTable, startServer, stopServer } from './money-support.ts';

const SOCKETS = Math.min(10_000, Number(process.env.BENCH_SOCKETS ?? 2000));
const SUBSCRIBERS = Math.min(SOCKETS, 1000);
const RUNS = 5;
const EVENTS_PER_RUN = 20;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const GIB = 1024 ** 3;

const epochMs = () => performance.timeOrigin + performance.now();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function rssBytes(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? NaN) * 1024;
}
async function settledRss(pid: number) {
  const samples: number[] = [];
  for (let i = 0; i < 3; i++) {
    await sleep(1000);
    samples.push(rssBytes(pid));
  }
  return median(samples);
}

async function redisReachable() {
  const probe = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

interface Client {
  socket: WebSocket;
  onJackpot?: (sentAt: number) => void;
}

function openSocket(url: string, token: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const client: Client = { socket };
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('message', (data) => {
      const event = JSON.parse(data.toString()) as { type: string; amount?: string };
      if (event.type === 'ready') resolve(client);
      else if (event.type === 'jackpot') client.onJackpot?.(Number(event.amount));
    });
    socket.on('error', reject);
    socket.on('close', (code) => reject(new Error(`closed ${code}`)));
  });
}

/** Publishes events to the operator's channel and collects each subscriber's delay (ms). */
async function fanOut(redis: Redis, operatorId: number, clients: Client[]) {
  const delays: number[] = [];
  for (const client of clients) client.onJackpot = (sentAt) => delays.push(epochMs() - sentAt);
  for (let i = 0; i < EVENTS_PER_RUN; i++) {
    const expected = delays.length + clients.length;
    await redis.publish(
      `playhouse:live:o:${operatorId}`,
      JSON.stringify({ type: 'jackpot', amount: String(epochMs()) }),
    );
    const deadline = Date.now() + 5000;
    while (delays.length < expected && Date.now() < deadline) await sleep(2);
    await sleep(50);
  }
  delays.sort((a, b) => a - b);
  return {
    p50: pct(delays, 50),
    p99: pct(delays, 99),
    received: delays.length,
    expected: EVENTS_PER_RUN * clients.length,
  };
}

const withRedis = await redisReachable();
const database = benchDatabase('sqlite', 'live');
const server = await startServer({ ...database.env, ...(withRedis ? { REDIS_URL } : {}) });
const handle = await openBenchDb('sqlite', database.env);
const clients: Client[] = [];
try {
  const pid = server.child.pid!;
  const operator = await handle.db
    .selectFrom('operators')
    .select('id')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const operatorId = Number(operator.id);
  const sessions = createSessionsService(handle.db);
  const tokens: string[] = [];
  for (let i = 0; i < SOCKETS; i++) {
    const id = await insertMember(handle.db, {
      operator_id: operatorId,
      username: `live${i}x${Date.now().toString(36)}`,
      password_hash: null,
      type: 0,
      status: 'active',
      currency: 'PHP',
      first_time_login: 0,
      created_at: Date.now(),
    });
    tokens.push((await sessions.create({ type: 'member', id, operatorId }, MEMBER_SESSION, {})).token);
  }
  const url = server.url.replace(/^http/, 'ws') + LIVE_PATH;
  // Warm the socket path once, so the baseline holds the code that serves sockets.
  const warm = await openSocket(url, tokens[0]!);
  warm.socket.close();
  const before = await settledRss(pid);
  for (let i = 0; i < SOCKETS; i += 50)
    clients.push(...(await Promise.all(tokens.slice(i, i + 50).map((t) => openSocket(url, t)))));
  const after = await settledRss(pid);
  const perSocket = (after - before) / SOCKETS;
  const capacity = Math.floor((GIB - before) / perSocket);
  console.info(`live channel, one instance (${withRedis ? 'Redis pub/sub' : 'in-process bus'})`);
  printTable(
    ['sockets', 'RSS before', 'RSS after', 'per socket', 'idle sockets in 1 GiB'],
    [
      [
        String(SOCKETS),
        `${(before / 2 ** 20).toFixed(0)} MiB`,
        `${(after / 2 ** 20).toFixed(0)} MiB`,
        `${(perSocket / 1024).toFixed(1)} KiB`,
        capacity.toLocaleString('en'),
      ],
    ],
  );

  if (!withRedis) {
    console.info(`fan-out: skipped (no Redis at ${REDIS_URL} to publish as another instance would)`);
  } else {
    for (const client of clients.splice(SUBSCRIBERS)) client.socket.close();
    await sleep(500);
    const redis = new Redis(REDIS_URL);
    try {
      const rows: string[][] = [];
      const p99s: number[] = [];
      const floors: number[] = [];
      for (let run = 1; run <= RUNS; run++) {
        const many = await fanOut(redis, operatorId, clients);
        for (const client of clients.slice(1)) client.onJackpot = undefined;
        const one = await fanOut(redis, operatorId, clients.slice(0, 1));
        p99s.push(many.p99);
        floors.push(one.p99);
        rows.push([
          String(run),
          `${many.received}/${many.expected}`,
          many.p50.toFixed(2),
          many.p99.toFixed(2),
          one.p99.toFixed(2),
        ]);
      }
      console.info(
        `\nfan-out to ${SUBSCRIBERS} subscribers, ${EVENTS_PER_RUN} events per run (ms from publish to receipt)`,
      );
      printTable(['run', 'received', 'p50', 'p99', 'p99 with 1 subscriber'], rows);
      // The single subscriber's run shares the process with 999 idle sockets; it is the floor of one delivery.
      console.info(
        `median p99: ${median(p99s).toFixed(2)} ms for ${SUBSCRIBERS} subscribers, ${median(floors).toFixed(2)} ms for one (${(median(p99s) / median(floors)).toFixed(1)}x)`,
      );
    } finally {
      redis.disconnect();
    }
  }
} finally {
  for (const client of clients) client.socket.terminate();
  await handle.close();
  await stopServer(server.child);
  await database.cleanup();
}
