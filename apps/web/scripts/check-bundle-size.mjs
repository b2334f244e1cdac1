// Budget for all the JavaScript a browser fetches to show the landing page (/hub with no
// company chosen): the entry with every chunk it imports (index.html's modulepreloads), the
// lazy route module of /hub and the lazy modules that route renders on that first screen,
// each with every chunk they import. Gzipped sizes, as the wire carries them.
//
// The landing's lazy modules are named here by source path: when the landing starts to
// render another lazy module, add it to LANDING_MODULES (a name missing from the build fails
// the check, so a rename cannot silently shrink the count). `npm run lighthouse` measures
// the same page in a real browser and fails when the script bytes fetched exceed the budget.
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { LANDING_JS_BUDGET_KB as BUDGET_KB } from './landing-budget.mjs';

const LANDING_MODULES = ['src/app/routes/hub-landing-route.tsx', 'src/features/auth/components/login-screen.tsx'];

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../dist');
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`check-bundle-size: ${manifestPath} not found; run vite build (build.manifest is on) first`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const files = new Set();
function take(key) {
  const chunk = manifest[key];
  if (!chunk) {
    console.error(`check-bundle-size: ${key} is not a chunk of this build`);
    process.exit(1);
  }
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) take(imported);
}

const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length === 0) {
  console.error('check-bundle-size: the build has no entry chunk');
  process.exit(1);
}
for (const [key] of entries) take(key);
for (const key of LANDING_MODULES) take(key);

let total = 0;
const rows = [];
for (const file of [...files].sort()) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  rows.push(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const kb = total / 1024;
console.log(`landing page JS: ${kb.toFixed(1)} KB gzipped in ${files.size} files (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) {
  // The files only when they matter: which of them grew.
  console.error(rows.join('\n'));
  console.error(`check-bundle-size: over budget by ${(kb - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
