const SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
const pluralKey = /^(.*)_(zero|one|two|few|many|other)$/;

/**
 * The keys a language's catalogue must hold for an English namespace, each with the English text a
 * translator works from. Plural keys follow i18next's `_one`/`_other` suffixes; a language needs one
 * key per plural category it has (Arabic six, Russian four, Japanese only `_other`), so English
 * `key_one`/`key_other` expand to the language's own categories, each translated from English `_other`
 * (or `_one` for the `one` category).
 */
export function expectedKeys(source: Record<string, string>, bcp47: string): Record<string, string> {
  const categories = new Intl.PluralRules(bcp47).resolvedOptions().pluralCategories as string[];
  const out: Record<string, string> = {};
  for (const [key, text] of Object.entries(source)) {
    const m = pluralKey.exec(key);
    if (!m) {
      out[key] = text;
      continue;
    }
    const base = m[1]!;
    if (m[2] !== 'other') continue;
    for (const category of SUFFIXES.filter((s) => categories.includes(s)))
      out[`${base}_${category}`] = (category === 'one' ? source[`${base}_one`] : undefined) ?? text;
  }
  return out;
}
