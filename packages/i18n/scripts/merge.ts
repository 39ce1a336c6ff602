import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { findLanguage } from '@playhouse/contract/languages';
import { flatten, localeDir, NAMESPACES, type Catalogue, type Namespace } from '../src/locales.ts';
import { LOCALES_ROOT, readCatalogue } from '../src/node-catalogue.ts';
import { expectedKeys } from '../src/plurals.ts';

/**
 * Merges translations (a JSON file of `namespace:dotted.key` → text, the shape missing.ts prints) into a
 * language's catalogues, keeping English key order and dropping keys English no longer has.
 * Usage: merge.ts <CODE> <file.json>
 */
const language = findLanguage(process.argv[2]);
const code = language?.code;
const tag = language?.tag ?? 'en';
const file = process.argv[3];
if (!code || !file) {
  console.error('usage: merge.ts <language code> <translations.json>');
  process.exit(2);
}
const incoming = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;

function rebuild(source: Catalogue, values: Record<string, string>, prefix = ''): Catalogue {
  const out: Catalogue = {};
  for (const [key, value] of Object.entries(source)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') {
      // English `x_one`/`x_other` stand for every plural form the language has.
      const plural = /^(.*)_(one|other)$/.exec(key);
      const forms = plural
        ? plural[2] === 'other'
          ? Object.keys(expectedKeys({ [full]: value }, tag)).map((k) => k.slice(k.lastIndexOf('.') + 1))
          : []
        : [key];
      for (const form of forms) {
        const v = values[prefix ? `${prefix}.${form}` : form];
        if (v !== undefined) out[form] = v;
      }
    } else {
      const child = rebuild(value, values, full);
      if (Object.keys(child).length) out[key] = child;
    }
  }
  return out;
}

let merged = 0;
for (const ns of NAMESPACES as readonly Namespace[]) {
  const source = readCatalogue('EN', ns);
  if (!Object.keys(source).length) continue;
  const values = flatten(readCatalogue(code, ns));
  for (const [k, v] of Object.entries(incoming)) {
    const [kns, key] = [k.slice(0, k.indexOf(':')), k.slice(k.indexOf(':') + 1)];
    if (kns === ns && typeof v === 'string') {
      values[key] = v;
      merged++;
    }
  }
  const dir = path.join(LOCALES_ROOT, localeDir(code));
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${ns}.json`), `${JSON.stringify(rebuild(source, values), null, 2)}\n`);
}
console.info(`${code}: merged ${merged} strings`);
