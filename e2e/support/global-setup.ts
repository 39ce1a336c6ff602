import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';
import { e2eWorkers } from './worker-count.ts';

export const ADMIN_PASSWORD = 'e2e-admin-password';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One running server per worker: the files worker N runs talk to `baseUrls[N - 1]` only. */
    baseUrls: string[];
    /** Each server's data folder (its SQLite file, playhouse.sqlite, is inside), in the same order. */
    dataDirs: string[];
    adminPassword: string;
  }
}

/**
 * Starts one real server (its own SQLite data folder, reference provider and gateway) per worker, so
 * that files running side by side never see each other's settings, schedules or members.
 */
export default async function setup(project: TestProject) {
  const servers = await Promise.all(Array.from({ length: e2eWorkers() }, () => startServer(ADMIN_PASSWORD)));
  project.provide(
    'baseUrls',
    servers.map((s) => s.baseUrl),
  );
  project.provide(
    'dataDirs',
    servers.map((s) => s.dataDir),
  );
  project.provide('adminPassword', ADMIN_PASSWORD);
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
}
