// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible built asset, so the
// server sends them as they are (@fastify/static preCompressed) instead of compressing each
// answer or sending it raw. Fonts (woff2) and images are compressed already and are skipped.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.map']);
const MIN_BYTES = 256;
const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../dist');

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

let raw = 0;
let br = 0;
let gz = 0;
let count = 0;
for (const file of walk(join(dist, 'assets'))) {
  if (!COMPRESSIBLE.has(extname(file))) continue;
  const data = readFileSync(file);
  if (data.length < MIN_BYTES) continue;
  const brotli = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  const gzip = gzipSync(data, { level: 9 });
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, gzip);
  raw += data.length;
  br += brotli.length;
  gz += gzip.length;
  count++;
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`compress-assets: ${count} files, ${kb(raw)} raw → ${kb(br)} brotli, ${kb(gz)} gzip`);
