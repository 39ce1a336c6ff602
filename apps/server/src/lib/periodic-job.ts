import type { FastifyBaseLogger } from 'fastify';

/**
 * A background job's clock: every `intervalMs` one pass of `run` (0: never). A pass never overlaps
 * the previous one, a failed pass is logged as `failure` and the next one runs as usual, and `stop()`
 * waits for the running pass.
 */
export function createPeriodicJob(
  run: () => Promise<unknown>,
  log: FastifyBaseLogger,
  intervalMs: number,
  failure: string,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;

  const pass = () => {
    if (running || stopped) return;
    running = run()
      .catch((error: unknown) => log.error({ err: error }, failure))
      .finally(() => (running = undefined));
  };

  return {
    start() {
      if (intervalMs > 0 && !timer && !stopped) {
        timer = setInterval(pass, intervalMs);
        timer.unref();
      }
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
