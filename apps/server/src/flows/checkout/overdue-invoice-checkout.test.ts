import { describe, expect, it } from 'vitest';
import { testEngines } from '../../test/api-harness.ts';
import { companyApp, countCharges, customerWithInvoices, idempotencyKey as key, invoiceState, TEST_CARDS, tokenise } from '../../test/payment-fixtures.ts';

/** "You owe" pays every open invoice: Overdue ones are paid online like Unpaid ones (decision 072). */
describe.each(testEngines())('paying overdue invoices online on %s', (engine) => {
  const app = companyApp(engine);

  const receipts = async (clientId: number) =>
    Number(
      (
        await app.t.runtime.ctx.db
          .selectFrom('receipts')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('client_id', '=', clientId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('an Overdue invoice is quoted and paid with an Unpaid one in one checkout: both Paid, one charge', async () => {
    const family = await customerWithInvoices(app.t, [2_500], { status: 'Overdue' });
    const unpaid = await customerWithInvoices(app.t, [1_500]);
    // Give the same family an Unpaid invoice too.
    await app.t.runtime.ctx.db.updateTable('invoices').set({ client_id: family.clientId }).where('invoice_no', '=', unpaid.invoiceNo).execute();
    const invoices = [family.invoiceNo, unpaid.invoiceNo];
    const quote = await family.browser.post<{ totals: { paymentAmountCents: number } }>('/api/payment/quote', { invoices });
    expect(quote.status).toBe(200);
    expect(quote.body.totals.paymentAmountCents).toBe(4_000);
    const before = await countCharges(app.t, app.companyId);
    const paid = await family.browser.post<{ status: string; amountCents: number }>(
      '/api/payment/checkout',
      { invoices, cardToken: await tokenise(family.browser, TEST_CARDS.ok) },
      { 'idempotency-key': key() },
    );
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'completed', amountCents: 4_000 });
    expect(await countCharges(app.t, app.companyId)).toBe(before + 1);
    expect(await invoiceState(app.t, family.invoiceNo)).toEqual({ status: 'Paid', balance_due_cents: 0 });
    expect(await invoiceState(app.t, unpaid.invoiceNo)).toEqual({ status: 'Paid', balance_due_cents: 0 });
  });

  it('paying an Overdue invoice twice is refused the second time and charges nothing more', async () => {
    const family = await customerWithInvoices(app.t, [3_000], { status: 'Overdue' });
    const body = { invoices: family.invoiceNos };
    expect((await family.browser.post('/api/payment/checkout', { ...body, cardToken: await tokenise(family.browser) }, { 'idempotency-key': key() })).status).toBe(200);
    const charges = await countCharges(app.t, app.companyId);
    const receiptCount = await receipts(family.clientId);
    const again = await family.browser.post<{ code: string }>('/api/payment/checkout', { ...body, cardToken: await tokenise(family.browser) }, { 'idempotency-key': key() });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ALREADY_PAID');
    expect((await family.browser.post('/api/payment/quote', body)).status).toBe(409);
    expect(await countCharges(app.t, app.companyId)).toBe(charges);
    expect(await receipts(family.clientId)).toBe(receiptCount);
    expect(await invoiceState(app.t, family.invoiceNo)).toEqual({ status: 'Paid', balance_due_cents: 0 });
  });

  it("another family's Overdue invoice is unknown (404) and stays owed", async () => {
    const owner = await customerWithInvoices(app.t, [4_200], { status: 'Overdue' });
    const stranger = await customerWithInvoices(app.t, []);
    const charges = await countCharges(app.t, app.companyId);
    expect((await stranger.browser.post('/api/payment/quote', { invoices: owner.invoiceNos })).status).toBe(404);
    const res = await stranger.browser.post('/api/payment/checkout', { invoices: owner.invoiceNos, cardToken: await tokenise(stranger.browser) }, { 'idempotency-key': key() });
    expect(res.status).toBe(404);
    expect(await countCharges(app.t, app.companyId)).toBe(charges);
    expect(await invoiceState(app.t, owner.invoiceNo)).toEqual({ status: 'Overdue', balance_due_cents: 4_200 });
  });

  it('Scheduled and Debit Scheduled invoices are still not paid online (422), and nothing changes', async () => {
    for (const status of ['Scheduled', 'Debit Scheduled']) {
      const family = await customerWithInvoices(app.t, [1_000], { status });
      expect((await family.browser.post('/api/payment/quote', { invoices: family.invoiceNos })).status).toBe(422);
      const res = await family.browser.post('/api/payment/checkout', { invoices: family.invoiceNos, cardToken: await tokenise(family.browser) }, { 'idempotency-key': key() });
      expect(res.status).toBe(422);
      expect(await invoiceState(app.t, family.invoiceNo)).toEqual({ status, balance_due_cents: 1_000 });
    }
  });
});
