// Budget for what the landing page downloads before it can run: the entry script plus the
// chunks index.html modulepreloads. Lazy route chunks load later and are not counted.
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 170;
const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../dist');
const indexPath = join(dist, 'index.html');
if (!existsSync(indexPath)) {
  console.error(`check-bundle-size: ${indexPath} not found; run vite build first`);
  process.exit(1);
}
const html = readFileSync(indexPath, 'utf8');

const scripts = new Set();
for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
  if (!/type=["']module["']/.test(tag)) continue;
  const src = tag.match(/src=["']([^"']+)["']/)?.[1];
  if (src) scripts.add(src);
}
for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
  if (!/rel=["']modulepreload["']/.test(tag)) continue;
  const href = tag.match(/href=["']([^"']+)["']/)?.[1];
  if (href) scripts.add(href);
}
if (scripts.size === 0) {
  console.error('check-bundle-size: no entry script found in dist/index.html');
  process.exit(1);
}

let total = 0;
const rows = [];
for (const url of scripts) {
  const file = join(dist, url.replace(/^\//, '').split('?')[0]);
  const size = gzipSync(readFileSync(file), { level: 9 }).length;
  total += size;
  rows.push(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${url}`);
}
console.log(rows.join('\n'));
const kb = total / 1024;
console.log(`initial JS: ${kb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) {
  console.error(`check-bundle-size: over budget by ${(kb - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
