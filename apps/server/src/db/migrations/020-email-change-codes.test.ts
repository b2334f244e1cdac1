import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrateToLatest } from '../migrate.ts';
import { demoBundles } from '../../seed/demo-bundles.ts';
import { importCompanyBundle } from '../../modules/import/import.service.ts';
import { createTestDatabase, testEngines, type TestDatabase } from '../../test/test-db.ts';

describe.each(testEngines())('migration 020 on a %s database of the previous release', (engine) => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.drop();
    t = undefined;
  });

  it('moves a pending e-mail change into email_codes with its client, hashes, tries and expiry, keeps the other codes, and drops email_changes', async () => {
    t = await createTestDatabase(engine, { upTo: '016-card-token-owner' });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema as it was before 020
    const db = t.db as any;
    // The demo as the previous release imported it: agreements had no registration profiles yet
    // (023), families no guardians (036), and classes no registration profiles (048).
    for (const bundle of structuredClone(demoBundles()) as { agreements?: { profiles?: unknown[] }[]; customers?: { clients: { guardians?: unknown[] }[] }[]; classes?: { profiles?: unknown[] }[] }[]) {
      for (const a of bundle.agreements ?? []) a.profiles = [];
      for (const c of bundle.classes ?? []) c.profiles = [];
      for (const client of (bundle.customers ?? []).flatMap((c) => c.clients)) client.guardians = [];
      await importCompanyBundle(t.db, bundle);
    }
    const client = await db.selectFrom('clients').select(['id', 'company_id']).orderBy('id').executeTakeFirstOrThrow();
    const later = new Date(Date.now() + 600_000).toISOString();
    const now = new Date().toISOString();
    const common = { company_id: client.company_id, attempts: 2, created_at: now, expires_at: later };
    await db.insertInto('email_codes').values({ ...common, purpose: 'register', email: 'reg@example.com', token_hash: 'reg-token', code_hash: 'reg-code', payload: '{"a":1}', used_at: null }).execute();
    await db.insertInto('email_changes').values({ ...common, client_id: client.id, new_email: 'new@example.com', token_hash: 'chg-token', code_hash: 'chg-code', used_at: null }).execute();
    await db.insertInto('email_changes').values({ ...common, client_id: client.id, new_email: 'old@example.com', token_hash: 'used-token', code_hash: 'x', used_at: now }).execute();

    await migrateToLatest(t);

    const rows = await t.db.selectFrom('email_codes').select(['purpose', 'email', 'client_id', 'token_hash', 'code_hash', 'payload', 'attempts', 'expires_at', 'used_at']).orderBy('token_hash').execute();
    expect(rows).toEqual([
      { purpose: 'email-change', email: 'new@example.com', client_id: client.id, token_hash: 'chg-token', code_hash: 'chg-code', payload: '{}', attempts: 2, expires_at: later, used_at: null },
      { purpose: 'register', email: 'reg@example.com', client_id: null, token_hash: 'reg-token', code_hash: 'reg-code', payload: '{"a":1}', attempts: 2, expires_at: later, used_at: null },
    ]);
    await expect(sql`select count(*) from email_changes`.execute(t.db)).rejects.toThrow();
    // A code cannot name another company's client, and goes with its client.
    const other = await db.selectFrom('companies').select('id').where('id', '!=', client.company_id).executeTakeFirstOrThrow();
    await expect(
      t.db.insertInto('email_codes').values({ company_id: other.id, purpose: 'email-change', email: 'x@example.com', client_id: client.id, token_hash: 'cross', code_hash: 'x', payload: '{}', attempts: 0, created_at: now, expires_at: later, used_at: null }).execute(),
    ).rejects.toThrow(/foreign key/i);
    await expect(
      t.db.insertInto('email_codes').values({ company_id: client.company_id, purpose: 'register', email: 'x@example.com', client_id: null, token_hash: 'reg-token', code_hash: 'x', payload: '{}', attempts: 0, created_at: now, expires_at: later, used_at: null }).execute(),
    ).rejects.toThrow(/unique/i);
    await t.db.deleteFrom('clients').where('id', '=', client.id).execute();
    expect(await t.db.selectFrom('email_codes').select('purpose').execute()).toEqual([{ purpose: 'register' }]);
  });
});
