import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { findLanguage, matchLanguage } from '@playhouse/contract/languages';
import { pseudoLocalize, type Catalogue } from '@playhouse/i18n/locales';
import { STORAGE, readString, writeString } from '../lib/storage.ts';

/** A pseudo-locale for tests and translators: every catalogue string accented and bracketed. */
export const PSEUDO = 'PSEUDO';
export const LANGUAGE_EVENT = 'playhouse:language';

/** Loaded before the first render; feature namespaces (auth, member, lobby) load when first used. */
const INITIAL_NAMESPACES = ['web', 'common'] as const;
// Each language's namespaces are separate chunks, fetched only when that language and screen are used.
const loaders = import.meta.glob<Catalogue>(
  '../../../../packages/i18n/locales/*/{web,common,auth,member,lobby}.json',
  { import: 'default' },
);

async function loadCatalogue(code: string, ns: string): Promise<Catalogue> {
  // The pseudo-locale is English, accented and bracketed: text that stays plain is hard-coded.
  if (code === PSEUDO) return pseudoLocalize(await loadCatalogue('EN', ns));
  const load = loaders[`../../../../packages/i18n/locales/${code.toLowerCase()}/${ns}.json`];
  return load ? load() : {};
}

/** An i18next backend over the bundled catalogue chunks. */
const chunkBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    loadCatalogue(language, namespace).then(
      (catalogue) => callback(null, catalogue),
      (error: Error) => callback(error, false),
    );
  },
};

function applyDocumentLanguage(code: string): void {
  const language = findLanguage(code);
  document.documentElement.lang = language?.tag ?? 'en';
  document.documentElement.dir = language?.dir ?? 'ltr';
}

/**
 * The first language: the stored choice if still supported, else the browser's languages when
 * supported, else the operator default.
 */
export function pickLanguage(
  supported: readonly string[],
  fallback: string,
  stored: string | null = readString(STORAGE.language),
  browser: readonly string[] = navigator.languages,
): string {
  if (stored === PSEUDO) return PSEUDO;
  if (stored && supported.includes(stored)) return stored;
  return matchLanguage(browser, supported) ?? fallback;
}

export async function initI18n(language: string): Promise<void> {
  await i18n
    .use(chunkBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      ns: [...INITIAL_NAMESPACES],
      defaultNS: 'web',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  applyDocumentLanguage(language);
}

/** Switches language: loads its catalogues, updates the page, stores it and publishes an event. */
export async function setLanguage(code: string): Promise<void> {
  await i18n.changeLanguage(code);
  applyDocumentLanguage(code);
  writeString(STORAGE.language, code);
  window.dispatchEvent(new CustomEvent(LANGUAGE_EVENT, { detail: code }));
}

export default i18n;
