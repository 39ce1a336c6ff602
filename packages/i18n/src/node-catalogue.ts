import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { LanguageCode } from '@playhouse/contract/languages';
import {
  ALL_CODES,
  SOURCE_LANGUAGE,
  flatten,
  interpolate,
  localeDir,
  type Catalogue,
  type Namespace,
} from './locales.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../locales');

/** Reads one namespace of one language from disk; an empty catalogue when the file is missing. */
export function readCatalogue(code: LanguageCode, ns: Namespace): Catalogue {
  const file = path.join(root, localeDir(code), `${ns}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Catalogue) : {};
}

export type Translator = (
  code: LanguageCode,
  key: string,
  params?: Record<string, string | number>,
) => string;

/**
 * Loads a namespace for every language once and returns a translator that falls back to English,
 * then to the key itself.
 */
export function createTranslator(ns: Namespace): Translator {
  const tables = new Map<LanguageCode, Record<string, string>>();
  for (const code of ALL_CODES) tables.set(code, flatten(readCatalogue(code, ns)));
  const source = tables.get(SOURCE_LANGUAGE) ?? {};
  return (code, key, params) => interpolate(tables.get(code)?.[key] ?? source[key] ?? key, params);
}

export const LOCALES_ROOT = root;

/**
 * Keys a language may keep identical to English (brand names, loanwords a translator confirmed):
 * `same-as-source.json` maps a language code, or `*` for every language, to `namespace:key` entries.
 */
export function sameAsSource(code: LanguageCode): Set<string> {
  const file = path.join(root, 'same-as-source.json');
  if (!existsSync(file)) return new Set();
  const lists = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
  return new Set([...(lists['*'] ?? []), ...(lists[code] ?? [])]);
}
