/**
 * Throughput of the lobby's game list against a bare Fastify JSON route, in the same run and on the
 * same machine: 50 connections, ~10 s per target (BENCH_SECONDS to change). Prints requests/s, p99
 * latency and the ratio; the target is a game list at least half as fast as the bare route.
 *
 * The machine is shared, so the targets are measured in interleaved rounds (BENCH_ROUNDS, default 5)
 * and each figure is the median over rounds, each ratio the median of per-round ratios: a burst of
 * someone else's load then skews one round of both sides instead of one side of the comparison.
 */
import autocannon, { type Result } from 'autocannon';
import Fastify from 'fastify';
import { startServer } from './support.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const CONNECTIONS = 50;
const GAME_LIST =
  '/wps/relay/GCSGAME_gameList?merchant=demo&platform=html5&clientType=2&gameType=RNG&pageNo=1&pageSize=36&language=EN';

/** What a browser sends: the lobby's lists are served pre-compressed to it. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };

async function measure(url: string, headers: Record<string, string>, seconds: number): Promise<Result> {
  // Load comes from a worker thread so the servers' event loop is not also driving the client.
  return autocannon({ url, connections: CONNECTIONS, duration: seconds, workers: 1, headers });
}

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  rounds: Result[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const perSecond = (t: Target) => t.rounds.map((r) => r.requests.average);

const line = (t: Target) => {
  const sum = (pick: (r: Result) => number) => t.rounds.reduce((a, r) => a + pick(r), 0);
  const p99 = Math.max(...t.rounds.map((r) => r.latency.p99));
  return (
    `${t.name.padEnd(28)} ${median(perSecond(t)).toFixed(0).padStart(8)} req/s   p99 ${String(p99).padStart(4)} ms   ` +
    `(${sum((r) => r.requests.total)} requests, ${sum((r) => r.non2xx)} non-2xx, ${sum((r) => r.errors)} errors; ` +
    `rounds ${perSecond(t)
      .map((v) => v.toFixed(0))
      .join(' ')})`
  );
};

/** Median over rounds of a / b, each pair measured in the same round. */
const pairedRatio = (a: Target, b: Target) =>
  median(a.rounds.map((r, i) => r.requests.average / b.rounds[i]!.requests.average));

async function main() {
  const server = await startServer();
  const bare = Fastify({ logger: false });
  bare.get('/json', async () => ({ hello: 'world' }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    const probe = await fetch(`${server.url}${GAME_LIST}`);
    const body = (await probe.json()) as { value: { games: unknown[]; totalCount: number } };
    console.info(
      `game list: ${body.value.games.length} games per page of ${body.value.totalCount}; ${SECONDS} s × ${CONNECTIONS} connections each\n`,
    );
    // Warm-up (JIT, caches, sockets) for both servers, not counted.
    await autocannon({
      url: `${server.url}${GAME_LIST}`,
      connections: CONNECTIONS,
      duration: 3,
      workers: 1,
      headers: BROWSER,
    });
    await autocannon({ url: `${bareUrl}/json`, connections: CONNECTIONS, duration: 3, workers: 1 });
    const target = (name: string, url: string, headers: Record<string, string> = {}): Target => ({
      name,
      url,
      headers,
      rounds: [],
    });
    const list = target('gameList, browser headers', `${server.url}${GAME_LIST}`, BROWSER);
    const base = target('bare Fastify /json', `${bareUrl}/json`, BROWSER);
    const plain = target('gameList, no compression', `${server.url}${GAME_LIST}`);
    // The app's floor: an API route with a tiny body pays the same global hooks (headers, metrics, …).
    const floor = target('empty winner board (floor)', `${server.url}/wps/relay/GCSGAME_getRankList`);
    const targets = [list, base, plain, floor];
    const seconds = Math.max(1, Math.round(SECONDS / ROUNDS));
    for (let round = 0; round < ROUNDS; round++) {
      // The compared pair runs back to back; which goes first alternates so drift favours neither.
      const order = round % 2 ? [base, list, floor, plain] : [list, base, plain, floor];
      for (const t of order) t.rounds.push(await measure(t.url, t.headers, seconds));
    }
    console.info(`median of ${ROUNDS} interleaved rounds of ${seconds} s each\n`);
    for (const t of targets) console.info(line(t));
    const ratio = pairedRatio(list, base);
    console.info(
      `\nratio (browser headers): ${ratio.toFixed(2)} of bare Fastify (target ≥ 0.50: ${ratio >= 0.5 ? 'met' : 'NOT met'})` +
        `\nratio (uncompressed 25 KB page): ${pairedRatio(plain, base).toFixed(2)}` +
        `\ngameList / the app's own floor: ${pairedRatio(list, floor).toFixed(2)}`,
    );
  } finally {
    await bare.close();
    await server.stop();
  }
}

await main();
