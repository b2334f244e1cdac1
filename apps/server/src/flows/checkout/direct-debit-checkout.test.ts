import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeCompanySettings, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { classesWithSessionsAhead, companyIdOf, countCharges, customerWithInvoices, idempotencyKey as key } from '../../test/payment-fixtures.ts';
import { nowIso } from '../../lib/time.ts';

interface Payment {
  status: string;
  amountCents: number;
  processor: string;
  invoiceNos: string[];
  receiptNo: string | null;
}

/** Where the payment type allows direct debit, a customer with bank details on file pays the checkout by it: no card charge, the invoice Debit Scheduled (decision 034). */
describe.each(testEngines())('checkout by direct debit on %s', (engine) => {
  let t: TestApp;
  let splash: number;
  let classId: number;

  beforeAll(async () => {
    t = await startTestApp(engine);
    splash = await companyIdOf(t, 'SPLASH');
    [classId] = (await classesWithSessionsAhead(t, splash)) as [number];
    await t.runtime.ctx.db.updateTable('classes').set({ capacity: 50, price_cents: 2_000 }).where('company_id', '=', splash).where('id', '=', classId).execute();
  });
  afterAll(() => t.close());

  async function customerWithSwimmer() {
    const who = await customerWithInvoices(t, []);
    const student = await t.runtime.ctx.db
      .insertInto('students')
      .values({ company_id: splash, client_id: who.clientId, first_name: 'Kid', last_name: 'Swimmer', dob: '2018-01-01', gender: 'Female', standard: '', profile_picture: null, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ...who, cart: { classItems: [{ ClassID: classId, StudentID: student.id, dates: [] }], paymentMethod: 'direct_debit' } };
  }
  const saveBank = (who: Awaited<ReturnType<typeof customerWithSwimmer>>) =>
    who.browser.post('/api/customer/update-bank-details', { AccountName: 'Tess Ng', BankCode: '062-000', AccountNumber: '12345678' });

  it('a customer with bank details on file pays a class by direct debit: enrolled, invoice Debit Scheduled for the whole amount, nothing charged', async () => {
    const who = await customerWithSwimmer();
    expect((await saveBank(who)).status).toBe(200);
    const quote = await who.browser.post<{ totals: { paymentAmountCents: number; surchargeCents: number } }>('/api/payment/quote', who.cart);
    expect(quote.body.totals.surchargeCents).toBe(0);
    const before = await countCharges(t, splash);
    const paid = await who.browser.post<Payment>('/api/payment/checkout', who.cart, { 'idempotency-key': key() });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'completed', processor: 'direct_debit', amountCents: quote.body.totals.paymentAmountCents, receiptNo: null });
    expect(await countCharges(t, splash)).toBe(before);
    const invoice = await t.runtime.ctx.db
      .selectFrom('invoices')
      .select(['status', 'total_cents', 'balance_due_cents'])
      .where('company_id', '=', splash)
      .where('invoice_no', '=', paid.body.invoiceNos[0]!)
      .executeTakeFirstOrThrow();
    expect(invoice).toEqual({ status: 'Debit Scheduled', total_cents: quote.body.totals.paymentAmountCents, balance_due_cents: quote.body.totals.paymentAmountCents });
    const enrolled = await t.runtime.ctx.db
      .selectFrom('enrolments')
      .select('status')
      .where('company_id', '=', splash)
      .where('class_id', '=', classId)
      .where('student_id', '=', who.cart.classItems[0]!.StudentID)
      .execute();
    expect(enrolled.map((e) => e.status)).toEqual(['active']);
    expect(await t.runtime.ctx.db.selectFrom('receipts').select('id').where('company_id', '=', splash).where('client_id', '=', who.clientId).execute()).toEqual([]);
  });

  it('without bank details on file it is refused (422) and nothing is written', async () => {
    const who = await customerWithSwimmer();
    const res = await who.browser.post<{ code: string }>('/api/payment/checkout', who.cart, { 'idempotency-key': key() });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('NO_BANK_DETAILS');
    expect(await t.runtime.ctx.db.selectFrom('invoices').select('id').where('company_id', '=', splash).where('client_id', '=', who.clientId).execute()).toEqual([]);
  });

  it('an invoice in the cart is not paid by direct debit (422)', async () => {
    const who = await customerWithInvoices(t, [1_000]);
    await who.browser.post('/api/customer/update-bank-details', { AccountName: 'Tess Ng', BankCode: '062-000', AccountNumber: '12345678' });
    const res = await who.browser.post('/api/payment/checkout', { invoices: who.invoiceNos, paymentMethod: 'direct_debit' }, { 'idempotency-key': key() });
    expect(res.status).toBe(422);
  });

  it('a company whose payment type is cards only refuses direct debit (403)', async () => {
    // This database's Ace takes cards only, for this test.
    const aceId = await companyIdOf(t, 'ACE');
    let before: unknown;
    await changeCompanySettings<{ fin_setup: Record<string, unknown> }>(t, aceId, (s) => {
      before = s.fin_setup.PaymentType;
      s.fin_setup.PaymentType = 'CreditCardPayments';
    });
    try {
      const ace = await customerWithInvoices(t, [], { company: 'ACE' });
      const res = await ace.browser.post('/api/payment/checkout', { bookingItems: [], paymentMethod: 'direct_debit' }, { 'idempotency-key': key() });
      expect(res.status).toBe(403);
    } finally {
      await changeCompanySettings<{ fin_setup: Record<string, unknown> }>(t, aceId, (s) => {
        s.fin_setup.PaymentType = before;
      });
    }
  });
});
