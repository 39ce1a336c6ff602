import { readdirSync } from 'node:fs';
import { LANGUAGES } from '@playhouse/contract/languages';
import { flatten, localeDir, NAMESPACES } from '../src/locales.ts';
import { LOCALES_ROOT, readCatalogue, sameAsSource } from '../src/node-catalogue.ts';
import { expectedKeys } from '../src/plurals.ts';

/**
 * Reports, per language, how much of the English catalogue is translated: a key counts when present,
 * non-empty, keeps the same {{placeholders}} and differs from English (brand names and loanwords listed
 * per language in `same-as-source.json` may stay identical). `--check` exits 1 unless every language is complete.
 */
const check = process.argv.includes('--check');
const placeholders = (s: string) =>
  [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

const unknownDirs = readdirSync(LOCALES_ROOT, { withFileTypes: true })
  .filter((d) => d.isDirectory() && !LANGUAGES.some((l) => localeDir(l.code) === d.name))
  .map((d) => d.name);

let incomplete = 0;
const rows: string[] = [];
for (const lang of LANGUAGES) {
  let total = 0;
  let done = 0;
  const problems: string[] = [];
  const allowSame = sameAsSource(lang.code);
  for (const ns of NAMESPACES) {
    const source = expectedKeys(flatten(readCatalogue('EN', ns)), lang.tag);
    const target = flatten(readCatalogue(lang.code, ns));
    for (const [key, en] of Object.entries(source)) {
      total++;
      const value = target[key];
      if (lang.code === 'EN') {
        done++;
        continue;
      }
      if (!value?.trim()) problems.push(`${ns}:${key} missing`);
      else if (placeholders(value) !== placeholders(en)) problems.push(`${ns}:${key} placeholders differ`);
      else if (value === en && !allowSame.has(`${ns}:${key}`) && /[a-z]{3}/i.test(en))
        problems.push(`${ns}:${key} same as English`);
      else done++;
    }
    for (const key of Object.keys(target)) if (!(key in source)) problems.push(`${ns}:${key} not in English`);
  }
  const pct = total ? (100 * done) / total : 100;
  if (problems.length) incomplete++;
  rows.push(
    `${lang.code.padEnd(6)} ${pct.toFixed(1).padStart(5)}%  ${done}/${total}${problems.length ? `  (${problems.slice(0, 3).join('; ')}${problems.length > 3 ? `; +${problems.length - 3} more` : ''})` : ''}`,
  );
}
console.info(rows.join('\n'));
if (unknownDirs.length) console.info(`unknown locale folders: ${unknownDirs.join(', ')}`);
if (check && (incomplete > 0 || unknownDirs.length > 0)) {
  console.error(`${incomplete} language(s) incomplete`);
  process.exit(1);
}
