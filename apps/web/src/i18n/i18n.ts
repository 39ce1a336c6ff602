import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { findLanguage, matchLanguage } from '@playhouse/contract/languages';
import { LANGUAGE_COOKIE } from '@playhouse/contract/site-page';
import { pseudoLocalize, type Catalogue } from '@playhouse/i18n/locales';
import { STORAGE, readString, writeString } from '../lib/storage.ts';
import { I18N_OPTIONS } from './i18n-options.ts';

/** A pseudo-locale for tests and translators: every catalogue string accented and bracketed. */
export const PSEUDO = 'PSEUDO';
export const LANGUAGE_EVENT = 'playhouse:language';

/** Loaded before the first render; feature namespaces (auth, member, lobby) load when first used. */
const INITIAL_NAMESPACES = ['web', 'common'] as const;

/** Fetches one namespace of one language from the catalogues the build published (vite-locales.ts). */
async function loadCatalogue(code: string, ns: string): Promise<Catalogue> {
  // The pseudo-locale is English, accented and bracketed: text that stays plain is hard-coded.
  if (code === PSEUDO) return pseudoLocalize(await loadCatalogue('EN', ns));
  const res = await fetch(`${__LOCALES_BASE__}/${code.toLowerCase()}/${ns}.json`);
  if (!res.ok) throw new Error(`catalogue ${code}/${ns}: HTTP ${res.status}`);
  return (await res.json()) as Catalogue;
}

/** An i18next backend over the published catalogue files. */
const catalogueBackend: BackendModule = {
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
  // Mirrored for the server, which preloads this language's strings with the next page it sends.
  document.cookie = `${LANGUAGE_COOKIE}=${code}; path=/; max-age=31536000; samesite=lax`;
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
    .use(catalogueBackend)
    .use(initReactI18next)
    .init({
      ...I18N_OPTIONS,
      lng: language,
      ns: [...INITIAL_NAMESPACES],
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
