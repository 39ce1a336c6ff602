import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';

export const ADMIN_PASSWORD = 'e2e-admin-password';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminPassword: string;
    /** The server's data folder (its SQLite file, playhouse.sqlite, is inside). */
    dataDir: string;
  }
}

/** Starts the real server once for every end-to-end file. */
export default async function setup(project: TestProject) {
  const server = await startServer(ADMIN_PASSWORD);
  project.provide('baseUrl', server.baseUrl);
  project.provide('adminPassword', ADMIN_PASSWORD);
  project.provide('dataDir', server.dataDir);
  return server.stop;
}
