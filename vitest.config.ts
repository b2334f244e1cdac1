import { defineConfig } from 'vitest/config';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const api = ['apps/server/**/*.test.ts'];
const webAndShared = ['*.test.ts', 'apps/web/**/*.test.ts', 'apps/web/**/*.test.tsx', 'packages/**/*.test.ts'];
const exclude = ['**/node_modules/**', '**/dist/**'];

/** The test files in the root folder, apps/ and packages/. */
function testFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (!entry.isDirectory()) return /\.test\.tsx?$/.test(entry.name) ? [file] : [];
    const searched = dir === '' ? ['apps', 'packages'].includes(entry.name) : !['node_modules', 'dist'].includes(entry.name);
    return searched ? testFiles(file) : [];
  });
}

/**
 * Test files that keep a process of their own: those that replace a module with `vi.mock` (a
 * shared process could hand them, or a later file, the module as another file loaded it).
 */
const text = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const ownProcess = testFiles('').filter((file) => /\bvi\.(do)?[mM]ock\(/.test(text(file)));

/**
 * Component files (jsdom) share a process and its document too (decision 037): the setup file
 * (apps/web/src/test/setup.ts) gives each file the portal's modules afresh and an empty document,
 * storage and address, so the state a file's modules keep (stores, caches) starts anew.
 */
const components = testFiles('').filter((file) => !ownProcess.includes(file) && /@vitest-environment jsdom/.test(text(file)));

/**
 * Decision 030. Test files share one worker process per core (`isolate: false`): Node keeps
 * fastify, kysely, pg, sharp, ESLint and the rest loaded between files, while Vitest evaluates
 * the portal's own modules afresh for each file, so no file sees another's module state. The API
 * tests open copies of a database migrated and seeded once per run (test/global-setup.ts).
 * jsdom only where a file asks for it (its `@vitest-environment` docblock).
 */
export default defineConfig({
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./apps/web/src', import.meta.url)) },
      // jsdom has no workers: the captcha widget solves in the page's thread (decision 052).
      { find: /^altcha\/workers\/pbkdf2\?worker$/, replacement: fileURLToPath(new URL('./apps/web/src/test/in-thread-pbkdf2-worker.ts', import.meta.url)) },
    ],
  },
  test: {
    pool: 'forks',
    // One worker per core: Vitest's default leaves one core out, which on a 2-core machine is a
    // single worker, and once the type check and lint beside it end (npm test), a core sits idle
    // (decision 043).
    maxWorkers: os.availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['./apps/server/src/test/global-setup.ts'],
    setupFiles: ['./apps/web/src/test/setup.ts'],
    projects: [
      { extends: true, test: { name: 'api', include: api, exclude: [...exclude, ...ownProcess], isolate: false } },
      { extends: true, test: { name: 'web and shared', include: webAndShared, exclude: [...exclude, ...ownProcess, ...components], isolate: false } },
      { extends: true, test: { name: 'components', include: components, exclude: [...exclude, ...ownProcess], isolate: false } },
      { extends: true, test: { name: 'own process', include: ownProcess, exclude } },
    ],
  },
});
