import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/i18n/locales');

/**
 * A catalogue string as the given language shows it, for comparing with what the page renders: the
 * markup of a rich string (`<terms>terms of service</terms>`, rendered as a link) is left out.
 */
export function text(
  language: string,
  ns:
    | 'web'
    | 'common'
    | 'bo'
    | 'auth'
    | 'member'
    | 'lobby'
    | 'records'
    | 'rg'
    | 'play'
    | 'pay'
    | 'rewards'
    | 'help'
    | 'invite'
    | 'inbox'
    | 'vip'
    | 'draws'
    | 'chat'
    | 'agent',
  key: string,
): string {
  const catalogue = JSON.parse(readFileSync(path.join(root, language.toLowerCase(), `${ns}.json`), 'utf8'));
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue);
  if (typeof value !== 'string') throw new Error(`no catalogue text ${language}:${ns}:${key}`);
  return value.replace(/<\/?[a-z]+>/g, '');
}
