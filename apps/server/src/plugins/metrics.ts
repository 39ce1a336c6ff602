import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Kysely } from 'kysely';
import type { Database } from '@playhouse/db/schema';
import type { GroupCommitStats } from '@playhouse/db/sqlite-group-commit';
import type { LedgerService } from '../modules/ledger/ledger.service.ts';
import { createLatencyHistogram, type LatencySeries } from './latency-histogram.ts';

/** What the operator dashboards (ops/grafana-dashboard.json) read besides HTTP. */
export interface OperatorMetricSources {
  /** Every money movement goes through its `post`: timed and counted by kind, channel and outcome. */
  ledger?: LedgerService;
  /** For the money desk's queue lengths, read when scraped. */
  db?: Kysely<Database>;
  /** Open HTTP connections. */
  openConnections?: () => number;
}

/**
 * The family a route belongs to, for per-family rate, errors and latency on the dashboards: few,
 * fixed names an operator recognises.
 */
export function routeFamily(route: string | undefined): string {
  if (!route) return 'unmatched';
  if (route === '/healthz' || route === '/readyz' || route === '/metrics') return 'ops';
  if (route.startsWith('/wps/provider/wallet/')) return 'provider-wallet';
  if (route.startsWith('/wps/relay/GCS_walletTransfer')) return 'transfer-wallet';
  if (route.startsWith('/play/api/')) return 'in-house-play';
  if (
    route.startsWith('/wps/transaction/') ||
    route.startsWith('/wps/relay/MCS2_') ||
    route.startsWith('/wps/payments/')
  )
    return 'payments';
  if (route.startsWith('/bo/api/')) return 'back-office';
  if (route.startsWith('/wps/') || route.startsWith('/lgw/')) return 'player-api';
  return 'pages';
}

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/**
 * Prometheus metrics at /metrics: process defaults, request counts and latency per route and per
 * route family, wallet movements, the money desk's queues and open connections.
 */
export function registerMetrics(
  app: FastifyInstance,
  groupCommit?: () => GroupCommitStats | undefined,
  sources: OperatorMetricSources = {},
) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  if (groupCommit) {
    // SQLite group commit (decision 017): movements per COMMIT is how many shared one fsync.
    for (const [name, help, key] of [
      ['sqlite_commit_groups_total', 'SQLite commit groups that held at least one movement', 'groups'],
      ['sqlite_grouped_movements_total', 'Movements committed through SQLite commit groups', 'movements'],
    ] as const)
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(groupCommit()?.[key] ?? 0);
        },
      });
  }
  const duration = createLatencyHistogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registry,
  });
  const errors = new Counter({
    name: 'http_request_errors_total',
    help: 'HTTP responses with status 500 or above',
    labelNames: ['route'],
    registers: [registry],
  });

  const familyRequests = new Counter({
    name: 'playhouse_http_requests_total',
    help: 'HTTP responses by route family and status class',
    labelNames: ['family', 'class'],
    registers: [registry],
  });
  const familyDuration = new Histogram({
    name: 'playhouse_http_request_duration_seconds',
    help: 'HTTP latency by route family',
    labelNames: ['family'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  // Resolved once per family and class: a response costs two map lookups here.
  const familySeries = new Map<
    string,
    { count: ReturnType<typeof familyRequests.labels>; latency: ReturnType<typeof familyDuration.labels> }
  >();
  const familyOf = new Map<string, string>();

  if (sources.ledger) instrumentLedger(sources.ledger, registry);
  if (sources.openConnections) {
    const open = sources.openConnections;
    new Gauge({
      name: 'playhouse_http_open_connections',
      help: 'HTTP connections open now (live keep-alive clients included)',
      registers: [registry],
      collect() {
        this.set(open());
      },
    });
  }
  if (sources.db) registerMoneyDeskQueues(sources.db, registry);

  // One resolved series per label combination: a response costs a map lookup and a bucket search.
  // The series are bounded by routes × methods × statuses.
  const series = new Map<string, LatencySeries>();
  app.addHook('onResponse', (request, reply, done) => {
    // Unmatched paths share one label so scanners cannot blow up the series count.
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    const key = `${request.method} ${status} ${route}`;
    let child = series.get(key);
    if (!child) {
      child = duration.series(request.method, route, status);
      series.set(key, child);
    }
    const seconds = reply.elapsedTime / 1000;
    child.observe(seconds);
    if (status >= 500) errors.inc({ route });
    let family = familyOf.get(route);
    if (family === undefined) {
      family = routeFamily(request.routeOptions.url);
      familyOf.set(route, family);
    }
    const familyKey = `${family} ${statusClass(status)}`;
    let fam = familySeries.get(familyKey);
    if (!fam) {
      fam = {
        count: familyRequests.labels(family, statusClass(status)),
        latency: familyDuration.labels(family),
      };
      familySeries.set(familyKey, fam);
    }
    fam.count.inc();
    fam.latency.observe(seconds);
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
  return registry;
}

/**
 * Times every ledger movement (decision 012: all money moves through `ledger.post`): a counter and a
 * latency histogram by kind (bet, win, deposit…), channel (the source's namespace: vendor, play,
 * payments, bo…) and outcome (moved, replayed, refused). The in-house channel's latency is the time
 * to draw and settle a round.
 */
function instrumentLedger(ledger: LedgerService, registry: Registry) {
  const movements = new Counter({
    name: 'playhouse_wallet_movements_total',
    help: 'Wallet movements through the ledger by kind, channel and outcome (moved, replayed, refused)',
    labelNames: ['kind', 'channel', 'outcome'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'playhouse_wallet_movement_duration_seconds',
    help: 'Time to post one wallet movement (one transaction), by kind and channel',
    labelNames: ['kind', 'channel'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const post = ledger.post;
  const instrumented: typeof ledger.post = async (request) => {
    const started = performance.now();
    const channel = request.source.split(':')[0] ?? 'other';
    let outcome = 'refused';
    try {
      const result = await post(request);
      outcome = result.duplicate ? 'replayed' : 'moved';
      return result;
    } finally {
      movements.inc({ kind: request.kind, channel, outcome });
      duration.observe({ kind: request.kind, channel }, (performance.now() - started) / 1000);
    }
  };
  ledger.post = instrumented;
}

/** Deposits waiting for the money desk and withdrawals waiting or being paid out, per operator. */
function registerMoneyDeskQueues(db: Kysely<Database>, registry: Registry) {
  new Gauge({
    name: 'playhouse_money_desk_queue',
    help: 'Requests waiting at the money desk, by queue and operator',
    labelNames: ['queue', 'operator_id'],
    registers: [registry],
    async collect() {
      try {
        const [deposits, withdrawals] = await Promise.all([
          db
            .selectFrom('deposits')
            .select(['operator_id', (eb) => eb.fn.countAll<number>().as('n')])
            .where('status', '=', 'PENDING')
            .groupBy('operator_id')
            .execute(),
          db
            .selectFrom('withdrawals')
            .select(['operator_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
            .where('status', 'in', ['PENDING', 'PROCESSING'])
            .groupBy(['operator_id', 'status'])
            .execute(),
        ]);
        this.reset();
        for (const r of deposits)
          this.set({ queue: 'deposits_pending', operator_id: String(r.operator_id) }, Number(r.n));
        for (const r of withdrawals)
          this.set(
            { queue: `withdrawals_${r.status.toLowerCase()}`, operator_id: String(r.operator_id) },
            Number(r.n),
          );
      } catch {
        // A scrape while the database is away shows the last figures; /readyz reports the outage.
      }
    },
  });
}
