import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain script of the repository, without types
import { buildIsCurrent } from './scripts/server-build-current.mjs';

const isCurrent = buildIsCurrent as (built: string, sources: string[]) => boolean;

/** A file written with its modification time `secondsAgo` in the past. */
function write(file: string, secondsAgo: number) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, '');
  const at = new Date(Date.now() - secondsAgo * 1000);
  fs.utimesSync(file, at, at);
}

describe('npm run portal: the server is built before a command only when a source changed', () => {
  it('a build newer than every source is current; a source edited since, or no build, is not', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cli-'));
    const built = path.join(dir, 'server/dist/cli.js');
    const src = path.join(dir, 'server/src');
    const shared = path.join(dir, 'shared/src');
    write(path.join(src, 'cli.ts'), 60);
    write(path.join(src, 'modules/a/a.service.ts'), 50);
    write(path.join(shared, 'schemas.ts'), 40);
    expect(isCurrent(built, [src, shared])).toBe(false);
    write(built, 30);
    expect(isCurrent(built, [src, shared])).toBe(true);
    write(path.join(src, 'modules/a/a.service.ts'), 10);
    expect(isCurrent(built, [src, shared])).toBe(false);
    write(built, 5);
    write(path.join(shared, 'schemas.ts'), 1);
    expect(isCurrent(built, [src, shared])).toBe(false);
  });
});
