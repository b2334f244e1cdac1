// Bundles the server (and the shared package it imports as TypeScript) into dist/.
// Packages from node_modules stay external; native ones (better-sqlite3, argon2) must.
import { build } from 'esbuild';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = (file) => fileURLToPath(new URL(file, import.meta.url));

/**
 * Bundles the given entry points (paths in apps/server) into `outdir` as `npm start` runs them:
 * ESM for Node 20, the server's own packages left to node_modules. The durability run uses it
 * too, so each restart starts what production starts (as `.mjs`: its folder has no package.json
 * saying ESM).
 */
export async function bundleServer({ entryPoints, outdir, extension = '.js', splitting = false, sourcemap = false }) {
  const pkg = JSON.parse(fs.readFileSync(here('./package.json'), 'utf8'));
  await build({
    entryPoints: Object.fromEntries(Object.entries(entryPoints).map(([name, file]) => [name, here(file)])),
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    outExtension: { '.js': extension },
    splitting,
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap,
    external: Object.keys(pkg.dependencies ?? {}),
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Chunks are named by their content: those of an earlier build go first.
  fs.rmSync(here('./dist/chunks'), { recursive: true, force: true });
  // The command-line tool loads the database commands only when one is called (cli-commands.ts).
  await bundleServer({ entryPoints: { server: './src/server.ts', cli: './src/cli.ts' }, outdir: here('./dist'), splitting: true, sourcemap: true });
  console.log('server built: apps/server/dist/server.js, apps/server/dist/cli.js');
}
