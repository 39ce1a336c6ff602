import { describe, expect, it } from 'vitest';
import {
  findUnsafeInput,
  isStorableText,
  malformedFields,
  MAX_INPUT_DEPTH,
  parseJson,
  parseQueryString,
} from './untrusted-input.ts';

describe('parseQueryString', () => {
  it('decodes pairs into a prototype-less object, repeated keys as arrays', () => {
    const parsed = parseQueryString('a=1&b=x+y&b=%E2%82%AC&flag&=orphan&&c=');
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect({ ...parsed }).toEqual({ a: '1', b: ['x y', '€'], flag: '', c: '' });
    expect(malformedFields(parsed)).toEqual([]);
  });

  it('keeps toString and valueOf as data and drops the keys that reach a prototype', () => {
    const parsed = parseQueryString(
      'toString=1&valueOf=2&__proto__=3&constructor=4&prototype=5&%5F_proto__=6',
    );
    expect({ ...parsed }).toEqual({ toString: '1', valueOf: '2' });
    expect(({} as Record<string, unknown>)['3']).toBeUndefined();
  });

  it('names the fields whose percent-encoding is broken or not UTF-8', () => {
    const parsed = parseQueryString('ok=%41&bad=%FF&cut=%E2%82&half=%&surrogate=%ED%A0%80&k%zz=1');
    expect(parsed.ok).toBe('A');
    expect(parsed.bad).toBe('%FF');
    expect(malformedFields(parsed)).toEqual(['bad', 'cut', 'half', 'surrogate', 'k%zz']);
  });
});

describe('parseJson', () => {
  it('drops __proto__ at any depth and constructor only where it carries a prototype', () => {
    const parsed = parseJson(
      '{"__proto__":{"x":1},"a":[{"__proto__":{"y":2}}],"constructor":{"prototype":{"z":3}},"b":{"constructor":"kept"}}',
    ) as Record<string, unknown>;
    expect(parsed).toEqual({ a: [{}], b: { constructor: 'kept' } });
    expect(Object.hasOwn(parsed, '__proto__')).toBe(false);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('walks nesting far deeper than the call stack would allow', () => {
    const depth = 100_000;
    expect(() => parseJson('['.repeat(depth) + ']'.repeat(depth))).not.toThrow();
  });
});

describe('findUnsafeInput', () => {
  it('accepts text a database stores as sent, surrogate pairs included', () => {
    expect(isStorableText('plain, ünïcödé, 😀, 𝕏')).toBe(true);
    expect(findUnsafeInput({ a: ['x', 1, null, true, { b: '😀' }] })).toBeUndefined();
  });

  it('finds NUL and lone surrogates in values and keys, with their path', () => {
    expect(findUnsafeInput({ a: { b: ['ok', 'x\u0000'] } })).toEqual({
      path: ['a', 'b', 1],
      key: 'invalidCharacters',
    });
    expect(findUnsafeInput({ a: '\ud800' })).toEqual({ path: ['a'], key: 'invalidCharacters' });
    expect(findUnsafeInput({ a: 'x\udc00' })).toEqual({ path: ['a'], key: 'invalidCharacters' });
    expect(findUnsafeInput({ a: { 'k\u0000': 1 } })).toEqual({ path: ['a'], key: 'invalidCharacters' });
    expect(findUnsafeInput('\u0000')).toEqual({ path: [], key: 'invalidCharacters' });
  });

  it('refuses nesting deeper than the limit without recursing', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) deep = [deep];
    expect(findUnsafeInput(deep)).toBeUndefined();
    expect(findUnsafeInput([deep])?.key).toBe('invalid');
    expect(findUnsafeInput(JSON.parse('['.repeat(50_000) + ']'.repeat(50_000)))?.key).toBe('invalid');
  });
});
