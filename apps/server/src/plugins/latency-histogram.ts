import type { Metric, Registry } from 'prom-client';

type Labels = { method: string; route: string; status: number };

interface Series {
  labels: Labels;
  /** Observations per bucket, not cumulative; the last slot holds those above every bound. */
  counts: number[];
  sum: number;
  count: number;
}

/** One label combination of the histogram, resolved once and then only counted into. */
export interface LatencySeries {
  observe(seconds: number): void;
}

/**
 * The request-latency histogram, exposed through a prom-client registry in exactly the text a
 * prom-client `Histogram` with the same name, labels and buckets would give. It exists because
 * prom-client rebuilds a label hash on every observation, which was the costliest part of a cached
 * API response after the security headers (decision 008); here a response costs a bucket search.
 */
export function createLatencyHistogram(options: {
  name: string;
  help: string;
  buckets: readonly number[];
  registry: Registry;
}) {
  const { name, help, buckets } = options;
  const all = new Map<string, Series>();
  // Bumped by reset(), so series handed out before drop their old numbers.
  let generation = 0;

  function values() {
    const out: {
      labels: Record<string, string | number>;
      sharedLabels: Labels;
      value: number;
      metricName: string;
      exemplar?: null;
    }[] = [];
    for (const s of all.values()) {
      let cumulative = 0;
      buckets.forEach((le, i) => {
        cumulative += s.counts[i] ?? 0;
        out.push({
          labels: { le },
          sharedLabels: s.labels,
          value: cumulative,
          metricName: `${name}_bucket`,
          exemplar: null,
        });
      });
      out.push(
        {
          labels: { le: '+Inf' },
          sharedLabels: s.labels,
          value: s.count,
          metricName: `${name}_bucket`,
          exemplar: null,
        },
        { labels: {}, sharedLabels: s.labels, value: s.sum, metricName: `${name}_sum` },
        { labels: {}, sharedLabels: s.labels, value: s.count, metricName: `${name}_count` },
      );
    }
    return out;
  }

  const metric = {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    getForPromString: async () => ({ name, help, type: 'histogram', values: values(), aggregator: 'sum' }),
    /** The JSON form (cluster aggregation, `getMetricsAsJSON`): shared labels folded into labels. */
    get: async () => ({
      name,
      help,
      type: 'histogram',
      aggregator: 'sum',
      values: values().map(({ labels, sharedLabels, ...rest }) => ({
        ...rest,
        labels: { ...labels, ...sharedLabels },
      })),
    }),
    reset: () => {
      all.clear();
      generation += 1;
    },
  };
  // The registry only reads the fields above; prom-client's type wants one of its own classes.
  options.registry.registerMetric(metric as unknown as Metric);

  return {
    /** The series for these labels; keep it, observing through it costs no lookup. */
    series(method: string, route: string, status: number): LatencySeries {
      const key = `${method} ${status} ${route}`;
      let s: Series | undefined;
      let seenGeneration = -1;
      return {
        observe(seconds) {
          if (!s || seenGeneration !== generation) {
            s = all.get(key);
            if (!s) {
              const counts = new Array<number>(buckets.length + 1).fill(0);
              s = { labels: { method, route, status }, counts, sum: 0, count: 0 };
              all.set(key, s);
            }
            seenGeneration = generation;
          }
          let i = 0;
          while (i < buckets.length && seconds > buckets[i]!) i++;
          s.counts[i]! += 1;
          s.sum += seconds;
          s.count += 1;
        },
      };
    },
  };
}
