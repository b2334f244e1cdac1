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
const dirs = (path) =>
  fs
    .readdirSync(`${root}/${path}`, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

/**
 * The layering the README promises (docs/decisions/012), as import zones. Each zone says which
 * files (target) may not import which (from); the message says where the import belongs instead.
 */
export const serverZones = [
  { target: `${SERVER}/plugins`, from: [`${SERVER}/modules`, `${SERVER}/flows`], message: 'Plugins do not import modules: shared types live in domain/, lookups arrive as options from app.ts.' },
  {
    target: `${SERVER}/domain`,
    from: [`${SERVER}/modules`, `${SERVER}/flows`, `${SERVER}/plugins`, `${SERVER}/db`],
    message: 'domain/ holds types and rules every layer may use; it imports none of them.',
  },
  { target: `${SERVER}/lib`, from: [`${SERVER}/modules`, `${SERVER}/flows`], message: 'lib/ is below the modules: it may not import them.' },
  { target: `${SERVER}/modules`, from: `${SERVER}/flows`, message: 'Modules never import flows: a flow composes modules, not the other way round.' },
  { target: `${SERVER}/{modules,flows}/**/*.routes.ts`, from: `${SERVER}/{modules,flows}/**/*.repository.ts`, message: 'Routes call a service; only services call repositories.' },
  { target: `${SERVER}/{modules,flows}/**/*.routes.ts`, from: `${SERVER}/db/**`, message: 'Routes call a service; only repositories touch the database.' },
  {
    target: `${SERVER}/{modules,flows}/**/*.repository.ts`,
    from: [`${SERVER}/{modules,flows}/**/*.service.ts`, `${SERVER}/{modules,flows}/**/*.routes.ts`],
    message: 'Repositories are the bottom layer: they import no service or route.',
  },
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

/**
 * Data flows one way in the web app: lib and config → entities → components → features → app;
 * features do not import each other (decision 053).
 */
export const webZones = [
  ...['lib', 'config'].map((shared) => ({
    target: `${WEB}/${shared}`,
    from: [`${WEB}/entities`, `${WEB}/components`, `${WEB}/features`, `${WEB}/app`],
    message: `${shared}/ is the bottom layer (api client, stores, formatting): it may not import entities, components, features or the app.`,
  })),
  {
    target: `${WEB}/entities`,
    from: [`${WEB}/components`, `${WEB}/features`, `${WEB}/app`],
    message: 'entities/ is data access that several features share: it may import lib/ and config/ only, never components, features or the app.',
  },
  {
    target: `${WEB}/components`,
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'components/ is shared code: it may not import features or the app.',
  },
  { target: `${WEB}/features`, from: `${WEB}/app`, message: 'Features may not import the app; the app composes features.' },
  ...dirs(`${WEB}/features`).map((feature) => ({
    target: `${WEB}/features/${feature}/**`,
    from: `${WEB}/features/!(${feature})/**`,
    message: `features/${feature} may not import another feature: compose them in app/, or move what both need to entities/ (data) or components/ (UI).`,
  })),
];

/** The web app talks to the server only over HTTP. */
const webNoServerImports = { group: ['**/apps/server/**', '@portal/server/*'], message: 'The web app may not import server code.' };

/** Query-client calls whose filter or options name a query key (a prefix matches every query under it). */
const KEY_FILTER_CALLS =
  '/^(invalidateQueries|refetchQueries|cancelQueries|removeQueries|resetQueries|setQueriesData|getQueriesData|isFetching|fetchQuery|prefetchQuery|ensureQueryData|fetchInfiniteQuery|prefetchInfiniteQuery)$/';
const KEY_MESSAGE =
  "Name the query key through its endpoint file (a feature's api/ or entities/): its queryOptions(…).queryKey or its exported key; a key written here drifts from the one the query uses.";

export const webSyntaxRules = [
  // An answer's type comes from its schema in packages/shared, never from a shape written again here.
  {
    selector: "CallExpression[callee.name='api'] > TSTypeParameterInstantiation TSTypeLiteral",
    message: "Type the answer with the shared schema's type (z.infer<typeof …AnswerSchema>), not a shape written by hand.",
  },
  // Query keys live in the endpoint files; call sites use them (decision 053).
  { selector: `CallExpression[callee.property.name=${KEY_FILTER_CALLS}] > ObjectExpression > Property[key.name='queryKey'] > ArrayExpression`, message: KEY_MESSAGE },
  { selector: "CallExpression[callee.property.name=/^(setQueryData|getQueryData|getQueryState)$/][arguments.0.type='ArrayExpression']", message: KEY_MESSAGE },
  {
    selector: "CallExpression[callee.name=/^use(Suspense)?(Infinite)?Query$/] > ObjectExpression > Property[key.name='queryKey']",
    message: `${KEY_MESSAGE} Spread the endpoint's queryOptions into useQuery.`,
  },
];

/**
 * An `/api/` path is written once, in its endpoint definition (packages/shared/src/endpoints): the
 * server registers its route from the definition and the web calls it with `call` or `endpointUrl`.
 */
const API_PATH_MESSAGE = "Name the endpoint through its definition in packages/shared/src/endpoints (route(…) on the server, call(…) or endpointUrl(…) on the web), not an '/api/' path written here.";
export const apiPathRules = [
  { selector: 'Literal[value=/^\\/api\\//]', message: API_PATH_MESSAGE },
  { selector: 'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/api\\//]', message: API_PATH_MESSAGE },
];
/**
 * Dates and times read one way (decision 080): only packages/shared/src/date-time-text.ts formats
 * them. A date or a time field put on the page as it came (yyyy-MM-dd, HH:mm) is refused too.
 */
const DATE_TEXT_MESSAGE = 'Format dates and times with @portal/shared/date-time-text (formatDate, clockTime, clockRange, formatDateTime): one style per company, from its settings.';
const DATE_OR_TIME_FIELD = '/^(date|time|\\w*(Date|Time|At|Timestamp|Created)|\\w+_(date|time|at))$/';
export const dateTextRules = [
  { selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]', message: DATE_TEXT_MESSAGE },
  { selector: "ImportDeclaration[source.value='date-fns'] > ImportSpecifier[imported.name=/^(format|lightFormat|intlFormat|formatISO9075)$/]", message: DATE_TEXT_MESSAGE },
];
const PAGE_TEXT = [
  ':matches(JSXElement, JSXFragment) > JSXExpressionContainer >',
  ':matches(JSXElement, JSXFragment) > JSXExpressionContainer > ChainExpression >',
  ':matches(JSXElement, JSXFragment) > JSXExpressionContainer TemplateLiteral >',
  ':matches(JSXElement, JSXFragment) > JSXExpressionContainer TemplateLiteral > ChainExpression >',
  "JSXAttribute[name.name!='key'] TemplateLiteral >",
  "JSXAttribute[name.name!='key'] TemplateLiteral > ChainExpression >",
];
export const webDateTextRules = PAGE_TEXT.map((where) => ({ selector: `${where} MemberExpression[property.name=${DATE_OR_TIME_FIELD}]`, message: DATE_TEXT_MESSAGE }));

/** Where the rule does not hold: the definitions themselves, and tests with their fixtures (they call the paths as a browser would). */
const apiPathExempt = ['packages/shared/src/endpoints/**', '**/*.test.{ts,tsx}', `${SERVER}/test/**`, `${WEB}/test/**`];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Unused variables are oxlint's (.oxlintrc.json): the same rule in a tenth of ESLint's time.
      '@typescript-eslint/no-unused-vars': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Import zones, resolved the way TypeScript resolves them (paths, workspaces). Cycles are
    // dependency-cruiser's (.dependency-cruiser.cjs), in a tenth of the time.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Parse TypeScript dependencies too, or no-cycle never sees past the first file.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...serverZones, ...webZones] }],
    },
  },
  {
    // Tests may reach any layer to set up what they check.
    files: ['**/*.test.{ts,tsx}', `${SERVER}/test/**`],
    rules: { 'import-x/no-restricted-paths': 'off' },
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
      'no-restricted-imports': ['error', { patterns: [webNoServerImports] }],
      'no-restricted-syntax': ['error', ...webSyntaxRules, ...apiPathRules, ...dateTextRules, ...webDateTextRules],
    },
  },
  {
    // The web's test fixtures keep the web's rules but may name a path.
    files: [`${WEB}/test/**/*.{ts,tsx}`],
    rules: { 'no-restricted-syntax': ['error', ...webSyntaxRules] },
  },
  {
    // Everywhere else in the apps and in shared code: no path outside its definition.
    files: ['apps/**/*.{ts,tsx,js,mjs,cjs}', 'packages/shared/src/**/*.ts'],
    ignores: ['apps/web/**/*.{ts,tsx}', ...apiPathExempt],
    rules: { 'no-restricted-syntax': ['error', ...apiPathRules, ...dateTextRules] },
  },
  {
    // The one formatter of dates and times.
    files: ['packages/shared/src/date-time-text.ts'],
    rules: { 'no-restricted-syntax': ['error', ...apiPathRules] },
  },
  {
    // An endpoint module (one that calls `api`) lives in entities/ or a feature's api/ folder.
    files: [`${WEB}/lib/**/*.{ts,tsx}`, `${WEB}/components/**/*.{ts,tsx}`, `${WEB}/config/**/*.{ts,tsx}`],
    ignores: [`${WEB}/lib/api-client.ts`, `${WEB}/lib/call.ts`, '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            webNoServerImports,
            {
              group: ['@/lib/api-client', '**/api-client'],
              importNames: ['api'],
              message: "lib/ and components/ hold no endpoint modules: call the API from entities/ (data several features share) or a feature's api/ folder.",
            },
            {
              group: ['@/lib/call', '**/call'],
              importNames: ['call'],
              message: "lib/ and components/ hold no endpoint modules: call the API from entities/ (data several features share) or a feature's api/ folder.",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests may name a key by hand to check what the cache holds.
    files: ['apps/web/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', webSyntaxRules[0]] },
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
