import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** One `no-restricted-imports` rule from [patterns, message] pairs (a later block's rule replaces it). */
const restrictAll = (...rules) => ({
  'no-restricted-imports': ['error', { patterns: rules.map(([group, message]) => ({ group, message })) }],
});
const restrict = (patterns, message) => restrictAll([patterns, message]);

const WEB_OVER_HTTP = [
  [
    '@playhouse/server*',
    '@playhouse/backoffice*',
    '@playhouse/db*',
    '**/apps/server/**',
    '**/apps/backoffice/**',
    'kysely',
    'pg',
    'better-sqlite3',
  ],
  'the player site talks to the server over HTTP only',
];
/** The player site's feature folders: each stands alone; what several use lives in a shared folder. */
const WEB_FEATURES = readdirSync(new URL('apps/web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const WEB_SHARED = ['lib', 'session', 'shell', 'components', 'status', 'i18n'];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'data/**', 'bench/out/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['packages/db/src/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/backoffice/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Dependencies point one way: apps → packages; contract and games import nothing of ours.
  {
    files: ['packages/contract/**', 'packages/games/**'],
    rules: restrict(['@playhouse/*', '../../*'], 'contract and games import nothing of ours'),
  },
  {
    files: ['packages/**'],
    ignores: ['packages/contract/**', 'packages/games/**'],
    rules: restrict(
      ['@playhouse/server*', '@playhouse/web*', '@playhouse/backoffice*', '**/apps/**'],
      'packages never import apps',
    ),
  },
  { files: ['apps/web/**'], rules: restrictAll(WEB_OVER_HTTP) },
  // A feature never imports another feature; shared folders never import features.
  ...WEB_FEATURES.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**`],
    rules: restrictAll(WEB_OVER_HTTP, [
      WEB_FEATURES.filter((other) => other !== feature).flatMap((other) => [
        `**/features/${other}`,
        `**/features/${other}/**`,
        `../${other}`,
        `../${other}/**`,
        `../../${other}/**`,
        `../../../${other}/**`,
      ]),
      `${feature} may not import another feature: move what both need to a shared folder`,
    ]),
  })),
  {
    files: WEB_SHARED.map((folder) => `apps/web/src/${folder}/**`),
    rules: restrictAll(WEB_OVER_HTTP, [
      ['**/features', '**/features/**'],
      'shared folders (lib, session, shell, components, status, i18n) never import features',
    ]),
  },
  {
    files: ['apps/backoffice/**'],
    rules: restrict(
      [
        '@playhouse/server*',
        '@playhouse/web*',
        '@playhouse/db*',
        '**/apps/server/**',
        '**/apps/web/**',
        'kysely',
        'pg',
        'better-sqlite3',
      ],
      'the back office talks to the server over HTTP only',
    ),
  },
  // Only repositories touch Kysely: routes and services go through them.
  {
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: restrict(
      ['kysely', '*.repository.ts', '**/*.repository.ts', '@playhouse/db/*'],
      'routes call services; only repositories touch the database',
    ),
  },
);
