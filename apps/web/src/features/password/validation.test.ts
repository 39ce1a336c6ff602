import { describe, expect, it } from 'vitest';
import {
  checkConfirmation,
  checkEmail,
  checkMobile,
  checkNewPassword,
  checkSmsCode,
  checkUsername,
} from './validation.ts';

describe('password form rules', () => {
  it('checks the forgot-by-e-mail fields, trimmed', () => {
    expect(checkUsername('  player_01 ')).toBeUndefined();
    expect(checkUsername('')).toEqual({ key: 'required' });
    expect(checkUsername('bad name')).toEqual({ key: 'in_account_incorrect' });
    expect(checkEmail(' ana.cruz@mail.example.com ')).toBeUndefined();
    expect(checkEmail('a@b.co.uk')).toBeUndefined();
    expect(checkEmail('ana@example')).toEqual({ key: 'in_email_incorrect' });
    expect(checkEmail('ana@example.museum')).toEqual({ key: 'in_email_incorrect' });
    expect(checkEmail(`${'a'.repeat(250)}@example.com`)).toEqual({ key: 'in_email_incorrect' });
  });

  it('checks a new password by the operator rule and its confirmation', () => {
    const rule = { minLength: 8, maxLength: 12, patternId: 'password' as const };
    expect(checkNewPassword('', rule)).toEqual({ key: 'in_enter_password' });
    expect(checkNewPassword('abc1', rule)).toEqual({ key: 'tooShort', params: { min: 8 } });
    expect(checkNewPassword('abcdefgh12345', rule)).toEqual({ key: 'tooLong', params: { max: 12 } });
    expect(checkNewPassword('abcdefgh', rule)).toEqual({ key: 'passwordFormat' });
    expect(checkNewPassword('abcdefg1', rule)).toBeUndefined();
    expect(checkConfirmation('', 'abcdefg1')).toEqual({ key: 'in_enter_password' });
    expect(checkConfirmation('abcdefg2', 'abcdefg1')).toEqual({ key: 'in_confirmation_correct' });
    expect(checkConfirmation('abcdefg1', 'abcdefg1')).toBeUndefined();
  });

  it('checks phone fields', () => {
    expect(checkMobile('9171234567')).toBeUndefined();
    expect(checkMobile('91712x')).toEqual({ key: 'in_mobile_incorrect' });
    expect(checkMobile('1'.repeat(21))).toEqual({ key: 'in_mobile_incorrect' });
    expect(checkSmsCode('123456')).toBeUndefined();
    expect(checkSmsCode('12345678901')).toEqual({ key: 'in_code_incorrect' });
  });
});
