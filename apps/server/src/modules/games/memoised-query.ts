import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { boundedMemo } from '../../lib/bounded-memo.ts';

/** Distinct query strings remembered per route: the lobby asks for a few dozen pages and filters. */
export const QUERY_MEMO_SIZE = 500;
/** Longer queries (the lobby's are ~100 characters) are validated but not remembered, to bound memory. */
export const QUERY_MEMO_MAX_KEY = 1024;

/**
 * The app's zod validator compiler, with the query-string validator of a route remembering its
 * successful answers (decision 008). The parsed query is a flat object of strings (arrays for
 * repeated names), so its JSON is a faithful key: the same key means the same input, and zod's
 * answer to the same input is the same. The remembered value is frozen and shared by every request
 * that sends that query. Failures are not remembered: invalid input goes through zod each time and
 * gets exactly the error it always got. Other parts (body, params, headers) are validated as usual.
 */
export function memoisedQueryValidator(limit = QUERY_MEMO_SIZE): FastifySchemaCompiler<unknown> {
  // Fastify types a route's compiler with the whole route schema, but calls it with one part's schema.
  return (route) => {
    const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
    if (route.httpPart !== 'querystring') return validate;
    const memo = boundedMemo<string, ReturnType<typeof validate>>(limit);
    return (data) => {
      const key = JSON.stringify(data);
      if (key.length > QUERY_MEMO_MAX_KEY) return validate(data);
      const hit = memo.get(key);
      if (hit !== undefined) return hit;
      const result = validate(data);
      if (
        typeof result === 'object' &&
        result !== null &&
        'value' in result &&
        !('error' in result && result.error)
      ) {
        Object.freeze(result.value);
        memo.set(key, result);
      }
      return result;
    };
  };
}
