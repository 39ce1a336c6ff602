import { describe, expect, it } from 'vitest';
import { pickLanguage, PSEUDO } from './i18n.ts';

describe('first language', () => {
  const supported = ['EN', 'TY', 'AR', 'CN'];
  it('keeps a stored choice that is still supported', () => {
    expect(pickLanguage(supported, 'TY', 'AR', ['en-US'])).toBe('AR');
  });
  it('drops a stored choice the operator no longer supports', () => {
    expect(pickLanguage(supported, 'TY', 'JA', ['en-US'])).toBe('EN');
  });
  it("uses the browser's language when supported", () => {
    expect(pickLanguage(supported, 'TY', null, ['zh-CN', 'en'])).toBe('CN');
    expect(pickLanguage(supported, 'TY', null, ['ar-EG'])).toBe('AR');
  });
  it('falls back to the operator default', () => {
    expect(pickLanguage(supported, 'TY', null, ['de-DE'])).toBe('TY');
  });
  it('honours the pseudo-locale', () => {
    expect(pickLanguage(supported, 'TY', PSEUDO, ['en'])).toBe(PSEUDO);
  });
});
