import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }],
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'bench/out/**', 'coverage/**'] },
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
  {
    files: ['apps/web/**'],
    rules: restrict(
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
    ),
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
