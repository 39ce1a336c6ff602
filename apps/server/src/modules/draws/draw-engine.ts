import type { FastifyBaseLogger } from 'fastify';
import type { DrawsService } from './draws.service.ts';

/**
 * The draw engine's clock: every `intervalMs` one pass of `draws.tick()` (upcoming draws made, due
 * draws settled). Every instance runs it; the lease on each draw's row decides who settles it. A pass
 * never overlaps the previous one, and `stop()` waits for the running pass.
 */
export function createDrawEngine(
  draws: Pick<DrawsService, 'tick'>,
  log: FastifyBaseLogger,
  intervalMs: number,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;

  const pass = () => {
    if (running || stopped) return;
    running = draws
      .tick()
      .catch((error: unknown) => log.error({ err: error }, 'draw engine pass failed'))
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
