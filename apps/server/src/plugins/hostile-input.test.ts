import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Browser, registerCustomer, testEngines, testSignature } from '../test/api-harness.ts';
import { companyApp, customerWithInvoices, newCredit } from '../test/payment-fixtures.ts';

const NUL = '\u0000';
const CONTROL_MESSAGE = 'Please remove the invisible control character from this text.';

/**
 * Input an attacker sends on purpose (issue 20, section 4): each is refused with a clear 400 and
 * changes nothing, on both engines, never a 500.
 */
describe.each(testEngines())('hostile input on %s', (engine) => {
  const app = companyApp(engine);

  const { db } = app;
  const family = () => registerCustomer(app.t, { email: `hostile.${randomBytes(4).toString('hex')}@example.com`, company: 'SPLASH' });

  it('a NUL or another control character in any text, path or query is refused as a field error, and nothing is written', async () => {
    const { browser, clientId } = await family();
    const before = (await browser.get<{ client: Record<string, unknown> }>('/api/customer/get-details')).body.client;

    const details = await browser.post('/api/customer/update-details', { ...before, FirstName: `Dana${NUL}` });
    expect(details.status).toBe(400);
    expect(details.body).toMatchObject({ code: 'VALIDATION', errors: [{ field: 'FirstName', message: CONTROL_MESSAGE }] });
    const stored = await db().selectFrom('clients').select('first_name').where('id', '=', clientId).executeTakeFirstOrThrow();
    expect(stored.first_name).toBe(before.FirstName);

    const student = await browser.post('/api/student/add', { FirstName: 'Zoe', LastName: `Ben${NUL}nett`, DOB: '2019-01-01' });
    expect(student.status).toBe(400);
    expect(student.body).toMatchObject({ code: 'VALIDATION', errors: [{ field: 'LastName' }] });
    expect(await db().selectFrom('students').select('id').where('client_id', '=', clientId).execute()).toEqual([]);

    // A vertical tab as well; a line break in a text is fine (asserted elsewhere by the forms that take one).
    const quote = await browser.post('/api/payment/quote', { discountCodes: [{ discountCode: `SAVE\u000b10` }] });
    expect(quote.status).toBe(400);
    expect(quote.body).toMatchObject({ code: 'VALIDATION', errors: [{ field: 'discountCodes.0.discountCode' }] });

    for (const url of [
      `/api/financials/invoices?search=INV${encodeURIComponent(NUL)}`,
      `/api/financials/invoices/INV-1${encodeURIComponent(NUL)}`,
      `/api/financials/receipts/R${encodeURIComponent(NUL)}1/pdf`,
    ]) {
      const res = await browser.get(url);
      expect(res.status, url).toBe(400);
      expect(res.body, url).toMatchObject({ code: 'VALIDATION', errors: [{ message: CONTROL_MESSAGE }] });
    }
  });

  it('half of a UTF-16 pair, a right-to-left override or DEL is refused too; an emoji family and a pasted right-to-left name are kept', async () => {
    const { browser, clientId } = await family();
    for (const name of ['Zo\ud800', 'Bob\u202e', 'Eve\u007f']) {
      const res = await browser.post('/api/student/add', { FirstName: name, LastName: 'Lee', DOB: '2019-01-01' });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION', errors: [{ field: 'FirstName', message: CONTROL_MESSAGE }] });
    }
    expect(await db().selectFrom('students').select('id').where('client_id', '=', clientId).execute()).toEqual([]);
    const kept = await browser.post('/api/student/add', { FirstName: 'Zoë 👨‍👩‍👧', LastName: 'Lee', DOB: '2019-01-01', GenderType: 'Female' });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    // A name pasted from a phone in a right-to-left language comes wrapped in an isolate.
    expect((await browser.post('/api/student/add', { FirstName: '\u2068נועה\u2069', LastName: 'Lee', DOB: '2019-01-01', GenderType: 'Female' })).status).toBe(200);
    const stored = await db().selectFrom('students').select('first_name').where('client_id', '=', clientId).orderBy('id').execute();
    expect(stored.map((s) => s.first_name)).toEqual(['Zoë 👨‍👩‍👧', '\u2068נועה\u2069']);
  });

  it('a guest’s name with a NUL on the public booking page is refused before anything else', async () => {
    const guest = new Browser(app.t.server);
    await guest.enterCompany('SPLASH');
    const res = await guest.post('/api/ob/book', { guest: { FirstName: `Al${NUL}`, LastName: 'X', Email: 'a@example.com', Mobile: '0400000000' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION', errors: [{ field: 'guest.FirstName', message: CONTROL_MESSAGE }] });
  });

  it('twenty identical signatures of one agreement sent at once are recorded once', async () => {
    const { browser, clientId } = await registerCustomer(app.t, { email: `sign.${randomBytes(4).toString('hex')}@example.com`, company: 'SPLASH', acceptAgreements: false });
    const agreements = await browser.get<{ agreements: { AgreementID: number; RequiresSignature: boolean }[] }>('/api/customer/get-active-agreements');
    const signed = agreements.body.agreements.find((a) => a.RequiresSignature)!;
    const signature = await testSignature();
    const answers = await Promise.all(Array.from({ length: 20 }, () => browser.post('/api/customer/agree-to-agreement', { agreement_id: signed.AgreementID, signature })));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 200));
    const rows = await db()
      .selectFrom('agreement_signatures')
      .select('id')
      .where('company_id', '=', app.companyId)
      .where('client_id', '=', clientId)
      .where('agreement_id', '=', signed.AgreementID)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('a credit listed twice is counted once in the quote', async () => {
    const { browser, clientId, invoiceNos } = await customerWithInvoices(app.t, [5_000]);
    const credit = await newCredit(app.t, app.companyId, clientId, 1_500);
    const once = await browser.post<{ totals: { customerCreditsCents: number; paymentAmountCents: number } }>('/api/payment/quote', { invoices: invoiceNos, creditIds: [credit] });
    const twice = await browser.post<{ totals: { customerCreditsCents: number; paymentAmountCents: number } }>('/api/payment/quote', { invoices: invoiceNos, creditIds: [credit, credit] });
    expect(once.body.totals.customerCreditsCents).toBe(1_500);
    expect(twice.status).toBe(200);
    expect(twice.body.totals).toEqual(once.body.totals);
  });

  it('the calendar feed’s address is built from the configured origin, never from the request’s Host', async () => {
    const { browser } = await family();
    const env = app.t.runtime.ctx.env as { PUBLIC_URL?: string | undefined; PORT: number };
    const configured = env.PUBLIC_URL;
    // Unset, as on a machine that forgot it: the portal's own address, not whatever the request claims.
    env.PUBLIC_URL = undefined;
    try {
      const made = await browser.post<{ url: string }>('/api/classes/calendar-feed', {}, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
      expect(made.status).toBe(200);
      expect(new URL(made.body.url).host).toBe(`localhost:${env.PORT}`);
    } finally {
      env.PUBLIC_URL = configured;
    }
  });
});
