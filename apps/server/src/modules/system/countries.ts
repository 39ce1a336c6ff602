import { getCountries, getCountryCallingCode } from 'libphonenumber-js/max';
import { findLanguage, type LanguageCode } from '@playhouse/contract/languages';

const cache = new Map<LanguageCode, { code: string; name: string; dialingCode: string }[]>();

/** Every country with its dialing code, named and sorted in the request's language. */
export function countryList(language: LanguageCode) {
  const hit = cache.get(language);
  if (hit) return hit;
  const tag = findLanguage(language)?.tag ?? 'en';
  const names = new Intl.DisplayNames([tag, 'en'], { type: 'region' });
  const collator = new Intl.Collator(tag);
  const list = getCountries()
    .map((code) => ({ code, name: names.of(code) ?? code, dialingCode: `+${getCountryCallingCode(code)}` }))
    .sort((a, b) => collator.compare(a.name, b.name));
  cache.set(language, list);
  return list;
}
