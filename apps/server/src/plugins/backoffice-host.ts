import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { routedPath } from '../lib/request-path.ts';

/** Paths every host answers: health and metrics (internal-only where so configured). */
const ANY_HOST = ['/healthz', '/readyz', '/metrics'];
const isBackOffice = (path: string) => path === '/bo' || path.startsWith('/bo/');

/**
 * The back office on a host of its own (`BACKOFFICE_HOST`): its console and API answer only there,
 * and that host serves nothing of the player site, so script that got into one origin never runs
 * with the other's (docs/security.md). Unset, both share the site's hosts as before.
 */
export function registerBackOfficeHost(app: FastifyInstance, backOfficeHost: string | undefined) {
  if (!backOfficeHost) return;
  const expected = backOfficeHost.toLowerCase();
  app.addHook('onRequest', async (request) => {
    const path = routedPath(request);
    if (ANY_HOST.includes(path)) return;
    const onBackOfficeHost = request.hostname.toLowerCase().replace(/:\d+$/, '') === expected;
    if (isBackOffice(path) !== onBackOfficeHost) throw new AppError('NOT_FOUND');
  });
}
