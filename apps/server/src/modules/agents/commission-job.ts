import type { FastifyBaseLogger } from 'fastify';
import type { ContractsService } from './contracts.service.ts';

/**
 * The agent commission job's clock (decision 034): every `intervalMs` one pass of
 * `contracts.runAll()`. Every instance runs it; each operator's pass takes that operator's lease in
 * `agent_settings`, so one instance does the work, and the keys of the rows and ledger entries make a
 * second pass (or a crash and rerun) pay nothing twice. A pass never overlaps the previous one, and
 * `stop()` waits for the running pass.
 */
export function createCommissionJob(
  contracts: Pick<ContractsService, 'runAll'>,
  log: FastifyBaseLogger,
  intervalMs: number,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;

  const pass = () => {
    if (running || stopped) return;
    running = contracts
      .runAll(log)
      .catch((error: unknown) => log.error({ err: error }, 'agent commission pass failed'))
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
