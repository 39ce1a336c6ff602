import { inject } from 'vitest';

/** This file's place among the servers: vitest numbers its workers 1…maxWorkers. */
function slot(count: number): number {
  return (Math.max(1, Number(process.env.VITEST_POOL_ID) || 1) - 1) % count;
}

/** The server of the worker running this file. */
export function baseUrl(): string {
  const urls = inject('baseUrls');
  return urls[slot(urls.length)]!;
}

/** The data folder of that server (its SQLite file, playhouse.sqlite, is inside). */
export function dataDir(): string {
  const dirs = inject('dataDirs');
  return dirs[slot(dirs.length)]!;
}
