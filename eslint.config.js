// One lint setup for the whole workspace: TypeScript rules everywhere, React hooks rules and the
// feature boundaries in web/ (a feature imports no other feature; app/ composes them).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The web app's feature folders: each is a screen or a page set, composed only in web/src/app. */
const FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // No regular expression may backtrack or move super-linearly: most run on what a visitor,
    // a sender or a provider wrote, and one slow match blocks the whole event loop.
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
      'regexp/no-super-linear-move': ['error', { report: 'potential', ignoreSticky: false, ignorePartial: false }],
    },
  },
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    // Features stay apart: app/ composes them (routes, props), components/ and lib/ hold what they
    // share; a feature reaches another only through its public entry (index.ts).
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...FEATURES.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`, ...FEATURES.filter((f) => f !== feature).map((f) => `./${f}/index.ts`)],
              message:
                "A feature imports no other feature's internals: compose features in web/src/app, share parts in components/ or lib/.",
            })),
            {
              target: ['./web/src/components', './web/src/lib'],
              from: './web/src/features',
              message: 'Shared parts (components/, lib/) import no feature.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'web/scripts/**', 'bench/**', '**/*.test.{ts,tsx}', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
);
