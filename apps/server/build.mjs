// Bundles the server (and the shared package it imports as TypeScript) into dist/.
// Packages from node_modules stay external; native ones (better-sqlite3, argon2) must.
import { build } from 'esbuild';
import fs from 'node:fs';

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {});

// Chunks are named by their content: those of an earlier build go first.
fs.rmSync(new URL('./dist/chunks', import.meta.url), { recursive: true, force: true });

await build({
  entryPoints: { server: 'src/server.ts', cli: 'src/cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // The command-line tool loads the database commands only when one is called (cli-commands.ts).
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: true,
  external,
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
console.log('server built: apps/server/dist/server.js, apps/server/dist/cli.js');
