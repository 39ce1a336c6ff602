import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuesToFields } from './validation.ts';

const fieldsOf = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  if (r.success) throw new Error('expected failure');
  return issuesToFields(r.error.issues);
};

describe('issuesToFields', () => {
  const schema = z
    .object({ name: z.string().min(3).max(5), age: z.number().int().min(18), kind: z.enum(['a', 'b']) })
    .strict();

  it('reports a missing field as required', () => {
    expect(fieldsOf(schema, { age: 20, kind: 'a' })).toEqual({ name: [{ key: 'required' }] });
  });

  it('reports length and range bounds with their limits', () => {
    expect(fieldsOf(schema, { name: 'ab', age: 10, kind: 'a' })).toEqual({
      name: [{ key: 'tooShort', params: { min: '3' } }],
      age: [{ key: 'tooSmall', params: { min: '18' } }],
    });
    expect(fieldsOf(schema, { name: 'abcdef', age: 20, kind: 'a' }).name).toEqual([
      { key: 'tooLong', params: { max: '5' } },
    ]);
  });

  it('names each unknown key and a wrong option', () => {
    expect(fieldsOf(schema, { name: 'abc', age: 20, kind: 'c', extra: 1 })).toEqual({
      kind: [{ key: 'invalidOption' }],
      extra: [{ key: 'unknownField' }],
    });
  });

  it('reports wrong types', () => {
    expect(fieldsOf(schema, { name: 'abc', age: 'x', kind: 'a' }).age).toEqual([{ key: 'notNumber' }]);
  });

  it('reports unknown keys named like object built-ins under their own names', () => {
    const input = JSON.parse(
      '{"name":"abc","age":20,"kind":"a","toString":1,"constructor":2,"__proto__":3,"hasOwnProperty":4}',
    ) as unknown;
    const fields = fieldsOf(schema, input);
    expect(Object.getPrototypeOf(fields)).toBeNull();
    expect(Object.keys(fields).sort()).toEqual(['__proto__', 'constructor', 'hasOwnProperty', 'toString']);
    expect(fields.toString).toEqual([{ key: 'unknownField' }]);
  });
});
