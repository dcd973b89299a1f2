// ESLint: TypeScript, React hooks and accessibility rules for the shop's code, and docs/design.md's
// layers. Formatting is Prettier's job (`prettier --check`), types are `astro check`'s; this gate
// catches the rest. (.astro files are not parsed here: tests/unit/layers.test.ts checks theirs.)
import js from '@eslint/js';
import globals from 'globals';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { shopPlugin } from './scripts/eslint-layers.ts';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '.astro/**',
      '.netlify/**',
      '.data/**',
      'node_modules/**',
      'playwright-report/**',
      'test-results/**',
      'public/**',
      'bench/tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // A function past 300 lines holds several things that change apart (as each store adapter
    // once held fifteen repositories); split it by what it does.
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 300 }] },
  },
  {
    // docs/design.md's table of layers: which folder may import which (scripts/eslint-layers.ts).
    files: ['src/**/*.{ts,tsx,mts}', 'netlify/functions/**/*.{ts,mts}'],
    plugins: { shop: shopPlugin },
    rules: { 'shop/layers': 'error' },
  },
  {
    // Tests and the bench read JSON answers as loose records on purpose: their assertions are the
    // check, and the contract's schemas are what types those answers in the shop's own code.
    files: ['tests/**', 'scripts/bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
