import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { Browser, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { READ_WHOLE } from './family-data.repository.ts';
import { NOT_EXPORTED, toCsv } from './family-data.service.ts';

/** The tables the schema gives a `client_id`: every one is in the export or named as left out. */
function tablesWithClient(): string[] {
  const dir = path.resolve(import.meta.dirname, '../../db');
  const text = ['schema.ts', 'schema-bookings-financials.ts'].map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).join('\n');
  const interfaces = new Map([...text.matchAll(/export interface (\w+) \{([^}]*)\}/g)].map((m) => [m[1]!, m[2]!]));
  const tables = [...text.matchAll(/^\s+(\w+): (\w+Table);$/gm)].map((m) => ({ table: m[1]!, body: interfaces.get(m[2]!) ?? '' }));
  return tables.filter((t) => /\bclient_id\??:/.test(t.body)).map((t) => t.table);
}

describe('the export covers the schema', () => {
  it('reads every table that holds a client, or names why not', () => {
    const read = fs.readFileSync(path.join(import.meta.dirname, 'family-data.repository.ts'), 'utf8');
    const readTables = new Set([...[...read.matchAll(/selectFrom\('(\w+)/g)].map((m) => m[1]!), ...READ_WHOLE]);
    const missing = tablesWithClient().filter((table) => !readTables.has(table) && !(table in NOT_EXPORTED));
    expect(tablesWithClient().length).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

  it('writes CSV cells as RFC 4180 asks: commas, quotes and line breaks quoted, objects as JSON, nulls empty', () => {
    expect(
      toCsv([
        { a: 'plain', b: 'with, comma', c: 'say "hi"' },
        { a: null, b: 'two\nlines', d: { x: 1 } },
      ]),
    ).toBe('a,b,c,d\r\nplain,"with, comma","say ""hi""",\r\n,"two\nlines",,"{""x"":1}"\r\n');
  });
});

describe.each(testEngines())('Download my data on %s', (engine) => {
  let t: TestApp;
  let parent: Browser;
  let clientId: number;
  beforeAll(async () => {
    t = await startTestApp(engine);
    parent = new Browser(t.server);
    clientId = (await parent.signIn('SPLASH', 'parent@example.com')).user.ClientID;
  });
  afterAll(() => t.close());

  const download = (b: Browser) => t.server.inject({ method: 'GET', url: '/api/customer/my-data', headers: b.cookies.size ? { cookie: [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {} });

  it('answers the signed-in family a ZIP of family.json and a CSV per section, with its own rows and no secrets', async () => {
    const res = await download(parent);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="family-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const family = JSON.parse(strFromU8(files['family.json']!)) as Record<string, Record<string, unknown>[]>;
    expect(family.details![0]).toMatchObject({ id: clientId, email: 'parent@example.com', sign_in_email: 'parent@example.com' });
    expect(family.students!.map((s) => s.first_name).sort()).toEqual(['Ella', 'Lily', 'Noah']);
    expect(family.invoices!.length).toBeGreaterThan(3);
    expect(family.invoice_lines!.length).toBeGreaterThan(3);
    expect(family.notifications!.length).toBe(120);
    expect(family.payment_methods).toMatchObject([{ kind: 'card', card_last4: '4242' }]);
    expect(family.enrolments!.length).toBeGreaterThan(0);
    // Each student's picture as the JPEG the portal keeps, named in its section.
    const pictures = await t.runtime.ctx.db
      .selectFrom('student_pictures')
      .select(['student_id', 'image'])
      .where(
        'student_id',
        'in',
        family.students!.map((s) => s.id as number),
      )
      .execute();
    expect(pictures.length).toBeGreaterThan(0);
    expect(family.student_pictures!.map((p) => p.file).sort()).toEqual(pictures.map((p) => `pictures/student-${p.student_id}.jpg`).sort());
    for (const p of pictures) expect(Buffer.from(files[`pictures/student-${p.student_id}.jpg`]!).equals(Buffer.from(p.image))).toBe(true);
    // Every section is a CSV too, with its rows.
    for (const [name, rows] of Object.entries(family)) {
      if (!Array.isArray(rows)) continue;
      const csv = strFromU8(files[`csv/${name}.csv`]!);
      expect(csv.split('\r\n').length, name).toBeGreaterThanOrEqual(rows.length + 1);
    }
    // Only this family's rows: every client id in it is the family's.
    const text = strFromU8(files['family.json']!);
    expect(new Set([...text.matchAll(/"client_id": (\d+)/g)].map((m) => Number(m[1])))).toEqual(new Set([clientId]));
    // No secrets: the password's hash, tokens, the processor's card token.
    const card = await t.runtime.ctx.db.selectFrom('gateway_cards').select('token').where('client_id', '=', clientId).executeTakeFirst();
    const hash = await t.runtime.ctx.db.selectFrom('logins').select('password_hash').where('email', '=', 'parent@example.com').executeTakeFirstOrThrow();
    const everything = Object.values(files)
      .map((f) => strFromU8(f))
      .join('\n');
    for (const secret of ['password_hash', 'token_hash', hash.password_hash, ...(card ? [card.token] : [])]) expect(everything).not.toContain(secret);
  });

  it('answers nobody else: no customer session is 401, and another family gets its own data only', async () => {
    const guest = new Browser(t.server);
    await guest.enterCompany('SPLASH');
    expect((await download(guest)).statusCode).toBe(401);
    expect((await download(new Browser(t.server))).statusCode).toBe(401);
    const other = new Browser(t.server);
    const otherId = (await other.signIn('SPLASH', 'family@example.com')).user.ClientID;
    const files = unzipSync(new Uint8Array((await download(other)).rawPayload));
    const family = JSON.parse(strFromU8(files['family.json']!)) as Record<string, Record<string, unknown>[]>;
    expect(family.details![0]!.id).toBe(otherId);
    expect(strFromU8(files['family.json']!)).not.toContain('parent@example.com');
  });
});
