import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDemoData } from '../seed/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** SQLite database files built once per run: migrated and empty, and migrated with the demo companies. */
    sqliteImages: { migrated: string; demo: string };
  }
}

/**
 * Runs once before the API tests: migrates one SQLite database (and seeds a copy with the demo
 * companies) and hands the files to every test file, which opens its own in-memory copy instead
 * of running every migration and importing the demo bundles again (decision 030).
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-db-'));
  const images = { migrated: path.join(dir, 'migrated.sqlite'), demo: path.join(dir, 'demo.sqlite') };
  const handle = openDatabase('sqlite::memory:');
  try {
    await migrateToLatest(handle);
    await sql`vacuum into ${images.migrated}`.execute(handle.db);
    await seedDemoData(handle.db);
    await sql`vacuum into ${images.demo}`.execute(handle.db);
  } finally {
    await handle.close();
  }
  project.provide('sqliteImages', images);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
