import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

/**
 * Three projects (decision 030). The API tests share one worker process per core instead of one
 * per file (`isolate: false`): Node keeps fastify, kysely, pg, sharp and the rest loaded between
 * files while Vitest still evaluates the portal's own modules afresh for each file. They open
 * copies of a database migrated and seeded once per run (test/global-setup.ts). The few files
 * that replace a portal module with `vi.mock` keep a process of their own, as do the web and
 * shared tests (jsdom only where a file asks for it).
 */
const ownModuleMocks = ['apps/server/src/features/company/get-by-email.test.ts', 'apps/server/src/features/import/import.test.ts'];

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
  test: {
    exclude: ['**/node_modules/**', '**/dist/**'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['apps/server/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**', ...ownModuleMocks],
          globalSetup: ['./apps/server/src/test/global-setup.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'api with module mocks',
          include: ownModuleMocks,
          globalSetup: ['./apps/server/src/test/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web and shared',
          include: ['*.test.ts', 'apps/web/**/*.test.ts', 'apps/web/**/*.test.tsx', 'packages/**/*.test.ts'],
          setupFiles: ['./apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
