import { findLanguage } from '@playhouse/contract/languages';
import { flatten, NAMESPACES } from '../src/locales.ts';
import { readCatalogue, sameAsSource } from '../src/node-catalogue.ts';
import { expectedKeys } from '../src/plurals.ts';

/**
 * Prints, as JSON, the English text of every key a language lacks (or still has in English), keyed
 * `namespace:dotted.key` — the input a translator works from. Usage: missing.ts <CODE>
 */
const language = findLanguage(process.argv[2]);
const code = language?.code;
if (!code) {
  console.error('usage: missing.ts <language code, e.g. FR>');
  process.exit(2);
}
const out: Record<string, string> = {};
const allowSame = sameAsSource(code);
for (const ns of NAMESPACES) {
  const source = expectedKeys(flatten(readCatalogue('EN', ns)), language!.tag);
  const target = flatten(readCatalogue(code, ns));
  for (const [key, en] of Object.entries(source)) {
    const value = target[key];
    if (!value?.trim() || (value === en && !allowSame.has(`${ns}:${key}`) && /[a-z]{3}/i.test(en)))
      out[`${ns}:${key}`] = en;
  }
}
process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
