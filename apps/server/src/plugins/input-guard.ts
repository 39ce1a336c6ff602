import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, fieldError, type FieldError } from '../lib/app-error.ts';
import { requestTarget } from '../lib/request-path.ts';
import {
  findUnsafeInput,
  isStorableText,
  malformedFields,
  parseJson,
  parseQueryString,
  unsafeInputField,
} from '../lib/untrusted-input.ts';
import { MAX_URL_LENGTH } from './errors.ts';

// Fatal: a body that is not UTF-8 is refused, not turned into U+FFFD text nobody sent.
const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeBody(body: Buffer): string {
  try {
    return utf8.decode(body);
  } catch {
    throw fieldError('body', 'invalidCharacters');
  }
}

function parseJsonBody(body: Buffer): unknown {
  const text = decodeBody(body);
  if (!text.trim()) throw fieldError('body', 'required');
  try {
    return parseJson(text);
  } catch {
    throw fieldError('body', 'invalidFormat');
  }
}

/** A content-type parser from a function that throws AppErrors; `done` is called outside the try. */
const bufferParser =
  (parse: (body: Buffer) => unknown) =>
  (_request: unknown, body: string | Buffer, done: (error: Error | null, body?: unknown) => void) => {
    let parsed: unknown;
    try {
      parsed = parse(body as Buffer);
    } catch (error) {
      done(error as AppError, undefined);
      return;
    }
    done(null, parsed);
  };

/**
 * The JSON and form body parsers: UTF-8 or refused, poisoned keys dropped (untrusted-input.ts), and
 * every failure a VALIDATION_FAILED about the body.
 */
export function registerBodyParsers(app: FastifyInstance, bodyLimit: number) {
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, bufferParser(parseJsonBody));
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer', bodyLimit },
    bufferParser((body) => parseQueryString(decodeBody(body))),
  );
}

/** Field errors for text no schema should see: NUL, lone surrogates, broken encodings, deep nesting. */
function unsafeFields(request: FastifyRequest): Record<string, FieldError[]> | undefined {
  // Keyed by what the client sent, so without a prototype.
  const fields: Record<string, FieldError[]> = Object.create(null);
  let found = false;
  const add = (field: string, key: FieldError['key']) => {
    found = true;
    fields[field] ??= [{ key }];
  };
  const check = (root: string, value: unknown) => {
    for (const name of malformedFields(value)) add(name, 'invalidCharacters');
    const unsafe = findUnsafeInput(value);
    if (unsafe) add(unsafeInputField(unsafe, root), unsafe.key);
  };
  // A matched route's path parts are its params; an unmatched path is read whole (the site's pages).
  if (request.routeOptions.url !== undefined) check('params', request.params);
  else if (!isStorableText(requestTarget(request.url).path)) add('path', 'invalidCharacters');
  check('querystring', request.query);
  check('headers', request.headers);
  check('body', request.body);
  return found ? fields : undefined;
}

/**
 * One gate for hostile input on every route, the not-found handler included: a request target over
 * MAX_URL_LENGTH is 414 before anything reads it, and NUL bytes, lone surrogates, broken percent-
 * encodings and nesting deeper than MAX_INPUT_DEPTH in the path, params, query, headers or body are
 * a 400 VALIDATION_FAILED naming the field, before any schema, service or database sees them.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (request.url.length > MAX_URL_LENGTH) throw new AppError('URI_TOO_LONG');
  });
  app.addHook('preValidation', async (request) => {
    const fields = unsafeFields(request);
    if (fields) throw new AppError('VALIDATION_FAILED', { fields });
  });
}
