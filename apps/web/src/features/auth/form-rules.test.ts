import { describe, expect, it } from 'vitest';
import { registerFieldProblems, birthdayProblems } from '@playhouse/contract/account';
import { defaultSettings } from '@playhouse/contract/settings';
import { registerMethod } from './form-rules.ts';

const rules = defaultSettings().register;
const today = new Date(Date.UTC(2026, 10, 23));

describe('registration rules shared with the server', () => {
  it('lets an empty optional field pass and names the failing rule otherwise', () => {
    expect(registerFieldProblems('email', '', rules.email)).toEqual([]);
    expect(registerFieldProblems('username', '', rules.username)).toEqual([{ key: 'required' }]);
    expect(registerFieldProblems('username', '1ab', rules.username).map((p) => p.key)).toEqual([
      'tooShort',
      'accountFormat',
    ]);
    expect(registerFieldProblems('email', 'nope@', rules.email).map((p) => p.key)).toEqual([
      'tooShort',
      'emailFormat',
    ]);
    expect(registerFieldProblems('mobileNum', '12ab56', rules.mobileNum).map((p) => p.key)).toEqual([
      'mobileInvalid',
    ]);
  });

  it('checks birthdays: real dates from 1900 to the end of this year, 18 or older', () => {
    expect(birthdayProblems('2008-11-23', today)).toEqual([]);
    expect(birthdayProblems('2008-11-24', today)).toEqual([{ key: 'underAge', params: { age: 18 } }]);
    expect(birthdayProblems('1899-12-31', today)[0]?.key).toBe('dateRange');
    expect(birthdayProblems('2027-01-01', today)[0]?.key).toBe('dateRange');
    expect(birthdayProblems('2001-02-29', today)).toEqual([{ key: 'invalidFormat' }]);
  });

  it('names the registration device', () => {
    expect(registerMethod(false, false, false)).toBe('H5');
    expect(registerMethod(true, false, false)).toBe('PWA');
    expect(registerMethod(true, true, false)).toBe('WEBCLIP');
    expect(registerMethod(false, false, true)).toBe('APP');
  });
});
