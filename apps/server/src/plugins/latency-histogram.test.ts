import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createLatencyHistogram } from './latency-histogram.ts';

const options = { name: 'http_request_duration_seconds', help: 'HTTP request latency by route' };
const buckets = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** The same observations through prom-client's Histogram and ours. */
function both(observations: [string, string, number, number][]) {
  const promRegistry = new Registry();
  const ownRegistry = new Registry();
  const prom = new Histogram({
    ...options,
    buckets,
    labelNames: ['method', 'route', 'status'],
    registers: [promRegistry],
  });
  const own = createLatencyHistogram({ ...options, buckets, registry: ownRegistry });
  for (const [method, route, status, seconds] of observations) {
    prom.observe({ method, route, status }, seconds);
    own.series(method, route, status).observe(seconds);
  }
  return { promRegistry, ownRegistry };
}

describe('latency histogram', () => {
  const observations: [string, string, number, number][] = [
    ['GET', '/healthz', 200, 0.0004],
    ['GET', '/healthz', 200, 0.001],
    ['GET', '/wps/relay/GCSGAME_gameList', 200, 0.02],
    ['POST', '/wps/session/login', 400, 0.3],
    ['GET', '/healthz', 200, 7],
    ['GET', 'unmatched', 404, 0.002],
    ['GET', '/say/"hi"\\', 500, 2.5],
  ];

  it('exposes exactly what a prom-client Histogram exposes', async () => {
    const { promRegistry, ownRegistry } = both(observations);
    const text = await ownRegistry.metrics();
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.001",method="GET",route="/healthz",status="200"} 2',
    );
    expect(text).toBe(await promRegistry.metrics());
    expect(await ownRegistry.getMetricsAsJSON()).toEqual(await promRegistry.getMetricsAsJSON());
  });

  it('starts over after a reset, also for series handed out before', async () => {
    const { promRegistry, ownRegistry } = both(observations);
    promRegistry.resetMetrics();
    ownRegistry.resetMetrics();
    expect(await ownRegistry.metrics()).toBe(await promRegistry.metrics());
  });
});
