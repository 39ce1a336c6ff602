/**
 * Throughput of the lobby's game list against a bare Fastify JSON route, in the same run and on the
 * same machine: 50 connections for ~10 s each (BENCH_SECONDS to change). Prints requests/s, p99
 * latency and the ratio; the target is a game list at least half as fast as the bare route.
 */
import autocannon, { type Result } from 'autocannon';
import Fastify from 'fastify';
import { startServer } from './support.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const GAME_LIST =
  '/wps/relay/GCSGAME_gameList?merchant=demo&platform=html5&clientType=2&gameType=RNG&pageNo=1&pageSize=36&language=EN';

/** What a browser sends: the lobby's lists are served pre-compressed to it. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };

async function measure(url: string, headers: Record<string, string> = {}): Promise<Result> {
  // Load comes from a worker thread so the servers' event loop is not also driving the client.
  return autocannon({ url, connections: CONNECTIONS, duration: SECONDS, workers: 1, headers });
}

const line = (name: string, r: Result) =>
  `${name.padEnd(28)} ${r.requests.average.toFixed(0).padStart(8)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms   ` +
  `(${r.requests.total} requests, ${r.non2xx} non-2xx, ${r.errors} errors)`;

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
    const list = await measure(`${server.url}${GAME_LIST}`, BROWSER);
    const base = await measure(`${bareUrl}/json`, BROWSER);
    const plain = await measure(`${server.url}${GAME_LIST}`);
    // The app's floor: an API route with a tiny body pays the same global hooks (helmet, metrics, …).
    const floor = await measure(`${server.url}/wps/relay/GCSGAME_getRankList`);
    console.info(line('gameList, browser headers', list));
    console.info(line('bare Fastify /json', base));
    console.info(line('gameList, no compression', plain));
    console.info(line('empty winner board (floor)', floor));
    const ratio = list.requests.average / base.requests.average;
    const plainRatio = plain.requests.average / base.requests.average;
    console.info(
      `\nratio (browser headers): ${ratio.toFixed(2)} of bare Fastify (target ≥ 0.50: ${ratio >= 0.5 ? 'met' : 'NOT met'})` +
        `\nratio (uncompressed 25 KB page): ${plainRatio.toFixed(2)}` +
        `\ngameList / the app's own floor: ${(list.requests.average / floor.requests.average).toFixed(2)}`,
    );
  } finally {
    await bare.close();
    await server.stop();
  }
}

await main();
