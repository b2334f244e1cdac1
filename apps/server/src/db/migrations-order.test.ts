import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrationsFor } from './migrate.ts';

/**
 * Migrations run in the order of their names. Up to 026 several features each owned a number and
 * landed in any order (hence 007-a, 013-c and the gaps, and `allowUnorderedMigrations` for the
 * databases that ran them so). From 027 on the order is strict: each new migration takes the next
 * number, three digits, no letter, so its name shows what comes next.
 */
const LAST_UNORDERED = 26;

describe('migration order', () => {
  const names = Object.keys(migrationsFor('sqlite'));

  it('lists the migrations in the order of their names', () => {
    expect(names).toEqual([...names].sort());
  });

  it('has a file for every migration and a migration for every file', () => {
    const files = fs
      .readdirSync(new URL('./migrations/', import.meta.url))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => f.replace(/\.ts$/, ''));
    expect([...files].sort()).toEqual(names);
  });

  it('numbers every migration after 026 as the next one, three digits, no letter', () => {
    const later = names.filter((n) => Number(n.slice(0, 3)) > LAST_UNORDERED);
    later.forEach((name, i) => {
      expect(name).toMatch(/^\d{3}-[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(Number(name.slice(0, 3))).toBe(LAST_UNORDERED + 1 + i);
    });
  });
});
