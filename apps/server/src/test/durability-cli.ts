// `npm run durability` (issue 20): the long form of the kill -9 run. Options: --runs N (20),
// --seconds S (30), --postgres (a fresh schema of TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres);
// SQLite otherwise, in a fresh file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runDurability } from './durability.ts';
import { createTestDatabase } from './test-db.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' }, seconds: { type: 'string', default: '30' }, postgres: { type: 'boolean', default: false } } });
const runs = Number(values.runs);
const seconds = Number(values.seconds);
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-durability-'));
const pgDatabase = values.postgres ? await createTestDatabase('postgres', { demo: false }) : null;
try {
  const report = await runDurability({ databaseUrl: pgDatabase?.url ?? `sqlite:${path.join(dir, 'portal.db')}`, runs, seconds, retryUnknown: true, log: (line) => console.log(line) });
  console.log(JSON.stringify(report, null, 2));
  const failed = report.lost.length + report.torn.length + report.doubleCharged.length > 0 || Math.max(...report.readyMs) >= 5_000;
  console.log(failed ? 'FAILED' : `passed: ${report.writes.ack} acknowledged writes, none lost; ${report.writes.unknown} unknown, none torn; ready again in at most ${Math.max(...report.readyMs)} ms`);
  process.exitCode = failed ? 1 : 0;
} finally {
  if (pgDatabase) {
    await pgDatabase.close();
    await pgDatabase.drop();
  }
  fs.rmSync(dir, { recursive: true, force: true });
}
