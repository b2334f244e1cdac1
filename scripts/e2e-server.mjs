// Starts the built server on a fresh database for the browser suite.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const url = process.env.DATABASE_URL ?? '';
if (url.startsWith('sqlite:')) {
  const file = url.slice('sqlite:'.length);
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
await import(path.join(root, 'apps/server/dist/server.js'));
