// Whether apps/server/dist/cli.js is newer than every source it is built from: the server's
// sources, the shared package and the build script. Reading the times of a few hundred files
// takes milliseconds; a build takes seconds.
import fs from 'node:fs';
import path from 'node:path';

/** The newest modification time (ms) of the files under `dir`, node_modules and dist left out. */
function newest(dir) {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const file = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(file) : fs.statSync(file).mtimeMs);
  }
  return latest;
}

/** True when `built` exists and no file of `sources` (files or folders) changed after it. */
export function buildIsCurrent(built, sources) {
  if (!fs.existsSync(built)) return false;
  const at = fs.statSync(built).mtimeMs;
  return sources.every((source) => !fs.existsSync(source) || (fs.statSync(source).isDirectory() ? newest(source) : fs.statSync(source).mtimeMs) <= at);
}
