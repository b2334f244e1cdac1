import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDemoData } from '../db/seed/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** SQLite database files built once per run: migrated and empty, and migrated with the demo companies. */
    sqliteImages: { migrated: string; demo: string };
    /** A PostgreSQL database migrated once per run (when TEST_DATABASE_URL is set), the template of every test's database. */
    postgresTemplate: string | undefined;
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
  const template = await migratedPostgresTemplate();
  project.provide('postgresTemplate', template?.name);
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await template?.drop();
  };
}

/**
 * With TEST_DATABASE_URL set: a database next to it, migrated once, that every
 * `createTestDatabase('postgres')` copies (`create database … template`) instead of running every
 * migration in a schema of its own (decision 037). Named per run, so runs side by side do not meet.
 */
async function migratedPostgresTemplate(): Promise<{ name: string; drop(): Promise<void> } | undefined> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl || !/^postgres(ql)?:\/\//.test(baseUrl)) return undefined;
  const name = `${new URL(baseUrl).pathname.slice(1) || 'postgres'}_tpl_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const drop = () => admin(`drop database if exists "${name}" with (force)`);
  await admin(`create database "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  // One connection, closed before any copy: a template with a session open cannot be copied.
  const handle = openDatabase(url.toString(), { poolSize: 1 });
  try {
    await migrateToLatest(handle);
  } catch (error) {
    await handle.close();
    await drop();
    throw error;
  }
  await handle.close();
  return { name, drop };
}
