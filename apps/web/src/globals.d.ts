/** Where the build published the translation catalogues (see vite-locales.ts). */
declare const __LOCALES_BASE__: string;
