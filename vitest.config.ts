import { defineConfig } from 'vitest/config';
import { e2eWorkers } from './e2e/support/worker-count.ts';

/** The browser tests' CPU throttling (E2E_CPU_THROTTLE, e2e/support/chromium.ts) stretches their limits. */
const slower = Math.max(1, Number(process.env.E2E_CPU_THROTTLE) || 1);

// Three tiers by cost: unit tests beside the code, server tests through app.inject on SQLite and
// PostgreSQL, end-to-end tests in the system Chromium against a built, running server.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.tsx',
            'bench/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: two files at a time keeps PostgreSQL and argon2 from starving each other.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000 * slower,
          hookTimeout: 90_000 * slower,
          // A poll waits for what a page shows; its limit only decides how long a failure takes to
          // report, and a slow machine or a throttled browser needs more than 1 s.
          expect: { poll: { timeout: 15_000 * slower } },
          // Files run side by side, each worker on a server of its own (e2e/support/workers.ts):
          // some files change their server's settings, so no two files ever share one.
          maxWorkers: e2eWorkers(),
        },
      },
    ],
  },
});
