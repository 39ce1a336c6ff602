import type { Redis } from 'ioredis';

/** Where live events travel between the instances of the server (decision 024). */
export interface LiveBus {
  /** Sends one event (already JSON) to every subscriber of `topic` on every instance. */
  publish(topic: string, json: string): void;
  /**
   * Delivers what is published on `topic` from now on to `deliver`; resolves once the subscription
   * is in place (with Redis, once Redis confirmed it), with the function that ends it.
   */
  subscribe(topic: string, deliver: (json: string, bytes: Buffer) => void): Promise<() => void>;
  /** Local subscribers per topic count (for metrics and tests). */
  subscribers(): number;
}

/**
 * In-process delivery, and through Redis pub/sub when a pair of connections is given. With Redis, an
 * event always goes through Redis (also to this instance's own subscribers), so every instance sees
 * events in one order; an instance subscribes to a topic's channel only while it has a local
 * subscriber for it, so it receives only what its own sockets watch.
 */
export function createLiveBus(redis?: { pub: Redis; sub: Redis }, keyPrefix = 'playhouse:'): LiveBus {
  const PREFIX = `${keyPrefix}live:`;
  const local = new Map<string, Set<(json: string, bytes: Buffer) => void>>();
  let count = 0;

  function deliver(topic: string, json: string) {
    const set = local.get(topic);
    if (!set) return;
    // Encoded once for all of the topic's sockets.
    const bytes = Buffer.from(json);
    for (const fn of set) {
      try {
        fn(json, bytes);
      } catch {
        // One subscriber's failure (a socket closing meanwhile) is not another's.
      }
    }
  }

  if (redis) {
    redis.sub.on('message', (channel: string, message: string) => {
      if (channel.startsWith(PREFIX)) deliver(channel.slice(PREFIX.length), message);
    });
  }

  return {
    publish(topic, json) {
      if (redis) void redis.pub.publish(PREFIX + topic, json).catch(() => undefined);
      // Later than the publisher's own work, as a delivery through Redis would be.
      else queueMicrotask(() => deliver(topic, json));
    },
    async subscribe(topic, fn) {
      let set = local.get(topic);
      const first = !set;
      if (!set) local.set(topic, (set = new Set()));
      set.add(fn);
      count++;
      if (first && redis) await redis.sub.subscribe(PREFIX + topic);
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        count--;
        const current = local.get(topic);
        if (!current) return;
        current.delete(fn);
        if (current.size === 0) {
          local.delete(topic);
          if (redis) void redis.sub.unsubscribe(PREFIX + topic).catch(() => undefined);
        }
      };
    },
    subscribers: () => count,
  };
}
