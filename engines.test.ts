import fs from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * The README asks for Node 20.19 or newer, and this machine and CI run Node 20: `npm ci` prints an
 * EBADENGINE warning for every locked package whose `engines.node` leaves Node 20 out. Such a
 * package is replaced by a release that supports it (the `overrides` of package.json), never
 * left to warn on a newcomer's first install.
 */
const OLDEST = '20.19.0';

type Lock = { packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> };

describe('the locked packages', () => {
  it(`all run on Node ${OLDEST}, so npm ci prints no EBADENGINE`, () => {
    const lock = JSON.parse(fs.readFileSync(new URL('./package-lock.json', import.meta.url), 'utf8')) as Lock;
    const refusing = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      return range && !semver.satisfies(OLDEST, range) ? [`${path}@${entry.version} wants node ${range}`] : [];
    });
    expect(refusing).toEqual([]);
  });
});
