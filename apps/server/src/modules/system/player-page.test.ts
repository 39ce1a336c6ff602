import { describe, expect, it } from 'vitest';
import { attribute, cookieLanguage, scriptJson } from './player-page.ts';

describe('player page helpers', () => {
  it('escapes attribute values', () => {
    expect(attribute('/a?x=1&y="2"<b>')).toBe('/a?x=1&amp;y=&quot;2&quot;&lt;b>');
  });

  it('writes JSON that cannot end its script element and reads back the same', () => {
    const value = { title: '</script><script>alert(1)</script><!-- & \u2028\u2029' };
    const text = scriptJson(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it('reads the language cookie among others', () => {
    expect(cookieLanguage('theme=dark; lang=ar; x=1')).toBe('AR');
    expect(cookieLanguage('language=FR')).toBeUndefined();
    expect(cookieLanguage('lang=')).toBeUndefined();
    expect(cookieLanguage(undefined)).toBeUndefined();
  });
});
