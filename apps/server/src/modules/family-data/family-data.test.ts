import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import crypto from 'node:crypto';
import { tablesWithClient } from '../../test/schema-tables.ts';
import { Browser, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { customerWithInvoices, newStudent } from '../../test/payment-fixtures.ts';
import { nowIso } from '../../lib/time.ts';
import { READ_WHOLE } from './family-data.repository.ts';
import { NOT_EXPORTED, toCsv } from './family-data.service.ts';

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
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const db = () => t.runtime.ctx.db;
  const cookie = (b: Browser) => (b.cookies.size ? { cookie: [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {});
  const download = (b: Browser) => t.server.inject({ method: 'GET', url: '/api/customer/my-data', headers: cookie(b) });
  const unzipped = async (b: Browser) => {
    const files = unzipSync(new Uint8Array((await download(b)).rawPayload));
    return { files, family: JSON.parse(strFromU8(files['family.json']!)) as Record<string, Record<string, unknown>[]> };
  };

  /** A family of the test's own: two invoices, two children (one with a picture), a saved card and a notification. */
  const family = async () => {
    const f = await customerWithInvoices(t, [5_000, 2_500]);
    const ada = await newStudent(t, f.companyId, f.clientId, 'Ada');
    await newStudent(t, f.companyId, f.clientId, 'Ben');
    const picture = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
    await db().insertInto('student_pictures').values({ company_id: f.companyId, student_id: ada, image: picture, version: 'v1', updated_at: nowIso() }).execute();
    const gatewayToken = `card_${crypto.randomBytes(8).toString('hex')}`;
    await db()
      .insertInto('payment_methods')
      .values({
        company_id: f.companyId,
        client_id: f.clientId,
        kind: 'card',
        gateway_token: gatewayToken,
        card_brand: 'Visa',
        card_last4: '4242',
        card_exp_month: 12,
        card_exp_year: 2099,
        bank_format: null,
        account_name: null,
        bank_code_masked: null,
        account_number_masked: null,
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .execute();
    const note = await db()
      .insertInto('notifications')
      .values({ company_id: f.companyId, title: 'Pool closed', content: 'No lessons on Monday.', category: 'classes', tag_data: null, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().insertInto('notification_contacts').values({ company_id: f.companyId, notification_id: note.id, client_id: f.clientId, status: 'New', created_at: nowIso(), read_at: null }).execute();
    return { ...f, ada, picture, gatewayToken };
  };

  it('answers the signed-in family a ZIP of family.json, a CSV per section and the pictures, with its own rows and no secrets', async () => {
    const f = await family();
    const res = await download(f.browser);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="family-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const { files, family: data } = await unzipped(f.browser);
    expect(data.details![0]).toMatchObject({ id: f.clientId, email: f.email, sign_in_email: f.email });
    expect(data.students!.map((s) => s.first_name)).toEqual(['Ada', 'Ben']);
    expect(data.invoices!.map((i) => i.invoice_no).sort()).toEqual([...f.invoiceNos].sort());
    expect(data.notifications).toMatchObject([{ title: 'Pool closed', status: 'New' }]);
    expect(data.payment_methods).toMatchObject([{ kind: 'card', card_brand: 'Visa', card_last4: '4242' }]);
    // The picture as the JPEG kept, named in its section.
    expect(data.student_pictures).toMatchObject([{ student_id: f.ada, file: `pictures/student-${f.ada}.jpg` }]);
    expect(Buffer.from(files[`pictures/student-${f.ada}.jpg`]!).equals(f.picture)).toBe(true);
    // Every section is a CSV too, a line per row after its header.
    for (const [name, rows] of Object.entries(data)) {
      if (!Array.isArray(rows)) continue;
      expect(strFromU8(files[`csv/${name}.csv`]!).split('\r\n').length, name).toBeGreaterThanOrEqual(rows.length + 1);
    }
    // Only this family's rows, and no secrets: the password's hash, token hashes, the processor's card token.
    const text = strFromU8(files['family.json']!);
    expect(new Set([...text.matchAll(/"client_id": (\d+)/g)].map((m) => Number(m[1])))).toEqual(new Set([f.clientId]));
    const hash = await db().selectFrom('logins').select('password_hash').where('email', '=', f.email).executeTakeFirstOrThrow();
    const everything = Object.values(files)
      .map((file) => strFromU8(file))
      .join('\n');
    for (const secret of ['password_hash', 'token_hash', hash.password_hash, f.gatewayToken]) expect(everything).not.toContain(secret);
  });

  it('answers nobody else: no customer session is 401, and another family gets its own data only', async () => {
    const mine = await family();
    const guest = new Browser(t.server);
    await guest.enterCompany('SPLASH');
    expect((await download(guest)).statusCode).toBe(401);
    expect((await download(new Browser(t.server))).statusCode).toBe(401);
    const other = await customerWithInvoices(t, [1_000]);
    const { files, family: data } = await unzipped(other.browser);
    expect(data.details![0]!.id).toBe(other.clientId);
    expect(data.students).toEqual([]);
    expect(Object.keys(files).some((name) => name.startsWith('pictures/'))).toBe(false);
    expect(strFromU8(files['family.json']!)).not.toContain(mine.email);
  });
});
