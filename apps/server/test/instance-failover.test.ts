import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, dropSchema } from '@playhouse/db/create-db';
import { createLedgerService } from '../src/modules/ledger/ledger.service.ts';
import { PLAY_SOURCE } from '../src/modules/play/play.service.ts';
import { startBalancer } from './support/balancer.ts';
import {
  api,
  call,
  signedInMember,
  staffToken,
  startServer,
  stopServer,
  type ServerProcess,
} from './support/server-process.ts';
import { TEST_DATABASE_URL } from './support/test-app.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const WORKERS = 6;
const FUNDING = 1000_00;
const STAKE = '1.00';
/** Bounds of the load: attempts per round, the pause between a worker's rounds and how long it may run. */
const MAX_ATTEMPTS = 10;
const PACE_MS = 15;
const MAX_LOAD_MS = 200_000;

type Phase = 'both' | 'draining' | 'one' | 'rejoined' | 'killed';

/**
 * Two instances on one PostgreSQL database and one Redis behind a load balancer (the deployment in
 * deploy/compose.yaml; SQLite is one process's file, so this is PostgreSQL only). Under a bounded
 * loopback load of in-house rounds, one instance is stopped gracefully, restarted, and then the other
 * is killed outright: no acknowledged movement is lost, nothing moves twice, and the survivor serves.
 */
describe('two instances behind a balancer (postgres)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  });

  it('loses no acknowledged movement when one instance drains and when the other is killed', async () => {
    const schema = `failover_${randomBytes(5).toString('hex')}`;
    cleanups.push(() => dropSchema(TEST_DATABASE_URL, schema));
    const env = {
      DATABASE_URL: TEST_DATABASE_URL,
      DATABASE_SCHEMA: schema,
      REDIS_URL,
      SHUTDOWN_DRAIN_SECONDS: '2',
    };
    // One after the other, as a rolling start does: the first applies the migrations.
    let a: ServerProcess = await startServer(env);
    cleanups.push(() => stopServer(a, 'SIGKILL'));
    const b: ServerProcess = await startServer(env);
    cleanups.push(() => stopServer(b, 'SIGKILL'));
    const balancer = await startBalancer([a.url, b.url]);
    cleanups.push(() => balancer.stop());
    const url = balancer.url;

    const handle = await createDb({ url: TEST_DATABASE_URL, schema, poolSize: 2 });
    cleanups.push(() => handle.close());
    const staff = await staffToken(url);
    const tag = randomBytes(3).toString('hex');
    const members: { id: number; username: string; token: string }[] = [];
    for (let i = 0; i < WORKERS; i++) {
      const m = await signedInMember(url, handle, `fail${tag}${i}`);
      await api(url, 'POST', '/bo/api/wallet/adjustments', staff, {
        userName: m.username,
        amount: (FUNDING / 100).toFixed(2),
        reason: 'failover test funding',
        idempotencyKey: `failover-${m.username}`,
      });
      members.push(m);
    }

    let phase: Phase = 'both';
    let stop = false;
    const acked: { memberId: number; requestId: string; phase: Phase }[] = [];
    const refused: { phase: Phase; status: number }[] = [];
    let retriedThenAcked = 0;

    // A paced load that runs until the phases are over (not a fixed count of rounds, which a fast
    // machine finishes before the restarted instance is back, and a slow one never reaches), and
    // leaves the machine's other tests some of its two cores.
    const loadDeadline = Date.now() + MAX_LOAD_MS;
    async function worker(m: (typeof members)[number]) {
      for (let n = 0; !stop && Date.now() < loadDeadline; n++) {
        await new Promise((r) => setTimeout(r, PACE_MS));
        const requestId = randomUUID();
        for (let attempt = 1; ; attempt++) {
          const res = await call(url, 'POST', '/play/api/rounds', m.token, {
            gameCode: 'COINFLIP',
            stake: STAKE,
            options: { side: n % 2 ? 'heads' : 'tails' },
            requestId,
          }).catch(() => ({ status: 0 }));
          if (res.status === 200) {
            acked.push({ memberId: m.id, requestId, phase });
            if (attempt > 1) retriedThenAcked++;
            break;
          }
          refused.push({ phase, status: res.status });
          // Not acknowledged: the client retries with the same request id, as the site does.
          if (attempt >= MAX_ATTEMPTS) throw new Error(`round ${requestId} never acknowledged`);
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    }
    const load = Promise.all(members.map(worker));
    load.catch(() => undefined);
    const started = Date.now();

    const until = async (what: string, condition: () => boolean) => {
      const deadline = Date.now() + 60_000;
      while (!condition()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const ackedIn = (p: Phase) => acked.filter((x) => x.phase === p).length;

    await until('load on both', () => ackedIn('both') >= 60);
    expect(balancer.served.get(a.url)).toBeGreaterThan(0);
    expect(balancer.served.get(b.url)).toBeGreaterThan(0);
    // The open connections gauge sees the balancer's kept-alive connections.
    const metrics = await fetch(`${a.url}/metrics`).then((r) => r.text());
    expect(Number(/^playhouse_http_open_connections (\d+)/m.exec(metrics)?.[1])).toBeGreaterThan(0);

    // 1. A drains (SIGTERM): readiness goes first, requests in its hands finish, it exits cleanly.
    phase = 'draining';
    const drainStarted = Date.now();
    a.child.kill('SIGTERM');
    const aExit = await new Promise<number | null>((resolve) =>
      a.child.once('exit', (code) => resolve(code)),
    );
    const drainMs = Date.now() - drainStarted;
    expect(aExit).toBe(0);
    phase = 'one';
    await until('B alone', () => ackedIn('one') >= 40);

    // 2. A comes back on its address and the balancer sends it work again.
    a = await startServer(env, a.port);
    const servedByA = balancer.served.get(a.url)!;
    phase = 'rejoined';
    await until('A rejoined', () => balancer.served.get(a.url)! > servedByA + 20);

    // 3. B is killed outright with requests in flight.
    const killedAt = Date.now();
    const ackedBeforeKill = acked.length;
    phase = 'killed';
    await stopServer(b, 'SIGKILL');
    await until('A serving alone', () => ackedIn('killed') >= 60);
    const firstAfterKillMs = Date.now() - killedAt;
    stop = true;
    await load;
    const elapsed = (Date.now() - started) / 1000;

    // A graceful stop cost no request at all.
    expect(refused.filter((r) => r.phase === 'draining' || r.phase === 'one')).toEqual([]);
    // The survivor kept serving after the kill.
    expect(acked.length - ackedBeforeKill).toBeGreaterThanOrEqual(60);

    // Every acknowledged round is in the database exactly once, and nothing else is.
    const rounds = await handle.db
      .selectFrom('play_rounds')
      .select(['request_id', 'member_id', 'stake', 'win', 'jackpot_win'])
      .execute();
    expect(rounds).toHaveLength(acked.length);
    expect(new Set(rounds.map((r) => r.request_id))).toEqual(new Set(acked.map((x) => x.requestId)));
    const entries = await handle.db
      .selectFrom('ledger_entries')
      .select(['idem_key'])
      .where('source', '=', PLAY_SOURCE)
      .execute();
    expect(entries).toHaveLength(acked.length);
    const report = await createLedgerService(handle.db).verify();
    expect(report.breaches).toEqual([]);
    expect(report.ok).toBe(true);

    // Each balance, read through the survivor, is its funding plus what its rounds won and lost.
    for (const m of members) {
      const mine = rounds.filter((r) => r.member_id === m.id);
      const expected = FUNDING + mine.reduce((sum, r) => sum + r.win + r.jackpot_win - r.stake, 0);
      const shown = (await api(url, 'GET', '/wps/wallets/gcs', m.token)).sumBalance as string;
      expect(Math.round(Number(shown) * 100), m.username).toBe(expected);
    }
    expect(balancer.failures.unavailable).toBe(0);

    const killed = refused.filter((r) => r.phase === 'killed');
    console.info(
      `two instances (postgres): ${acked.length} rounds acknowledged in ${elapsed.toFixed(1)} s ` +
        `(${(acked.length / elapsed).toFixed(0)}/s through the balancer, ${WORKERS} clients); ` +
        `graceful stop of A took ${drainMs} ms with 0 failed requests; ` +
        `killing B cut ${killed.length} requests (${balancer.failures.badGateway} answered 502), ` +
        `${retriedThenAcked} rounds were acknowledged on a retry with the same request id; ` +
        `60 rounds on A alone ${firstAfterKillMs} ms after the kill; 0 acknowledged rounds lost, 0 doubled`,
    );
  }, 240_000);
});
