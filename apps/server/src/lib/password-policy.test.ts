import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { assertPasswordAllowed, isCommonPassword, passwordProblems } from './password-policy.ts';

const keys = (password: string, username?: string) =>
  passwordProblems(password, { username, rule: { minLength: 8, maxLength: 20, patternId: 'password' } }).map(
    (p) => p.key,
  );

describe('password policy', () => {
  it('accepts a long, uncommon password with letters and digits', () => {
    expect(keys('Tangerine7Harbour', 'alice')).toEqual([]);
  });

  it('refuses short, long and pattern-breaking passwords with their bounds', () => {
    expect(
      passwordProblems('ab1', { rule: { minLength: 8, maxLength: 20, patternId: 'password' } }),
    ).toContainEqual({
      key: 'tooShort',
      params: { min: 8 },
    });
    expect(keys('a1'.repeat(11))).toContain('tooLong');
    expect(keys('onlyletterszzq')).toContain('passwordFormat');
    expect(keys('')).toEqual(['required']);
  });

  it('refuses a password equal to the username, ignoring case', () => {
    expect(keys('Mike12345', 'mike12345')).toContain('passwordSameAsUsername');
  });

  it('refuses common and breached passwords whatever their case', () => {
    expect(isCommonPassword('password1')).toBe(true);
    expect(isCommonPassword('QWERTY123')).toBe(true);
    expect(keys('password1')).toEqual(['passwordTooCommon']);
    expect(isCommonPassword('Tangerine7Harbour')).toBe(false);
  });

  it('throws a 400 naming the field', () => {
    try {
      assertPasswordAllowed('abc12345', { field: 'newPassword' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).status).toBe(400);
      expect(Object.keys((e as AppError).options.fields ?? {})).toEqual(['newPassword']);
    }
    expect(() => assertPasswordAllowed('Tangerine7Harbour', { username: 'bob' })).not.toThrow();
  });
});
