import type { InitOptions } from 'i18next';

/** i18next options the site and the server's renders of it share. */
export const I18N_OPTIONS = {
  fallbackLng: false,
  defaultNS: 'web',
  // The defaults, stated: with them unset, i18next checks every key for natural-language text
  // (`looksLikeObjectPath`), which was a visible share of the first render's time.
  keySeparator: '.',
  nsSeparator: ':',
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
} as const satisfies InitOptions;
