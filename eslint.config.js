import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // The web app talks to the server only over HTTP.
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/server/**', '@portal/server/*'], message: 'The web app may not import server code.' }] }],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      // Data flows one way: shared → features → app.
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/**', '@/*'], message: 'packages/shared may not import application code.' }] }],
    },
  },
  {
    files: ['apps/server/src/**/*.routes.ts'],
    rules: {
      // Routes stay thin: SQL lives in repositories.
      'no-restricted-imports': ['error', { paths: [{ name: 'kysely', message: 'Only repositories write SQL.' }] }],
    },
  },
);
