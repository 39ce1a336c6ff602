import type { FastifyBaseLogger } from 'fastify';
import { now } from '../../lib/clock.ts';
import type { Db } from '../operators/operators.repository.ts';
import * as repo from './payments.repository.ts';
import type { PaymentsService } from './payments.service.ts';

/** What one pass did, by outcome (tests and logs). */
export interface ReconcileReport {
  examined: number;
  claimed: number;
  credited: number;
  closed: number;
  waiting: number;
  mismatch: number;
  errors: number;
}

export interface ReconcilerOptions {
  /** Time between passes; 0 turns the background job off (`runOnce` still works). */
  intervalMs: number;
  /** A gateway deposit is asked about once it has waited this long. */
  olderThanMs: number;
  /** How long a claim keeps other instances (and later passes) off a deposit the gateway still calls waiting. */
  leaseMs?: number;
  /** Deposits claimed per pass at most. */
  batch?: number;
}

/**
 * The deposit reconciler (decision 018): a gateway deposit whose webhook never came still settles.
 * Every `intervalMs` it lists PENDING gateway deposits older than `olderThanMs`, claims each with a
 * conditional UPDATE of its lease (`deposits.reconcile_after`), so several server instances sharing
 * one database never ask about the same deposit at once, and asks the gateway for its state: PAID
 * is credited through the webhook's own keyed ledger entry (credited once, whoever comes first),
 * FAILED / CANCELLED / EXPIRED close it, anything else waits for the lease to run out.
 */
export function createDepositReconciler(deps: {
  db: Db;
  payments: PaymentsService;
  log?: FastifyBaseLogger;
  options: ReconcilerOptions;
}) {
  const { db, payments, log } = deps;
  const { intervalMs, olderThanMs } = deps.options;
  const leaseMs = deps.options.leaseMs ?? Math.max(intervalMs, 60_000);
  const batch = deps.options.batch ?? 50;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<ReconcileReport> | undefined;
  let stopped = false;

  async function pass(overrides: { olderThanMs?: number } = {}): Promise<ReconcileReport> {
    const at = now();
    const report: ReconcileReport = {
      examined: 0,
      claimed: 0,
      credited: 0,
      closed: 0,
      waiting: 0,
      mismatch: 0,
      errors: 0,
    };
    const due = await repo.dueForReconcile(db, at - (overrides.olderThanMs ?? olderThanMs), at, batch);
    report.examined = due.length;
    for (const d of due) {
      if (stopped) break;
      if (!(await repo.claimForReconcile(db, d.id, at, at + leaseMs))) continue;
      report.claimed += 1;
      try {
        report[await payments.deposits.reconcile(d)] += 1;
      } catch (error) {
        // The gateway is down or refused: the lease keeps it off until the next try.
        report.errors += 1;
        log?.warn({ err: error, depositId: d.id }, 'deposit reconciler: status query failed');
      }
    }
    if (report.credited || report.closed || report.errors)
      log?.info({ reconcile: report }, 'deposit reconciler pass');
    return report;
  }

  /** One pass now (a pass already running is awaited instead of starting a second one). */
  function runOnce(overrides: { olderThanMs?: number } = {}): Promise<ReconcileReport> {
    if (!running)
      running = pass(overrides).finally(() => {
        running = undefined;
      });
    return running;
  }

  function schedule() {
    if (stopped || intervalMs <= 0) return;
    timer = setTimeout(() => {
      void runOnce()
        .catch((error: unknown) => log?.error({ err: error }, 'deposit reconciler pass failed'))
        .finally(schedule);
    }, intervalMs);
    timer.unref();
  }

  return {
    runOnce,
    /** Starts the background passes (no-op when the interval is 0). */
    start() {
      stopped = false;
      if (!timer) schedule();
    },
    /** Stops scheduling and waits for a pass in flight. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
export type DepositReconciler = ReturnType<typeof createDepositReconciler>;
