import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runDurability } from './test/durability.ts';
import { createTestDatabase } from './test/test-db.ts';

/**
 * The durability run in its short form (two kills of a few seconds' writes), on SQLite and, when
 * TEST_DATABASE_URL is set, on PostgreSQL: so a change that loses an acknowledged write, tears a
 * payment or charges twice fails the build. `npm run durability` runs the long form.
 */
describe('kill -9 mid-write', { timeout: 120_000 }, () => {
  it('on SQLite: nothing acknowledged is lost, nothing is torn, nothing is charged twice, and it starts again', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-durability-'));
    try {
      const report = await runDurability({ databaseUrl: `sqlite:${path.join(dir, 'portal.db')}`, runs: 2, seconds: 1.5 });
      // Writes were made and acknowledged: how many depends on what else the two cores run meanwhile (27 once, beside the whole suite).
      expect(report.writes.ack).toBeGreaterThan(10);
      expect({ lost: report.lost, torn: report.torn, doubleCharged: report.doubleCharged }).toEqual({ lost: [], torn: [], doubleCharged: [] });
      // The built server, beside the rest of npm test on two cores: the 5 s, with room for a busy machine.
      expect(Math.max(...report.readyMs)).toBeLessThan(10_000);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('on PostgreSQL: the same', async () => {
    const database = await createTestDatabase('postgres', { demo: false });
    try {
      const report = await runDurability({ databaseUrl: database.url, runs: 2, seconds: 1.5 });
      expect(report.writes.ack).toBeGreaterThan(10);
      expect({ lost: report.lost, torn: report.torn, doubleCharged: report.doubleCharged }).toEqual({ lost: [], torn: [], doubleCharged: [] });
      // The built server, beside the rest of npm test on two cores: the 5 s, with room for a busy machine.
      expect(Math.max(...report.readyMs)).toBeLessThan(10_000);
    } finally {
      await database.close();
      await database.drop();
    }
  });
});
