import type { FastifyReply } from 'fastify';
import type { LanguageCode } from '@playhouse/contract/languages';
import type { OperatorSettings } from '@playhouse/contract/settings';
import type { ErrorCode } from '@playhouse/contract/errors';
import type { Services } from '../services.ts';
import type { Operator } from '../modules/operators/settings.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    sendError(request: FastifyRequest, reply: FastifyReply, code: ErrorCode): FastifyReply;
  }
  interface FastifyRequest {
    operator: Operator;
    settings: OperatorSettings;
    language: LanguageCode;
  }
}
