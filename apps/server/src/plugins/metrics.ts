import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { GroupCommitStats } from '@playhouse/db/sqlite-group-commit';
import { createLatencyHistogram, type LatencySeries } from './latency-histogram.ts';

/** Prometheus metrics at /metrics: process defaults plus request counts and latency per route. */
export function registerMetrics(app: FastifyInstance, groupCommit?: () => GroupCommitStats | undefined) {
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
    child.observe(reply.elapsedTime / 1000);
    if (status >= 500) errors.inc({ route });
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
  return registry;
}
