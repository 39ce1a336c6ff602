import { STATUS_CODES, type IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
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

/** The language asked for by `Language`, else `Accept-Language`, else English. */
export function languageFromHeaders(headers: IncomingHttpHeaders): LanguageCode {
  const header = headers['language'];
  const explicit = findLanguage(typeof header === 'string' ? header : undefined);
  if (explicit) return explicit.code;
  const accept = headers['accept-language'];
  return (
    matchLanguage(parseAcceptLanguage(typeof accept === 'string' ? accept : undefined), LANGUAGE_CODES) ??
    'EN'
  );
}

/** The language of an error response, even for requests that never reached the operator lookup. */
function languageOf(request: FastifyRequest): LanguageCode {
  return request.language ?? languageFromHeaders(request.headers);
}

/**
 * Message params in the request's language: a value written `i18n:<key>` is that catalogue string
 * (e.g. `i18n:limits.periods.day`), so a message can name a thing words describe, not only numbers.
 */
function localParams(t: Translator, lang: LanguageCode, params: Record<string, string | number> | undefined) {
  if (!params) return params;
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'string' && value.startsWith('i18n:') ? t(lang, value.slice(5)) : value,
    ]),
  );
}

/** The failure envelope of an error in a language. */
function envelope(t: Translator, lang: LanguageCode, err: AppError) {
  const fields = err.options.fields
    ? Object.fromEntries(
        Object.entries(err.options.fields).map(([field, list]: [string, FieldError[]]) => [
          field,
          list.map((e) => t(lang, `validation.${e.key}`, e.params)),
        ]),
      )
    : undefined;
  return {
    success: false as const,
    code: err.code,
    message: t(lang, `errors.${err.code}`, localParams(t, lang, err.options.params)),
    ...(fields ? { fields } : {}),
    ...err.options.extra,
  };
}

/** Plugins' own client errors (compression, static files) by status, where the status says it all. */
const CLIENT_ERROR_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  413: 'BODY_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
};

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
  // No database connection free in time, or a statement cancelled by its time limit: the
  // transaction was undone whole, so the caller may send the same request again.
  if (fe.code === 'POOL_BUSY' || fe.code === '57014') return new AppError('SERVER_BUSY', { cause: error });
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
    case 'FST_ERR_BAD_URL':
      return new AppError('BAD_REQUEST');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('URI_TOO_LONG');
    case 'FST_ERR_ROUTE_MISSING_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE');
  }
  const byStatus = fe.statusCode === undefined ? undefined : CLIENT_ERROR_BY_STATUS[fe.statusCode];
  if (byStatus) return new AppError(byStatus);
  // Body parsers throw plain errors with a 4xx status for malformed JSON and similar input.
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    return new AppError('VALIDATION_FAILED', { fields: { body: [{ key: 'invalidFormat' }] } });
  }
  return new AppError('INTERNAL');
}

/** Maps every failure to the envelope, localised; never leaks stacks or SQL. */
export function registerErrorHandling(app: FastifyInstance, t: Translator) {
  const send = (request: FastifyRequest, reply: FastifyReply, err: AppError) => {
    if (err.code === 'RATE_LIMITED') reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
    if (err.code === 'SERVER_BUSY') reply.header('retry-after', '1');
    // An error is about this request only, whatever caching the route had asked for before failing.
    reply.header('cache-control', 'no-store');
    return reply.code(err.status).send(envelope(t, languageOf(request), err));
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

  // Node answers CONNECT only through this event and drops the connection when nobody listens.
  app.server.on('connect', (request: { headers: IncomingHttpHeaders }, socket: Duplex) =>
    writeRaw(socket, t, languageFromHeaders(request.headers), new AppError('METHOD_NOT_ALLOWED')),
  );
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any hook runs (a path that does not
 * percent-decode, a parameter longer than `maxParamLength`) answers in the envelope too. No hook
 * ran, so the security headers and the request id are added here.
 */
export function frameworkErrorHandler(t: Translator, headers: Readonly<Record<string, string>>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    if (appError.code === 'INTERNAL') request.log.error({ err: error }, 'router error');
    return reply
      .headers(headers)
      .header('x-request-id', request.id)
      .header('cache-control', 'no-store')
      .code(appError.status)
      .send(envelope(t, languageFromHeaders(request.headers), appError));
  };
}

/** Over this many characters a request target is refused (414) before routing; see `clientErrorHandler`. */
export const MAX_URL_LENGTH = 8 * 1024;

/**
 * The request line and the language headers of what Node's HTTP parser refused, as far as the
 * packet it kept shows them (a request split across packets may show neither).
 */
function readRawRequest(packet: Buffer | undefined): { requestLine: string; headers: IncomingHttpHeaders } {
  const text = packet?.toString('latin1') ?? '';
  const lineEnd = text.indexOf('\r\n');
  const firstLine = lineEnd === -1 ? text : text.slice(0, lineEnd);
  const header = (name: string) =>
    new RegExp(`\\r\\n${name}:[ \\t]*([^\\r\\n]{0,200})`, 'i').exec(text)?.[1]?.trim();
  return {
    requestLine: /^[A-Z]+ /.test(firstLine) ? firstLine : '',
    headers: { language: header('language'), 'accept-language': header('accept-language') },
  };
}

/**
 * Fastify's `clientErrorHandler`, for what Node's HTTP parser refuses before there is a request
 * (a malformed request line or header, a method it does not know, headers over `maxHeaderSize`, a
 * client too slow to send them): the envelope, written on the socket. A request line over
 * MAX_URL_LENGTH is 414, like the same line under Node's limit; other oversized headers are 431.
 */
export function clientErrorHandler(t: Translator, headers: Readonly<Record<string, string>>) {
  return function (this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    this.log.trace({ err: error }, 'client error');
    const packet: unknown = (error as { rawPacket?: unknown }).rawPacket;
    const raw = readRawRequest(Buffer.isBuffer(packet) ? packet : undefined);
    const code =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'REQUEST_TIMEOUT'
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? raw.requestLine.length > MAX_URL_LENGTH
            ? 'URI_TOO_LONG'
            : 'HEADERS_TOO_LARGE'
          : 'BAD_REQUEST';
    writeRaw(socket, t, languageFromHeaders(raw.headers), new AppError(code), headers);
  };
}

/** Writes an error envelope as a whole HTTP/1.1 response on a socket no request object owns, then closes it. */
function writeRaw(
  socket: Duplex,
  t: Translator,
  lang: LanguageCode,
  err: AppError,
  headers: Readonly<Record<string, string>> = {},
) {
  // A response already under way on this connection (pipelining) would be corrupted by ours.
  if (!socket.writable || (socket as { _httpMessage?: unknown })._httpMessage) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(envelope(t, lang, err));
  const head = [
    `HTTP/1.1 ${err.status} ${STATUS_CODES[err.status] ?? ''}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    'cache-control: no-store',
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
  ];
  // Ended, then destroyed once written: the parser cannot read another request on this connection.
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
}
