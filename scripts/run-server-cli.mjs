// Runs the server's command-line tool, e.g. `npm run portal -- import-company FILE.json`, built
// first only when a source changed since the last build (so it never runs stale code).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsCurrent } from './server-build-current.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');
const cli = path.join(server, 'dist/cli.js');
const sources = [path.join(server, 'src'), path.join(server, 'build.mjs'), path.join(server, 'package.json'), path.join(root, 'packages/shared/src')];
if (!buildIsCurrent(cli, sources)) {
  const b = spawnSync(process.execPath, ['build.mjs'], { cwd: server, stdio: ['inherit', 'ignore', 'inherit'] });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
const r = spawnSync(process.execPath, ['--enable-source-maps', cli, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
