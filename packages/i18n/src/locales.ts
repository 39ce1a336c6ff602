import { LANGUAGES, type LanguageCode } from '@playhouse/contract/languages';

/**
 * Catalogue namespaces: `common` is shared with the server, `bo` is the back office, and the player
 * site has `web` (shell) plus one namespace per feature, loaded when a screen first needs it.
 */
export const NAMESPACES = [
  'common',
  'web',
  'auth',
  'member',
  'lobby',
  'records',
  'rg',
  'play',
  'pay',
  'bo',
  'inbox',
  'rewards',
  'help',
  'invite',
  'promo',
  'vip',
  'draws',
  'chat',
  'agent',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Folder name of a language's catalogue files: the spec code in lower case (`pt-br`). */
export function localeDir(code: LanguageCode): string {
  return code.toLowerCase();
}

export const SOURCE_LANGUAGE: LanguageCode = 'EN';
export const ALL_CODES: LanguageCode[] = LANGUAGES.map((l) => l.code);

export type Catalogue = { [key: string]: string | Catalogue };

/** Flattens a nested catalogue into dotted keys. */
export function flatten(catalogue: Catalogue, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(catalogue)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[full] = value;
    else Object.assign(out, flatten(value, full));
  }
  return out;
}

/** Fills `{{name}}` placeholders, the same syntax i18next uses. */
export function interpolate(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** Pseudo-localises a catalogue: accented, bracketed and 30% longer, placeholders untouched. */
export function pseudoLocalize(catalogue: Catalogue): Catalogue {
  const map: Record<string, string> = {
    a: 'á',
    e: 'é',
    i: 'í',
    o: 'ö',
    u: 'ü',
    c: 'ç',
    n: 'ñ',
    A: 'Å',
    E: 'É',
    I: 'Î',
    O: 'Ø',
    U: 'Û',
    y: 'ý',
  };
  const convert = (s: string) => {
    const parts = s.split(/(\{\{\s*\w+\s*\}\}|<[^>]+>)/);
    const body = parts
      .map((p, i) => (i % 2 ? p : p.replace(/[aeioucnAEIOUy]/g, (ch) => map[ch] ?? ch)))
      .join('');
    return `[${body}${'·'.repeat(Math.ceil(s.length * 0.3))}]`;
  };
  const out: Catalogue = {};
  for (const [k, v] of Object.entries(catalogue))
    out[k] = typeof v === 'string' ? convert(v) : pseudoLocalize(v);
  return out;
}
