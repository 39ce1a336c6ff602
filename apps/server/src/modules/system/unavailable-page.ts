import { findLanguage, type LanguageCode } from '@playhouse/contract/languages';
import type { Translator } from '@playhouse/i18n/node-catalogue';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page a browser gets on a host no active operator names (decision 039): a plain, self-contained
 * page in the visitor's language (right-to-left where it is written so), no script, no operator's look.
 */
export function unavailablePage(t: Translator, language: LanguageCode): string {
  const found = findLanguage(language);
  const message = escape(t(language, 'errors.SITE_UNAVAILABLE'));
  return (
    `<!doctype html><html lang="${found?.tag ?? 'en'}" dir="${found?.dir ?? 'ltr'}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>${message}</title><style>body{margin:0;min-height:100vh;display:flex;align-items:center;` +
    'justify-content:center;font:16px/1.5 system-ui,sans-serif;background:#111;color:#eee;padding:24px;' +
    `box-sizing:border-box;text-align:center}</style></head><body><main><p>${message}</p></main></body></html>`
  );
}
