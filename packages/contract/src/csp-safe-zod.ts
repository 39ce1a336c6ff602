/**
 * For the browser, under the site's Content Security Policy (no 'unsafe-eval'): zod probes whether
 * it may compile parsers with `new Function`, and a strict policy reports that probe as a violation
 * even though zod catches the failure. Jitless, it never probes. Import first, before any parsing.
 *
 * This sets zod's global configuration object (`globalThis.__zod_globalConfig`, which zod reads and
 * `z.config()` writes) without importing zod, so the page's entry chunk does not carry the library:
 * the screens that parse with zod load it lazily, and find the setting already there.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
export {};
