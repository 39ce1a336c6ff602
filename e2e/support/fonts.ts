import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';

/**
 * Fonts for the layout tests, from npm packages, so every machine measures the same glyphs whatever
 * its system fonts: DejaVu Sans (one of the widest common sans faces, and all a bare Debian has),
 * Noto Sans (most Android phones) and Roboto (Android's own). Arabic falls back to Noto Sans Arabic.
 */
export const TEST_FONTS = {
  'DejaVu Sans': 'dejavu-sans',
  'Noto Sans': 'noto-sans',
  Roboto: 'roboto',
} as const;
export type TestFont = keyof typeof TEST_FONTS;

const WEIGHTS = ['400', '600', '700', '800'];
const SUBSETS = /-(latin|latin-ext|arabic)-\d+-normal$/;
const require = createRequire(import.meta.url);

interface Face {
  family: string;
  weight: string;
  range: string;
  /** The woff2 file, base64. */
  bytes: string;
}

/** The faces a font package declares for the subsets the tests need, read from its own CSS. */
function facesOf(pkg: string, family: string): Face[] {
  const dir = path.dirname(require.resolve(`@fontsource/${pkg}/package.json`));
  return WEIGHTS.flatMap((weight) => {
    const css = path.join(dir, `${weight}.css`);
    if (!existsSync(css)) return [];
    return [...readFileSync(css, 'utf8').matchAll(/@font-face\s*{([^}]*)}/g)].flatMap(([, block]) => {
      const file = /url\(\.\/files\/([^)]+\.woff2)\)/.exec(block!)?.[1];
      const range = /unicode-range:\s*([^;]+);/.exec(block!)?.[1] ?? 'U+0-10FFFF';
      if (!file || !SUBSETS.test(file.replace(/\.woff2$/, ''))) return [];
      return [
        { family, weight, range, bytes: readFileSync(path.join(dir, 'files', file)).toString('base64') },
      ];
    });
  });
}

const loaded = new Map<string, Face[]>();
function faces(font: TestFont): Face[] {
  let list = loaded.get(font);
  if (!list) {
    list = [
      ...facesOf(TEST_FONTS[font], `Test ${font}`),
      ...facesOf('noto-sans-arabic', 'Test Noto Sans Arabic'),
    ];
    loaded.set(font, list);
  }
  return list;
}

/**
 * Sets the page's type to `font` (or back to the system's, with undefined): the faces are loaded from
 * their bytes (no request for the site's Content-Security-Policy to judge) and the site's font stack
 * (its --font) is pointed at them. Resolves once the faces are ready.
 */
export async function useFont(page: Page, font: TestFont | undefined): Promise<void> {
  await page.evaluate(
    async ({ list, stack }) => {
      const known = new Set([...document.fonts].map((f) => `${f.family} ${f.weight} ${f.unicodeRange}`));
      for (const face of list) {
        if (known.has(`"${face.family}" ${face.weight} ${face.range}`)) continue;
        const bytes = Uint8Array.from(atob(face.bytes), (c) => c.charCodeAt(0));
        const added = new FontFace(face.family, bytes, { weight: face.weight, unicodeRange: face.range });
        document.fonts.add(await added.load());
      }
      if (stack) document.documentElement.style.setProperty('--font', stack);
      else document.documentElement.style.removeProperty('--font');
      await document.fonts.ready;
    },
    {
      list: font ? faces(font) : [],
      stack: font ? `'Test ${font}', 'Test Noto Sans Arabic', sans-serif` : '',
    },
  );
}

const sessions = new WeakMap<Page, Promise<CDPSession>>();

/**
 * Sets the browser's text size to `percent` of the usual 16 px, as a player does in the browser's
 * settings (Chromium's default font sizes, through its DevTools protocol; the setting lasts as long
 * as the page).
 */
export async function setTextSize(page: Page, percent: number): Promise<void> {
  let session = sessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    sessions.set(page, session);
  }
  await (
    await session
  ).send('Page.setFontSizes', {
    fontSizes: { standard: Math.round((16 * percent) / 100), fixed: Math.round((13 * percent) / 100) },
  });
}
