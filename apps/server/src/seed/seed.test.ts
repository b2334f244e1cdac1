import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { createTestDatabase } from '../test/test-db.ts';
import { seedDemoData } from './seed.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('seeding from two processes at once', () => {
  it('one seeds, the other stands back, and each company exists once', async () => {
    const first = await createTestDatabase('postgres');
    const second = openDatabase(first.url);
    try {
      const results = await Promise.all([seedDemoData(first.db), seedDemoData(second.db)]);
      expect(results.filter(Boolean).length).toBeGreaterThanOrEqual(1);
      const codes = (await first.db.selectFrom('companies').select('code').orderBy('code').execute()).map((r) => r.code);
      expect(codes).toEqual(['ACE', 'CLOSED', 'SPLASH', 'THAMES']);
    } finally {
      await second.close();
      await first.drop();
    }
  });
});
