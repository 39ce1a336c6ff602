import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastProblems, contrastRatio, readableOn, THEME_SURFACES } from './contrast.ts';
import { defaultSettings } from './settings.ts';

describe('colour contrast (WCAG 2.2)', () => {
  it('computes the ratios WCAG gives', () => {
    expect(contrastRatio('#000', '#fff')).toBe(21);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // #767676 on white is the classic just-passing grey (4.54:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(AA_TEXT);
    // A see-through colour counts as blended onto its background.
    expect(contrastRatio('#ffffff00', '#000000')).toBe(1);
    expect(contrastRatio('not a colour', '#000')).toBe(1);
  });

  it("names the failing pair of an operator colour on the players' first theme", () => {
    expect(contrastProblems({ 'site.mobileTemplate.app_desc_font_color': '#2a2f55' })).toEqual([
      {
        field: 'site.mobileTemplate.app_desc_font_color',
        colour: '#2a2f55',
        background: THEME_SURFACES.dark,
        theme: 'dark',
        ratio: expect.any(Number),
      },
    ]);
    expect(contrastProblems({ 'site.mobileTemplate.app_desc_font_color': '#ffffff' })).toEqual([]);
  });

  it('ships defaults that are readable, and white is never drawn on the light theme', () => {
    const colour = defaultSettings().site.mobileTemplate.app_desc_font_color;
    expect(contrastProblems({ 'site.mobileTemplate.app_desc_font_color': colour })).toEqual([]);
    expect(readableOn('#ffffff', 'light')).toBe(false);
  });

  it("keeps its theme surfaces the same as the site's stylesheet", () => {
    const css = readFileSync(
      path.resolve(import.meta.dirname, '../../../apps/web/src/styles/app.css'),
      'utf8',
    );
    const surface = (block: string) => /--surface:\s*(#[0-9a-f]{3,8})/i.exec(block)?.[1]?.toLowerCase();
    const dark = css.slice(0, css.indexOf("[data-theme='light']"));
    const light = css.slice(css.indexOf("[data-theme='light']"));
    expect(surface(dark)).toBe(THEME_SURFACES.dark);
    expect(surface(light)).toBe(THEME_SURFACES.light);
  });
});
