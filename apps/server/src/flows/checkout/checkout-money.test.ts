import { describe, expect, it } from 'vitest';
import { testEngines } from '../../test/api-harness.ts';
import { companyApp, customerWithInvoices, idempotencyKey as key, newCredit as creditOf, newDiscountCode, tokenise } from '../../test/payment-fixtures.ts';

interface Payment {
  status: string;
  amountCents: number;
  reference: string | null;
  receiptNo: string | null;
  items: { description: string; amountCents: number }[];
}

/** What an existing invoice paid with a discount or a credit records: the charge, the discount and the credit, each as what it is. */
describe.each(testEngines())('checkout money on %s', (engine) => {
  const app = companyApp(engine);

  const { db } = app;
  const customerWithInvoice = (cents: number) => customerWithInvoices(app.t, [cents], { prefix: 'M' });
  const newCode = (basisPoints: number) => newDiscountCode(app.t, app.companyId, basisPoints);
  const newCredit = (clientId: number, cents: number) => creditOf(app.t, app.companyId, clientId, cents);

  async function receiptsOf(clientId: number) {
    const receipts = await db()
      .selectFrom('receipts')
      .select(['id', 'receipt_no', 'amount_cents', 'method', 'reference'])
      .where('company_id', '=', app.companyId)
      .where('client_id', '=', clientId)
      .orderBy('id')
      .execute();
    const allocations = await db()
      .selectFrom('receipt_allocations')
      .select(['receipt_id', 'invoice_id', 'amount_cents'])
      .where('company_id', '=', app.companyId)
      .where('receipt_id', 'in', receipts.length ? receipts.map((r) => r.id) : [-1])
      .execute();
    return receipts.map((r) => ({ ...r, allocated: allocations.filter((a) => a.receipt_id === r.id).reduce((s, a) => s + a.amount_cents, 0) }));
  }

  async function invoiceOf(invoiceNo: string) {
    const inv = await db()
      .selectFrom('invoices')
      .select(['id', 'status', 'total_cents', 'balance_due_cents'])
      .where('company_id', '=', app.companyId)
      .where('invoice_no', '=', invoiceNo)
      .executeTakeFirstOrThrow();
    const lines = await db().selectFrom('invoice_lines').select(['line_type', 'total_cents']).where('company_id', '=', app.companyId).where('invoice_id', '=', inv.id).execute();
    const allocated = await db().selectFrom('receipt_allocations').select('amount_cents').where('company_id', '=', app.companyId).where('invoice_id', '=', inv.id).execute();
    return { ...inv, lines, allocatedCents: allocated.reduce((s, a) => s + a.amount_cents, 0) };
  }

  const chargeOf = (reference: string | null) =>
    db()
      .selectFrom('gateway_charges')
      .select('amount_cents')
      .where('company_id', '=', app.companyId)
      .where('charge_id', '=', reference ?? '')
      .executeTakeFirstOrThrow();

  it('an invoice paid with a discount code and a credit: the card receipt is what the card was charged, the credit its own receipt, the discount a line of the invoice', async () => {
    const { browser, clientId, invoiceNo } = await customerWithInvoice(10_000);
    const code = await newCode(1000);
    const creditId = await newCredit(clientId, 2_000);
    const cart = { invoices: [invoiceNo], discountCodes: [{ invoiceNo, discountCode: code }], creditIds: [creditId] };
    const paid = await browser.post<Payment>('/api/payment/checkout', { ...cart, cardToken: await tokenise(browser) }, { 'idempotency-key': key() });
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('completed');
    const charged = (await chargeOf(paid.body.reference)).amount_cents;
    expect(charged).toBe(paid.body.amountCents);

    const receipts = await receiptsOf(clientId);
    const card = receipts.find((r) => r.method === 'Credit Card');
    const credit = receipts.find((r) => r.method === 'Customer Credit');
    expect(card).toMatchObject({ receipt_no: paid.body.receiptNo, amount_cents: charged, allocated: charged, reference: 'Visa •••• 4242' });
    expect(credit).toMatchObject({ amount_cents: 2_000, allocated: 2_000 });
    expect(receipts).toHaveLength(2);

    const inv = await invoiceOf(invoiceNo);
    expect(inv.lines).toContainEqual({ line_type: 'Discount Code', total_cents: -1_000 });
    // The invoice now owes its balance less the discount (plus any card surcharge), and every cent of that is allocated.
    expect(inv.total_cents).toBe(10_000 + inv.lines.reduce((s, l) => s + l.total_cents, 0));
    expect(inv).toMatchObject({ status: 'Paid', balance_due_cents: 0, allocatedCents: inv.total_cents });
    expect(charged + 2_000).toBe(inv.total_cents);
    // What the success page lists adds up to what was paid: the credit is a line of it.
    expect(paid.body.items.at(-1)).toEqual({ description: 'Credit used', amountCents: -2_000 });
    expect(paid.body.items.reduce((sum, i) => sum + i.amountCents, 0)).toBe(charged);
  });

  it('an invoice paid by a credit alone: one Customer Credit receipt, nothing charged', async () => {
    const { browser, clientId, invoiceNo } = await customerWithInvoice(1_500);
    const creditId = await newCredit(clientId, 5_000);
    const paid = await browser.post<Payment>('/api/payment/checkout', { invoices: [invoiceNo], creditIds: [creditId] }, { 'idempotency-key': key() });
    expect(paid.status).toBe(200);
    expect(paid.body.amountCents).toBe(0);
    const receipts = await receiptsOf(clientId);
    expect(receipts).toEqual([expect.objectContaining({ receipt_no: paid.body.receiptNo, method: 'Customer Credit', amount_cents: 1_500, allocated: 1_500 })]);
    expect(await invoiceOf(invoiceNo)).toMatchObject({ status: 'Paid', balance_due_cents: 0, total_cents: 1_500, allocatedCents: 1_500 });
  });

  it('an invoice paid with a discount code and no credit: the receipt is the charge, never the whole former balance', async () => {
    const { browser, clientId, invoiceNo } = await customerWithInvoice(8_000);
    const code = await newCode(2500);
    const paid = await browser.post<Payment>(
      '/api/payment/checkout',
      { invoices: [invoiceNo], discountCodes: [{ invoiceNo, discountCode: code }], cardToken: await tokenise(browser) },
      { 'idempotency-key': key() },
    );
    expect(paid.status).toBe(200);
    const charged = (await chargeOf(paid.body.reference)).amount_cents;
    const receipts = await receiptsOf(clientId);
    expect(receipts).toEqual([expect.objectContaining({ method: 'Credit Card', amount_cents: charged, allocated: charged })]);
    const inv = await invoiceOf(invoiceNo);
    expect(inv.lines).toContainEqual({ line_type: 'Discount Code', total_cents: -2_000 });
    expect(inv).toMatchObject({ status: 'Paid', balance_due_cents: 0, total_cents: charged, allocatedCents: charged });
  });

  it('an invoice with GST inside, paid with a 10 % code: the discount takes off its share of the GST, and the invoice says so', async () => {
    // $22.50 with GST $2.05 inside; 10 % off leaves $20.25, whose GST is $1.85 by the invoice's own share, not $2.05.
    const { browser, invoiceNo } = await customerWithInvoice(2_250);
    await db().updateTable('invoices').set({ tax_cents: 205 }).where('company_id', '=', app.companyId).where('invoice_no', '=', invoiceNo).execute();
    const code = await newCode(1000);
    const cart = { invoices: [invoiceNo], discountCodes: [{ invoiceNo, discountCode: code }] };
    const quote = await browser.post<{ totals: { totalCents: number; totalTaxCents: number } }>('/api/payment/quote', cart);
    expect(quote.body.totals).toMatchObject({ totalCents: 2_025, totalTaxCents: 185 });
    const paid = await browser.post<Payment>('/api/payment/checkout', { ...cart, cardToken: await tokenise(browser) }, { 'idempotency-key': key() });
    expect(paid.status).toBe(200);
    const inv = await db()
      .selectFrom('invoices')
      .select(['total_cents', 'tax_cents', 'balance_due_cents'])
      .where('company_id', '=', app.companyId)
      .where('invoice_no', '=', invoiceNo)
      .executeTakeFirstOrThrow();
    expect(inv).toEqual({ total_cents: 2_025, tax_cents: 185, balance_due_cents: 0 });
    const lines = await db()
      .selectFrom('invoice_lines as l')
      .innerJoin('invoices as i', 'i.id', 'l.invoice_id')
      .select(['l.line_type', 'l.amount_cents', 'l.tax_cents', 'l.total_cents'])
      .where('i.company_id', '=', app.companyId)
      .where('i.invoice_no', '=', invoiceNo)
      .execute();
    expect(lines).toContainEqual({ line_type: 'Discount Code', amount_cents: -225, tax_cents: -20, total_cents: -225 });
  });
});
