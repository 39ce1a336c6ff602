import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { findLanguage, LANGUAGES } from '@playhouse/contract/languages';
import type { Catalogue } from '@playhouse/i18n/locales';

const STORAGE_KEY = 'boLanguage';
const loaders = import.meta.glob<Catalogue>('../../../packages/i18n/locales/*/bo.json', {
  import: 'default',
});

async function load(code: string): Promise<void> {
  if (i18n.hasResourceBundle(code, 'bo')) return;
  const loader = loaders[`../../../packages/i18n/locales/${code.toLowerCase()}/bo.json`];
  i18n.addResourceBundle(code, 'bo', loader ? await loader() : {});
}

function apply(code: string): void {
  const language = findLanguage(code);
  document.documentElement.lang = language?.tag ?? 'en';
  document.documentElement.dir = language?.dir ?? 'ltr';
}

/** The console's language: the stored choice, else the browser's, else English. */
export async function initI18n(): Promise<void> {
  const stored = localStorage.getItem(STORAGE_KEY);
  const browser = navigator.languages
    .map((tag) => LANGUAGES.find((l) => l.tag.toLowerCase() === tag.toLowerCase())?.code)
    .find(Boolean);
  const code = findLanguage(stored)?.code ?? browser ?? 'EN';
  await i18n.use(initReactI18next).init({
    lng: code,
    fallbackLng: 'EN',
    ns: ['bo'],
    defaultNS: 'bo',
    partialBundledLanguages: true,
    resources: {},
    interpolation: { escapeValue: false },
  });
  await Promise.all([load('EN'), load(code)]);
  await i18n.changeLanguage(code);
  apply(code);
}

export async function setLanguage(code: string): Promise<void> {
  await load(code);
  await i18n.changeLanguage(code);
  localStorage.setItem(STORAGE_KEY, code);
  apply(code);
}
