import type { FastifyReply } from 'fastify';
import type { LanguageCode } from '@playhouse/contract/languages';
import type { OperatorSettings } from '@playhouse/contract/settings';
import type { ErrorCode } from '@playhouse/contract/errors';
import type { Services } from '../services.ts';
import type { DepositReconciler } from '../modules/payments/deposit-reconciler.ts';
import type { Operator } from '../modules/operators/settings.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** Settles waiting gateway deposits whose webhook never came (decision 018). */
    depositReconciler: DepositReconciler;
    sendError(request: FastifyRequest, reply: FastifyReply, code: ErrorCode): FastifyReply;
  }
  interface FastifyRequest {
    operator: Operator;
    settings: OperatorSettings;
    language: LanguageCode;
  }
}
