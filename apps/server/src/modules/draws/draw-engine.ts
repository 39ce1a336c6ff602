import type { FastifyBaseLogger } from 'fastify';
import { createPeriodicJob } from '../../lib/periodic-job.ts';
import type { DrawsService } from './draws.service.ts';

/**
 * The draw engine's clock: every `intervalMs` one pass of `draws.tick()` (upcoming draws made, due
 * draws settled). Every instance runs it; the lease on each draw's row decides who settles it (clock: `createPeriodicJob`).
 */
export function createDrawEngine(
  draws: Pick<DrawsService, 'tick'>,
  log: FastifyBaseLogger,
  intervalMs: number,
) {
  return createPeriodicJob(() => draws.tick(), log, intervalMs, 'draw engine pass failed');
}
