/**
 * How many browser-test files run at once (E2E_WORKERS, default 2): most of a file's time is spent
 * waiting for a draw, a round or a page, so two share two cores well. Each has a server of its own.
 */
export function e2eWorkers(): number {
  return Math.max(1, Math.floor(Number(process.env.E2E_WORKERS) || 2));
}
