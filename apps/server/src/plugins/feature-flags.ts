import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { WhitelabelFlag } from '@playhouse/contract/settings';
import { AppError } from '../lib/app-error.ts';

export interface FeatureRoute {
  method: string;
  url: string;
  feature: WhitelabelFlag;
}

/**
 * Whitelabel flags enforced by the server, declared where routes are declared: a route with
 * `config.feature` answers 403 FEATURE_DISABLED while the operator has that flag off, before its
 * schema or handler runs, so what the player site hides no direct caller can use either.
 * Answers the declared routes, for the test that walks every flag.
 */
export function registerFeatureFlags(app: FastifyInstance): () => readonly FeatureRoute[] {
  const declared: FeatureRoute[] = [];
  const check = async (request: FastifyRequest) => {
    const feature = request.routeOptions.config.feature!;
    if (!request.settings?.whitelabel[feature]) throw new AppError('FEATURE_DISABLED');
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    const feature = (route.config as { feature?: WhitelabelFlag } | undefined)?.feature;
    if (!feature) return;
    for (const method of Array.isArray(route.method) ? route.method : [route.method])
      declared.push({ method: String(method).toUpperCase(), url: route.url, feature });
    const existing = route.preValidation;
    route.preValidation = [check, ...(existing ? (Array.isArray(existing) ? existing : [existing]) : [])];
  });
  return () => declared;
}
