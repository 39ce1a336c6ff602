import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  findLanguage,
  matchLanguage,
  parseAcceptLanguage,
  LANGUAGE_CODES,
  type LanguageCode,
} from '@playhouse/contract/languages';
import type { ErrorCode } from '@playhouse/contract/errors';
import { AppError, type FieldError } from '../lib/app-error.ts';
import { issuesToFields, type IssueLike } from '../lib/validation.ts';
import type { Translator } from '@playhouse/i18n/node-catalogue';

/** The language of an error response, even for requests that never reached the operator lookup. */
function languageOf(request: FastifyRequest): LanguageCode {
  if (request.language) return request.language;
  const header = request.headers['language'];
  const explicit = findLanguage(typeof header === 'string' ? header : undefined);
  if (explicit) return explicit.code;
  return matchLanguage(parseAcceptLanguage(request.headers['accept-language']), LANGUAGE_CODES) ?? 'EN';
}

function toAppError(error: FastifyError | AppError | Error): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({
      ...(v.params as object),
      code: v.keyword,
      path: v.instancePath.split('/').filter(Boolean),
      message: v.message ?? '',
    })) as IssueLike[];
    return new AppError('VALIDATION_FAILED', {
      fields: issuesToFields(issues, error.validationContext ?? 'body'),
    });
  }
  const fe = error as FastifyError;
  switch (fe.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('BODY_TOO_LARGE');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('VALIDATION_FAILED', { fields: { body: [{ key: 'required' }] } });
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('VALIDATION_FAILED', { fields: { body: [{ key: 'invalidFormat' }] } });
    case 'FST_ERR_RATE_LIMIT_EXCEEDED':
      return new AppError('RATE_LIMITED');
  }
  if (fe.statusCode === 429) return new AppError('RATE_LIMITED');
  // Body parsers throw plain errors with a 4xx status for malformed JSON and similar input.
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    return new AppError('VALIDATION_FAILED', { fields: { body: [{ key: 'invalidFormat' }] } });
  }
  return new AppError('INTERNAL');
}

/** Maps every failure to the envelope, localised; never leaks stacks or SQL. */
export function registerErrorHandling(app: FastifyInstance, t: Translator) {
  const send = (request: FastifyRequest, reply: FastifyReply, err: AppError) => {
    const lang = languageOf(request);
    const fields = err.options.fields
      ? Object.fromEntries(
          Object.entries(err.options.fields).map(([field, list]: [string, FieldError[]]) => [
            field,
            list.map((e) => t(lang, `validation.${e.key}`, e.params)),
          ]),
        )
      : undefined;
    if (err.code === 'RATE_LIMITED') reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
    return reply.code(err.status).send({
      success: false,
      code: err.code,
      message: t(lang, `errors.${err.code}`, err.options.params),
      ...(fields ? { fields } : {}),
      ...err.options.extra,
    });
  };

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const appError = toAppError(error);
    if (appError.code === 'INTERNAL') request.log.error({ err: error }, 'unhandled error');
    else if (appError.status >= 500)
      request.log.warn({ code: appError.code, err: appError.cause }, 'request failed');
    return send(request, reply, appError);
  });

  app.decorate('sendError', (request: FastifyRequest, reply: FastifyReply, code: ErrorCode) =>
    send(request, reply, new AppError(code)),
  );
}
