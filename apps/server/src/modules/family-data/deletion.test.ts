import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DeletionRequestAnswer } from '@portal/shared/deletion-schemas';
import { tablesWithClient } from '../../test/schema-tables.ts';
import { Browser, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { customerWithInvoices, newStudent } from '../../test/payment-fixtures.ts';
import { nowIso } from '../../lib/time.ts';
import { runHourlyJobs } from '../../jobs/scheduler.ts';
import { ERASURE } from './erasure.repository.ts';
import { confirmDeletionCommand } from './deletion.service.ts';

describe('erasure covers the schema', () => {
  it('names what it does with every table that holds a client, once', () => {
    const named = [...ERASURE.deleted, ...ERASURE.anonymised, ...Object.keys(ERASURE.kept)];
    expect(new Set(named).size).toBe(named.length);
    // clients is the account itself (it has no client_id); every other table is named.
    expect(tablesWithClient().filter((t) => !named.includes(t))).toEqual([]);
  });
});

describe.each(testEngines())('Ask to delete my account on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());
  const db = () => t.runtime.ctx.db;
  const signInAttempt = async (email: string, password: string) => {
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    return b.post('/api/customer/get-clients', { email, password });
  };
  const status = (b: Browser) => b.get<DeletionRequestAnswer>('/api/customer/deletion-request');

  /** A family of its own: an invoice, a child with a picture, a saved card and a form answer. */
  async function family() {
    const f = await customerWithInvoices(t, [4_000]);
    const studentId = await newStudent(t, f.companyId, f.clientId, 'Ada');
    await db()
      .insertInto('student_pictures')
      .values({ company_id: f.companyId, student_id: studentId, image: Buffer.from([0xff, 0xd8, 0xff, 0xd9]), version: 'v1', updated_at: nowIso() })
      .execute();
    return { ...f, studentId };
  }

  it('records one request, tells the family and the company, and can be withdrawn before it is carried out', async () => {
    const f = await family();
    expect((await status(f.browser)).body.request).toBeNull();
    const before = Date.now();
    const asked = await f.browser.post<DeletionRequestAnswer>('/api/customer/deletion-request');
    expect(asked.status).toBe(200);
    const due = Date.parse(asked.body.request!.eraseAfter);
    expect(due).toBeGreaterThanOrEqual(before + 30 * 86_400_000 - 1_000);
    expect(due).toBeLessThanOrEqual(Date.now() + 30 * 86_400_000);
    expect(asked.body.kept[0]).toBe('Invoices, receipts and payments, which the company must keep by law');
    expect((await t.lastMailTo(f.email))?.subject).toBe('We have your request to delete your account');
    const contact = JSON.parse((await db().selectFrom('companies').select('settings').where('id', '=', f.companyId).executeTakeFirstOrThrow()).settings).ContactEmail as string;
    expect((await t.lastMailTo(contact))?.text).toContain(`client ${f.clientId}, has asked for their account to be deleted`);

    const twice = await f.browser.post('/api/customer/deletion-request');
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ message: 'You have already asked for your account to be deleted.' });

    const withdrawn = await f.browser.call<DeletionRequestAnswer>('DELETE', '/api/customer/deletion-request');
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.request).toBeNull();
    expect((await f.browser.call('DELETE', '/api/customer/deletion-request')).status).toBe(404);
    // Withdrawn, nothing is erased when its day comes.
    await runHourlyJobs(t.runtime.ctx, new Date(due + 60_000));
    expect((await db().selectFrom('clients').select('first_name').where('id', '=', f.clientId).executeTakeFirstOrThrow()).first_name).not.toBe('Erased');
  });

  it('30 days on, the account is erased: details blanked, sign-in gone, personal rows deleted; invoices kept', async () => {
    const f = await family();
    expect((await signInAttempt(f.email, f.password)).status).toBe(200);
    const asked = await f.browser.post<DeletionRequestAnswer>('/api/customer/deletion-request');
    const invoicesBefore = await db().selectFrom('invoices').select(['invoice_no', 'total_cents']).where('client_id', '=', f.clientId).execute();
    await runHourlyJobs(t.runtime.ctx, new Date(Date.parse(asked.body.request!.eraseAfter) + 60_000));

    const client = await db().selectFrom('clients').selectAll().where('id', '=', f.clientId).executeTakeFirstOrThrow();
    expect(client).toMatchObject({ first_name: 'Erased', last_name: '', email: `erased-${f.companyId}-${f.clientId}@erased.invalid`, phone_mobile: '' });
    const student = await db().selectFrom('students').selectAll().where('id', '=', f.studentId).executeTakeFirstOrThrow();
    expect(student).toMatchObject({ first_name: 'Erased', last_name: '', dob: null });
    expect(await db().selectFrom('student_pictures').select('student_id').where('student_id', '=', f.studentId).execute()).toEqual([]);
    for (const table of ERASURE.deleted) {
      const left = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where client_id = ${f.clientId}`.execute(db());
      expect([table, Number(left.rows[0]!.n)]).toEqual([table, 0]);
    }
    // The law's records stay as they were.
    expect(await db().selectFrom('invoices').select(['invoice_no', 'total_cents']).where('client_id', '=', f.clientId).execute()).toEqual(invoicesBefore);
    // Signed out, and the address no longer signs in.
    expect((await f.browser.get('/api/customer/get-details')).status).toBe(401);
    expect((await signInAttempt(f.email, f.password)).status).toBe(401);
    // Carried out once: the request says when.
    const request = await db().selectFrom('deletion_requests').select(['erased_at']).where('client_id', '=', f.clientId).executeTakeFirstOrThrow();
    expect(request.erased_at).not.toBeNull();
  });

  it('the company confirming makes it due at once', async () => {
    const f = await family();
    await f.browser.post('/api/customer/deletion-request');
    const code = (await db().selectFrom('companies').select('code').where('id', '=', f.companyId).executeTakeFirstOrThrow()).code;
    expect(await confirmDeletionCommand(db(), code, f.clientId)).toMatchObject({ ok: true });
    expect(await confirmDeletionCommand(db(), code, 999_999)).toMatchObject({ ok: false });
    await runHourlyJobs(t.runtime.ctx);
    expect((await db().selectFrom('clients').select('first_name').where('id', '=', f.clientId).executeTakeFirstOrThrow()).first_name).toBe('Erased');
  });
});
