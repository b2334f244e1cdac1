import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import checkFile from 'eslint-plugin-check-file';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const root = import.meta.dirname;
const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';
const dirs = (path) => fs.readdirSync(`${root}/${path}`, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

/**
 * The layering the README promises (docs/decisions/012), as import zones. Each zone says which
 * files (target) may not import which (from); the message says where the import belongs instead.
 */
export const serverZones = [
  { target: `${SERVER}/plugins`, from: [`${SERVER}/modules`, `${SERVER}/flows`], message: 'Plugins do not import modules: shared types live in domain/, lookups arrive as options from app.ts.' },
  { target: `${SERVER}/domain`, from: [`${SERVER}/modules`, `${SERVER}/flows`, `${SERVER}/plugins`, `${SERVER}/db`], message: 'domain/ holds types and rules every layer may use; it imports none of them.' },
  { target: `${SERVER}/lib`, from: [`${SERVER}/modules`, `${SERVER}/flows`], message: 'lib/ is below the modules: it may not import them.' },
  { target: `${SERVER}/modules`, from: `${SERVER}/flows`, message: 'Modules never import flows: a flow composes modules, not the other way round.' },
  { target: `${SERVER}/{modules,flows}/**/*.routes.ts`, from: `${SERVER}/{modules,flows}/**/*.repository.ts`, message: 'Routes call a service; only services call repositories.' },
  { target: `${SERVER}/{modules,flows}/**/*.routes.ts`, from: `${SERVER}/db/**`, message: 'Routes call a service; only repositories touch the database.' },
  { target: `${SERVER}/{modules,flows}/**/*.repository.ts`, from: [`${SERVER}/{modules,flows}/**/*.service.ts`, `${SERVER}/{modules,flows}/**/*.routes.ts`], message: 'Repositories are the bottom layer: they import no service or route.' },
  { target: `${SERVER}/{modules,flows}/**/*.service.ts`, from: `${SERVER}/{modules,flows}/**/*.routes.ts`, message: 'Services know nothing of HTTP routes.' },
  // A module has one door: everything outside it (other modules, flows, the app, the seed, the
  // browser suite's fixtures) imports only its <module>.api.ts.
  ...dirs(`${SERVER}/modules`).map((module) => ({
    target: [`${SERVER}/!(modules)/**`, `${SERVER}/*.ts`, `${SERVER}/modules/!(${module})/**`, 'e2e/**'],
    from: `${SERVER}/modules/${module}`,
    except: [`./${module}.api.ts`],
    message: `Import modules/${module} through its one door, modules/${module}/${module}.api.ts.`,
  })),
];

/** Data flows one way in the web app: shared (components, lib, config) → features → app; features do not import each other. */
export const webZones = [
  ...['components', 'lib', 'config'].map((shared) => ({
    target: `${WEB}/${shared}`,
    from: [`${WEB}/features`, `${WEB}/app`],
    message: `${shared}/ is shared code: it may not import features or the app.`,
  })),
  { target: `${WEB}/features`, from: `${WEB}/app`, message: 'Features may not import the app; the app composes features.' },
  ...dirs(`${WEB}/features`).map((feature) => ({
    target: `${WEB}/features/${feature}/**`,
    from: `${WEB}/features/!(${feature})/**`,
    message: `features/${feature} may not import another feature: compose them in app/, or move what both need to lib/ or components/.`,
  })),
];

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
    // Import zones and cycles, resolved the way TypeScript resolves them (paths, workspaces).
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Parse TypeScript dependencies too, or no-cycle never sees past the first file.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      // Cycles among the portal's own modules: one through a package in node_modules cannot come
      // back, and walking into the packages' type definitions cost most of the lint (decision 037).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...serverZones, ...webZones] }],
    },
  },
  {
    // Tests may reach any layer to set up what they check.
    files: ['**/*.test.{ts,tsx}', `${SERVER}/test/**`],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    // No module imports a test file, so no cycle can pass through one: walking the graph from
    // each of them could never report anything (decision 037).
    files: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-cycle': 'off' },
  },
  {
    // kebab-case file and folder names; `company.routes.ts` and `*.test.ts` keep their middle part.
    files: ['apps/**/*.{ts,tsx,js,mjs}', 'packages/**/*.ts', 'e2e/**/*.ts', 'scripts/**/*.mjs'],
    ignores: [`${SERVER}/db/migrations/**`],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: [`${SERVER}/{modules,flows}/**/*.ts`],
    ignores: ['**/*.test.ts', '**/*.repository.ts'],
    rules: {
      // Only repositories write SQL; a service may name the database's types to pass it on.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', message: 'Only repositories write SQL.', allowTypeImports: true }],
          patterns: [{ group: ['**/db/*'], message: 'Only repositories touch the database.', allowTypeImports: true }],
        },
      ],
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
      // An answer's type comes from its schema in packages/shared, never from a shape written again here.
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='api'] > TSTypeParameterInstantiation TSTypeLiteral",
          message: "Type the answer with the shared schema's type (z.infer<typeof …AnswerSchema>), not a shape written by hand.",
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      // Data flows one way: shared → features → app.
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/**', '@/*'], message: 'packages/shared may not import application code.' }] }],
    },
  },
);
