import { describe, expect, it } from 'vitest';
import { maskName } from './mask-name.ts';

describe('maskName', () => {
  it('keeps two leading and one trailing character', () => {
    expect(maskName('johnathan')).toBe('jo***n');
    expect(maskName('mary')).toBe('ma***y');
  });
  it('never reveals a short name', () => {
    expect(maskName('bob')).toBe('b***');
    expect(maskName('a')).toBe('a***');
    expect(maskName('')).toBe('***');
  });
  it('counts characters, not UTF-16 units', () => {
    expect(maskName('😀abc😎')).toBe('😀a***😎');
  });
});
