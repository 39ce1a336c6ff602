import type { ValidationKey } from '@playhouse/contract/errors';

/**
 * Keys that reach an object's prototype rather than the object when a later step copies or merges
 * what a client sent. The parsers drop them; other built-in names (`toString`, `valueOf`) stay as
 * ordinary data, which is safe because every object keyed by client input is prototype-less.
 */
const POISONED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Field names of a query or form string whose percent-encoding is not UTF-8; see `malformedFields`. */
const MALFORMED = Symbol('malformed');

export type ParsedQuery = Record<string, string | string[]>;

function decodeComponent(text: string): string | undefined {
  const spaced = text.includes('+') ? text.replaceAll('+', ' ') : text;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return undefined;
  }
}

/**
 * Parses `a=1&b=2&b=3` (query strings and form bodies) into a prototype-less object: a repeated key
 * becomes an array, poisoned keys are dropped, and a part whose percent-encoding is broken or not
 * UTF-8 is kept raw and named by `malformedFields`, so the input guard refuses it as a field error
 * rather than letting it through as text nobody sent. Never throws: the router calls it.
 */
export function parseQueryString(input: string): ParsedQuery {
  const result: ParsedQuery = Object.create(null);
  const malformed: string[] = [];
  for (const pair of input.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawKey = eq === -1 ? pair : pair.slice(0, eq);
    const rawValue = eq === -1 ? '' : pair.slice(eq + 1);
    const key = decodeComponent(rawKey);
    const decoded = decodeComponent(rawValue);
    const name = key ?? rawKey;
    if (!name || POISONED_KEYS.has(name)) continue;
    if (key === undefined || decoded === undefined) malformed.push(name);
    const value = decoded ?? rawValue;
    const current = result[name];
    if (current === undefined) result[name] = value;
    else if (Array.isArray(current)) current.push(value);
    else result[name] = [current, value];
  }
  if (malformed.length) Object.defineProperty(result, MALFORMED, { value: malformed, enumerable: false });
  return result;
}

/** The fields of a `parseQueryString` result whose encoding was broken. */
export function malformedFields(parsed: unknown): readonly string[] {
  if (typeof parsed !== 'object' || parsed === null) return [];
  return (parsed as { [MALFORMED]?: string[] })[MALFORMED] ?? [];
}

/**
 * `JSON.parse`, then what secure-json-parse removes in Fastify's 'remove' mode: every `__proto__` key,
 * and `constructor` keys that carry a `prototype`. Walked with its own stack rather than a reviver,
 * which recurses and would overflow on hostile nesting before the depth check could refuse it.
 */
export function parseJson(text: string): unknown {
  const value: unknown = JSON.parse(text);
  const stack: unknown[] = [value];
  while (stack.length) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (!Array.isArray(node)) {
      const record = node as Record<string, unknown>;
      if (Object.hasOwn(record, '__proto__')) delete record['__proto__'];
      const ctor = record['constructor'];
      if (
        Object.hasOwn(record, 'constructor') &&
        typeof ctor === 'object' &&
        ctor !== null &&
        Object.hasOwn(ctor, 'prototype')
      )
        delete record['constructor'];
    }
    for (const child of Object.values(node)) stack.push(child);
  }
  return value;
}

/** Deeper input than this is refused before a schema, a merge or a serialiser recurses into it. */
export const MAX_INPUT_DEPTH = 32;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether text can be stored and sent back as it came: no NUL (PostgreSQL's text and jsonb refuse
 * it) and no lone UTF-16 surrogate (it has no UTF-8 form, so a driver would silently replace it).
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\0') && !LONE_SURROGATE.test(text);
}

export interface UnsafeInput {
  /** Where: object keys and array indexes from the top of the value. */
  path: (string | number)[];
  key: Extract<ValidationKey, 'invalidCharacters' | 'invalid'>;
}

/**
 * The first string or key in a parsed input that `isStorableText` refuses, or the first place
 * nested deeper than `maxDepth`. Walks with its own stack, so hostile nesting cannot overflow ours.
 */
export function findUnsafeInput(value: unknown, maxDepth = MAX_INPUT_DEPTH): UnsafeInput | undefined {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return { path, key: 'invalidCharacters' };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (path.length >= maxDepth) return { path, key: 'invalid' };
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], path: [...path, i] });
      continue;
    }
    for (const [key, child] of Object.entries(current)) {
      if (!isStorableText(key)) return { path, key: 'invalidCharacters' };
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return undefined;
}

/** The field an `UnsafeInput` is reported under: its dotted path, or `root` for the whole part. */
export function unsafeInputField(unsafe: UnsafeInput, root: string): string {
  // Too deep is reported on the part, not on a path as long as the nesting.
  return unsafe.key === 'invalid' || !unsafe.path.length ? root : unsafe.path.join('.');
}
