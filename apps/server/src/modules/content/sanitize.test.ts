import { describe, expect, it } from 'vitest';
import { plainPreview, sanitizeContent } from './sanitize.ts';

describe('sanitizeContent', () => {
  it('removes scripts, handlers and javascript: links but keeps formatting', () => {
    const html = sanitizeContent(
      '<p onclick="x()">Hi <b>there</b><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="/a.png" onerror="y()"></p>',
    );
    expect(html).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(html).toContain('<b>there</b>');
    expect(html).toContain('<img src="/a.png" />');
  });

  it('opens links in a new tab without an opener', () => {
    expect(sanitizeContent('<a href="https://example.com">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });
});

describe('plainPreview', () => {
  it('gives readable text with entities decoded', () => {
    expect(plainPreview('<p>Fish &amp; chips</p><p>Second&nbsp;line</p>')).toBe('Fish & chips Second line');
  });
  it('cuts long text with an ellipsis', () => {
    expect(plainPreview('a'.repeat(300), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});
