import type { FastifyReply } from 'fastify';
import type { LanguageCode } from '@playhouse/contract/languages';
import type { OperatorSettings, WhitelabelFlag } from '@playhouse/contract/settings';
import type { FeatureRoute } from '../plugins/feature-flags.ts';
import type { ErrorCode } from '@playhouse/contract/errors';
import type { Services } from '../services.ts';
import type { DepositReconciler } from '../modules/payments/deposit-reconciler.ts';
import type { Operator } from '../modules/operators/settings.service.ts';
import type { RoutePermission } from '@playhouse/contract/staff-permissions';
import type { DeclaredRoute, RequestStaff } from '../plugins/staff-permissions.ts';
import type { RegisteredRoute } from '../app.ts';
import type { PlatformService } from '../modules/platform/platform.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** The platform console's service (decision 039). */
    platform: PlatformService;
    /** Settles waiting gateway deposits whose webhook never came (decision 018). */
    depositReconciler: DepositReconciler;
    sendError(request: FastifyRequest, reply: FastifyReply, code: ErrorCode): FastifyReply;
    /** Every registered route and method (HEAD included). */
    registeredRoutes: () => readonly RegisteredRoute[];
    /** Every back-office route with the permission it declared. */
    declaredStaffRoutes: () => readonly DeclaredRoute[];
    /** Live sockets open on this instance (modules/live). */
    liveSockets: () => number;
    /** Every player route with the whitelabel flag it belongs to. */
    declaredFeatureRoutes: () => readonly FeatureRoute[];
  }
  interface FastifyRequest {
    operator: Operator;
    settings: OperatorSettings;
    language: LanguageCode;
    /** The staff member of a back-office route, once its declared permission is checked. */
    staff?: RequestStaff;
  }
  interface FastifyContextConfig {
    /** What a `/bo/api` route needs (plugins/staff-permissions.ts); every one must declare it. */
    permission?: RoutePermission;
    /** The whitelabel flag a player route belongs to: off, it answers FEATURE_DISABLED. */
    feature?: WhitelabelFlag;
  }
}
