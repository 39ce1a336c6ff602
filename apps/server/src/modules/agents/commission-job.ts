import type { FastifyBaseLogger } from 'fastify';
import { createPeriodicJob } from '../../lib/periodic-job.ts';
import type { ContractsService } from './contracts.service.ts';

/**
 * The agent commission job's clock (decision 034): every `intervalMs` one pass of
 * `contracts.runAll()`. Every instance runs it; each operator's pass takes that operator's lease in
 * `agent_settings`, so one instance does the work, and the keys of the rows and ledger entries make a
 * second pass (or a crash and rerun) pay nothing twice (clock: `createPeriodicJob`).
 */
export function createCommissionJob(
  contracts: Pick<ContractsService, 'runAll'>,
  log: FastifyBaseLogger,
  intervalMs: number,
) {
  return createPeriodicJob(() => contracts.runAll(log), log, intervalMs, 'agent commission pass failed');
}
