import { inject } from 'vitest';

/** The server of the worker running this file (vitest numbers its workers 1…maxWorkers). */
export function baseUrl(): string {
  const urls = inject('baseUrls');
  const slot = Math.max(1, Number(process.env.VITEST_POOL_ID) || 1);
  return urls[(slot - 1) % urls.length]!;
}
