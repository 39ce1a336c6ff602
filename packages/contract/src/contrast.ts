/**
 * Colour contrast as WCAG 2.2 defines it (relative luminance, ratio 1–21), and the operator colours
 * the player site draws on its own surfaces, checked where they are saved and where they are drawn.
 */

/** WCAG AA for normal-size text. */
export const AA_TEXT = 4.5;

/** #rgb, #rgba, #rrggbb or #rrggbbaa as [r, g, b, alpha 0–1]; undefined when not a hex colour. */
export function parseHex(colour: string): [number, number, number, number] | undefined {
  const hex = /^#([0-9a-f]{3,8})$/i.exec(colour.trim())?.[1];
  if (!hex || hex.length === 5 || hex.length === 7) return undefined;
  const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
  const channel = (i: number) => parseInt(full.slice(i * 2, i * 2 + 2), 16);
  return [channel(0), channel(1), channel(2), full.length === 8 ? channel(3) / 255 : 1];
}

function luminance([r, g, b]: readonly number[]): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
}

/**
 * The contrast ratio of a text colour on an opaque background, rounded down to two decimals (so a
 * colour shown as passing does pass). A translucent text colour is blended onto the background first.
 */
export function contrastRatio(text: string, background: string): number {
  const fg = parseHex(text);
  const bg = parseHex(background);
  if (!fg || !bg) return 1;
  const alpha = fg[3];
  const blended = [0, 1, 2].map((i) => fg[i]! * alpha + bg[i]! * (1 - alpha));
  const [a, b] = [luminance(blended), luminance(bg)];
  const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  return Math.floor(ratio * 100) / 100;
}

/** The player site's themes: dark is every player's first. */
export type Theme = 'dark' | 'light';

/**
 * The backgrounds operator colours are drawn on, per theme. They are the site's own `--surface`
 * values (apps/web/src/styles/app.css; a test keeps the two the same).
 */
export const THEME_SURFACES: Readonly<Record<Theme, string>> = { dark: '#1e2340', light: '#ffffff' };

/** Operator text colours, by settings path, and the surface each is drawn on. */
export const OPERATOR_TEXT_COLOURS = {
  'site.mobileTemplate.app_desc_font_color': 'surface',
} as const;

export interface ContrastProblem {
  /** The settings path of the colour. */
  field: keyof typeof OPERATOR_TEXT_COLOURS;
  colour: string;
  background: string;
  theme: Theme;
  ratio: number;
}

/** Whether `colour` is readable on the surface of `theme`. */
export function readableOn(colour: string, theme: Theme): boolean {
  return contrastRatio(colour, THEME_SURFACES[theme]) >= AA_TEXT;
}

/**
 * The failing pairs of an operator text colour on the first theme players see (dark): a colour
 * saved must be readable there. In the light theme the site draws it only where it is readable too,
 * else in the theme's own text colour (DownloadBar).
 */
export function contrastProblems(
  colours: Partial<Record<keyof typeof OPERATOR_TEXT_COLOURS, string>>,
): ContrastProblem[] {
  const problems: ContrastProblem[] = [];
  for (const [field, colour] of Object.entries(colours) as [keyof typeof OPERATOR_TEXT_COLOURS, string][]) {
    const background = THEME_SURFACES.dark;
    const ratio = contrastRatio(colour, background);
    if (ratio < AA_TEXT) problems.push({ field, colour, background, theme: 'dark', ratio });
  }
  return problems;
}
