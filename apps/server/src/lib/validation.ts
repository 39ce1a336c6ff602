import type { ValidationKey } from '@playhouse/contract/errors';
import { VALIDATION_KEYS } from '@playhouse/contract/errors';
import type { FieldError } from './app-error.ts';

/** The parts of a zod issue this mapping reads; fastify-type-provider-zod passes the rest as params. */
export interface IssueLike {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  expected?: unknown;
  origin?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  keys?: readonly string[];
  input?: unknown;
}

const isValidationKey = (v: string): v is ValidationKey => (VALIDATION_KEYS as readonly string[]).includes(v);

/** Maps one zod issue to a catalogue key with its parameters. */
export function issueToFieldError(issue: IssueLike): FieldError {
  const origin = String(issue.origin ?? '');
  const sized = origin === 'string' || origin === 'array' || origin === 'set';
  switch (issue.code) {
    case 'invalid_type':
      if (/received undefined/.test(issue.message) || (issue.input === undefined && 'input' in issue))
        return { key: 'required' };
      if (issue.expected === 'number' || issue.expected === 'int') return { key: 'notNumber' };
      if (issue.expected === 'boolean') return { key: 'notBoolean' };
      return { key: 'invalid' };
    case 'too_small':
      if (sized && Number(issue.minimum) === 1) return { key: 'required' };
      return { key: sized ? 'tooShort' : 'tooSmall', params: { min: String(issue.minimum) } };
    case 'too_big':
      return { key: sized ? 'tooLong' : 'tooBig', params: { max: String(issue.maximum) } };
    case 'invalid_format':
      return { key: 'invalidFormat' };
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_enum_value':
      return { key: 'invalidOption' };
    case 'unrecognized_keys':
      return { key: 'unknownField' };
    case 'not_multiple_of':
      return { key: 'notInteger' };
    default:
      return { key: isValidationKey(issue.message) ? issue.message : 'invalid' };
  }
}

/**
 * Groups zod issues by dotted field path; unknown keys are reported under their own names. The map is
 * prototype-less: its keys are whatever the client sent (`toString`, `constructor`, `__proto__`).
 */
export function issuesToFields(issues: readonly IssueLike[], root = 'body'): Record<string, FieldError[]> {
  const fields: Record<string, FieldError[]> = Object.create(null);
  const add = (field: string, err: FieldError) => (fields[field] ??= []).push(err);
  for (const issue of issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys' && issue.keys?.length) {
      for (const key of issue.keys) add(base ? `${base}.${key}` : key, { key: 'unknownField' });
    } else {
      add(base || root, issueToFieldError(issue));
    }
  }
  return fields;
}
