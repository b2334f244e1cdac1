import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECT_DEBIT_NOT_SET_UP } from '../../modules/payments/payments.api.ts';
import { Browser, changeCompanySettings, mailedCode, ownCompany, testEngines, testSignature } from '../../test/api-harness.ts';
import { startGoCardlessTestApp } from '../../test/gocardless-fixtures.ts';
import { classesWithSessionsAhead, companyIdOf, customerWithInvoices } from '../../test/payment-fixtures.ts';
import { directDebitJobs } from './direct-debit.jobs.ts';

interface Details {
  bank: { AccountName: string; BankCode: string; AccountNumber: string; BankName?: string; MandateStatus?: string } | null;
  bankSetup?: { via: string; message: string | null };
}

const BANK = { accountHolderName: 'Tess Ng', branchCode: '20-00-00', accountNumber: '55779911' };

/** Issue 23, section 2 (decision 104): mandates on GoCardless's hosted pages, invoices collected, paid and failed. */
describe.each(testEngines())('direct debit through GoCardless on %s', (engine) => {
  let app: Awaited<ReturnType<typeof startGoCardlessTestApp>>;
  const logs: string[] = [];
  const collectDue = (now = new Date()) => directDebitJobs[0]!.run(app.t.runtime.ctx, now);

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        logs.push(chunk.toString());
        done();
      },
    });
    app = await startGoCardlessTestApp(engine, { logStream });
  }, 60_000);
  afterAll(() => app?.close());

  /** A company of the test's own on GoCardless, and a family of it with invoices (`status`, due `dueDate`). */
  async function family(cents: number[] = [], more: (s: Record<string, Record<string, unknown>>) => void = () => {}) {
    const company = await ownCompany(app.t);
    await app.connect(company.code, company.companyId, (s) => {
      s.switches!.CanTakeNewSignUps = true;
      more(s);
    });
    const who = await customerWithInvoices(app.t, cents, { company: company.code, status: 'Debit Scheduled' });
    return { ...company, ...who };
  }

  /** The family goes through GoCardless's hosted pages (as its browser would) and comes back to Billing. */
  async function setUpMandate(who: Awaited<ReturnType<typeof family>>, options: { back?: boolean } = {}) {
    const started = await who.browser.post<{ authorisationUrl: string }>('/api/customer/direct-debit/start', { returnOrigin: 'http://portal.test' });
    expect(started.status).toBe(200);
    const flowId = new URL(started.body.authorisationUrl).pathname.split('/').pop()!;
    const mandateId = await app.fake.completeFlow(flowId, BANK);
    const back = options.back === false ? null : await who.browser.post<Details>('/api/customer/direct-debit/finish', {});
    return { mandateId, back, authorisationUrl: started.body.authorisationUrl };
  }

  const db = () => app.t.runtime.ctx.db;
  const invoice = (companyId: number, no: string) =>
    db().selectFrom('invoices').select(['status', 'balance_due_cents', 'payment_date']).where('company_id', '=', companyId).where('invoice_no', '=', no).executeTakeFirstOrThrow();
  const receipts = (companyId: number, clientId: number) =>
    db().selectFrom('receipts').select(['method', 'reference', 'amount_cents']).where('company_id', '=', companyId).where('client_id', '=', clientId).execute();
  const notes = (companyId: number, clientId: number) =>
    db()
      .selectFrom('notification_contacts as cn')
      .innerJoin('notifications as n', 'n.id', 'cn.notification_id')
      .select(['n.title', 'n.content'])
      .where('cn.company_id', '=', companyId)
      .where('cn.client_id', '=', clientId)
      .orderBy('n.id')
      .execute();
  const dueToday = (companyId: number, no: string, date = '2020-01-01') =>
    db().updateTable('invoices').set({ payment_date: date }).where('company_id', '=', companyId).where('invoice_no', '=', no).execute();

  it('a mandate set up on the hosted pages becomes the bank details: the bank and last digits only, pending until the bank takes it', async () => {
    const who = await family();
    const before = await who.browser.get<Details>('/api/customer/get-payment-details');
    expect(before.body.bankSetup).toEqual({ via: 'gocardless', message: null });
    // The portal's own bank form is not used: GoCardless keeps the account.
    const form = await who.browser.post('/api/customer/update-bank-details', { AccountName: 'Tess Ng', BankCode: '20-00-00', AccountNumber: '55779911' });
    expect(form.status).toBe(422);
    expect(form.body.message).toBe('Direct Debit is set up with GoCardless: use Set up Direct Debit in Billing.');

    const { mandateId, back, authorisationUrl } = await setUpMandate(who);
    expect(authorisationUrl.startsWith(app.fake.url)).toBe(true);
    expect(back!.status).toBe(200);
    expect(back!.body.bank).toEqual({ AccountName: 'Tess Ng', BankCode: '', AccountNumber: '••••••11', BankName: 'BARCLAYS BANK PLC', MandateStatus: 'pending' });
    const row = await db().selectFrom('payment_methods').selectAll().where('client_id', '=', who.clientId).executeTakeFirstOrThrow();
    expect(row.gateway_token).toBe(mandateId);
    expect(JSON.stringify(row)).not.toContain('55779911');
    expect(JSON.stringify(row)).not.toContain('200000');

    await app.fake.moveMandate(mandateId, 'active');
    expect((await who.browser.get<Details>('/api/customer/get-payment-details')).body.bank?.MandateStatus).toBe('active');
  });

  it('the webhook sets the mandate up when the browser never comes back; the return after it changes nothing', async () => {
    const who = await family();
    const { mandateId } = await setUpMandate(who, { back: false });
    await app.fake.webhooksSettled();
    const details = await who.browser.get<Details>('/api/customer/get-payment-details');
    expect(details.body.bank?.BankName).toBe('BARCLAYS BANK PLC');
    const again = await who.browser.post<Details>('/api/customer/direct-debit/finish', {});
    expect(again.body.bank).toEqual(details.body.bank);
    const logged = await db().selectFrom('activity_log').select('summary').where('client_id', '=', who.clientId).where('summary', 'like', 'Direct Debit set up%').execute();
    expect(logged).toHaveLength(1);
    expect((await db().selectFrom('direct_debit_mandates').select(['mandate_id', 'status']).where('client_id', '=', who.clientId).execute()).map((m) => m.mandate_id)).toEqual([mandateId]);
  });

  it('a second mandate replaces the first, which is cancelled at GoCardless; removing the details cancels the mandate', async () => {
    const who = await family();
    const first = await setUpMandate(who);
    const second = await setUpMandate(who);
    expect(app.fake.mandates().find((m) => m.id === first.mandateId)?.status).toBe('cancelled');
    expect((await who.browser.call('DELETE', '/api/customer/remove-payment-details')).status).toBe(200);
    expect(app.fake.mandates().find((m) => m.id === second.mandateId)?.status).toBe('cancelled');
  });

  it('a Debit Scheduled invoice due today is collected once; confirmed, a receipt pays it and the family is told; the event twice changes nothing', async () => {
    const who = await family([4_500, 3_000]);
    const [due, later] = who.invoiceNos as [string, string];
    await dueToday(who.companyId, due);
    const { mandateId } = await setUpMandate(who);
    await collectDue();
    await collectDue();
    const payments = app.fake.payments().filter((p) => p.links?.mandate === mandateId);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ amount: 4_500, currency: 'GBP', status: 'pending_submission' });
    // Not due yet: not collected.
    expect((await invoice(who.companyId, later)).status).toBe('Debit Scheduled');

    await app.fake.movePayment(payments[0]!.id!, 'confirmed');
    expect(await invoice(who.companyId, due)).toMatchObject({ status: 'Paid', balance_due_cents: 0 });
    expect(await receipts(who.companyId, who.clientId)).toEqual([{ method: 'Direct Debit', reference: payments[0]!.id, amount_cents: 4_500 }]);
    const told = await notes(who.companyId, who.clientId);
    expect(told.at(-1)).toMatchObject({ title: 'Payment received' });
    expect(told.at(-1)?.content).toMatch(new RegExp(`^Thank you: £45\\.00 for invoice ${due} was collected by Direct Debit\\. Receipt \\S+\\.$`));
    expect((await app.t.lastMailTo(who.email))?.subject).toMatch(/^Receipt \S+ from /);

    const confirmed = app.fake.events().filter((e) => e.links?.payment === payments[0]!.id && e.action === 'confirmed');
    const twice = await app.fake.deliver(confirmed[0]!.id!);
    expect(twice.status).toBe(200);
    await app.fake.movePayment(payments[0]!.id!, 'paid_out');
    expect(await receipts(who.companyId, who.clientId)).toHaveLength(1);
  });

  it('the day GoCardless takes the money is on the family’s open invoices once it is set; none before it is asked', async () => {
    const who = await family([4_500, 3_000]);
    const [due, later] = who.invoiceNos as [string, string];
    await dueToday(who.companyId, due);
    const { mandateId } = await setUpMandate(who);
    await collectDue();
    const payment = app.fake.payments().find((p) => p.links?.mandate === mandateId)!;
    expect(payment.charge_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    type Home = { invoices: { InvoiceNo: string; DebitDate: string | null }[] };
    type Listed = { invoices: { invoiceNumber: string; debitDate: string | null }[] };
    const home = await who.browser.get<Home>('/api/home/get-outstanding-invoices?page=1&limit=10');
    expect(home.body.invoices.map((i) => [i.InvoiceNo, i.DebitDate])).toEqual(
      expect.arrayContaining([
        [due, payment.charge_date],
        [later, null],
      ]),
    );
    const listed = await who.browser.get<Listed>('/api/financials/invoices?page=1&limit=10');
    expect(listed.body.invoices.map((i) => [i.invoiceNumber, i.debitDate])).toEqual(
      expect.arrayContaining([
        [due, payment.charge_date],
        [later, null],
      ]),
    );
    // Collected: paid, and no longer a debit to come.
    await app.fake.movePayment(payment.id!, 'confirmed');
    expect((await who.browser.get<Listed>('/api/financials/invoices?page=1&limit=10')).body.invoices.find((i) => i.invoiceNumber === due)?.debitDate).toBeNull();
  });

  it('a failed collection opens the invoice again and the family is told with a link to pay it; no receipt', async () => {
    const who = await family([2_000]);
    const [no] = who.invoiceNos as [string];
    await dueToday(who.companyId, no);
    await setUpMandate(who);
    await collectDue();
    const [payment] = app.fake.payments().filter((p) => p.metadata?.invoice === no);
    await app.fake.movePayment(payment!.id!, 'failed', 'insufficient_funds');
    expect((await invoice(who.companyId, no)).status).toBe('Overdue');
    expect(await receipts(who.companyId, who.clientId)).toEqual([]);
    expect((await notes(who.companyId, who.clientId)).at(-1)).toEqual({
      title: 'Direct Debit failed',
      content: `We could not collect £20.00 for invoice ${no} by Direct Debit: there were not enough funds in the account. Please pay the invoice online.`,
    });
    const mail = await app.t.lastMailTo(who.email);
    expect(mail?.subject).toBe(`Direct Debit failed: invoice ${no}`);
    expect(mail?.text).toContain(`Pay the invoice: http://portal.test/hub/financials/${no}`);
    // Open again, it is the family's to pay: the next run does not collect it.
    await collectDue();
    expect(app.fake.payments().filter((p) => p.metadata?.invoice === no)).toHaveLength(1);
  });

  it('where the company allows a retry, a failed collection is asked again at GoCardless; failing again opens the invoice', async () => {
    const who = await family([2_500], (s) => {
      s.fin_setup!.DirectDebitRetries = 1;
    });
    const [no] = who.invoiceNos as [string];
    await dueToday(who.companyId, no);
    await setUpMandate(who);
    await collectDue();
    const [payment] = app.fake.payments().filter((p) => p.metadata?.invoice === no);
    await app.fake.movePayment(payment!.id!, 'failed');
    expect(app.fake.payments().find((p) => p.id === payment!.id)?.status).toBe('pending_submission');
    expect((await invoice(who.companyId, no)).status).toBe('Debit Scheduled');
    expect((await notes(who.companyId, who.clientId)).at(-1)?.content).toMatch(
      new RegExp(`^We could not collect £25\\.00 for invoice ${no} by Direct Debit: there were not enough funds in the account\\. We will try again on \\d{2}\\/\\d{2}\\/\\d{4}\\.$`),
    );
    await app.fake.movePayment(payment!.id!, 'failed');
    expect((await invoice(who.companyId, no)).status).toBe('Overdue');
    expect(app.fake.payments().filter((p) => p.metadata?.invoice === no)).toHaveLength(1);
  });

  it('a lost answer is asked again under the same key, and two runs at once ask once: one payment at GoCardless', async () => {
    const who = await family([1_000, 1_200]);
    const [lost, racing] = who.invoiceNos as [string, string];
    await dueToday(who.companyId, lost);
    await setUpMandate(who);
    app.fake.dropNextAnswer('POST /payments');
    await collectDue();
    const asked = await db().selectFrom('direct_debit_collections').select(['status', 'payment_id']).where('client_id', '=', who.clientId).execute();
    expect(asked).toEqual([{ status: 'asked', payment_id: null }]);
    await collectDue(new Date(Date.now() + 120_000));
    const made = app.fake.payments().filter((p) => p.metadata?.invoice === lost);
    expect(made).toHaveLength(1);
    expect(await db().selectFrom('direct_debit_collections').select(['status', 'payment_id']).where('client_id', '=', who.clientId).execute()).toEqual([
      { status: 'pending_submission', payment_id: made[0]!.id },
    ]);

    await dueToday(who.companyId, racing);
    await Promise.all([collectDue(), collectDue()]);
    expect(app.fake.payments().filter((p) => p.metadata?.invoice === racing)).toHaveLength(1);
  });

  it('charged back after it was collected: the receipt stands, the collection says so, the family is not asked to pay again', async () => {
    const who = await family([1_500]);
    const [no] = who.invoiceNos as [string];
    await dueToday(who.companyId, no);
    await setUpMandate(who);
    await collectDue();
    const [payment] = app.fake.payments().filter((p) => p.metadata?.invoice === no);
    await app.fake.movePayment(payment!.id!, 'paid_out');
    await app.fake.movePayment(payment!.id!, 'charged_back');
    expect(await invoice(who.companyId, no)).toMatchObject({ status: 'Paid', balance_due_cents: 0 });
    expect(await receipts(who.companyId, who.clientId)).toHaveLength(1);
    expect(await db().selectFrom('direct_debit_collections').select('status').where('client_id', '=', who.clientId).executeTakeFirstOrThrow()).toEqual({ status: 'charged_back' });
    expect((await notes(who.companyId, who.clientId)).map((n) => n.title)).not.toContain('Direct Debit failed');
  });

  it('collected after the invoice was paid another way: what it no longer owes becomes the family’s credit', async () => {
    const who = await family([2_200]);
    const [no] = who.invoiceNos as [string];
    await dueToday(who.companyId, no);
    await setUpMandate(who);
    await collectDue();
    const [payment] = app.fake.payments().filter((p) => p.metadata?.invoice === no);
    // Paid at the front desk while the debit was on its way.
    await db().updateTable('invoices').set({ balance_due_cents: 0, status: 'Paid' }).where('company_id', '=', who.companyId).where('invoice_no', '=', no).execute();
    await app.fake.movePayment(payment!.id!, 'confirmed');
    expect(await receipts(who.companyId, who.clientId)).toEqual([]);
    const credits = await db().selectFrom('customer_credits').select(['amount_cents', 'remaining_cents']).where('client_id', '=', who.clientId).execute();
    expect(credits).toEqual([{ amount_cents: 2_200, remaining_cents: 2_200 }]);
    expect((await notes(who.companyId, who.clientId)).at(-1)?.title).toBe('Credit added');
  });

  it('Direct Debit removed in Billing: the invoices it was to collect are opened on their date and the family is told', async () => {
    const who = await family([1_800]);
    const [no] = who.invoiceNos as [string];
    await setUpMandate(who);
    expect((await who.browser.call('DELETE', '/api/customer/remove-payment-details')).status).toBe(200);
    await dueToday(who.companyId, no);
    await collectDue();
    expect(app.fake.payments().filter((p) => p.metadata?.invoice === no)).toEqual([]);
    expect((await invoice(who.companyId, no)).status).toBe('Overdue');
    expect((await notes(who.companyId, who.clientId)).at(-1)).toEqual({
      title: 'Direct Debit not set up',
      content: `Invoice ${no} (£18.00) was to be collected by Direct Debit today, but no Direct Debit is set up to collect it. Please pay it online, or set up Direct Debit again in Billing.`,
    });
  });

  it('keys GoCardless no longer takes stop the run without opening anything; the next run with good keys collects', async () => {
    const who = await family([1_100]);
    const [no] = who.invoiceNos as [string];
    await dueToday(who.companyId, no);
    await setUpMandate(who);
    const { setGatewayKeys } = await import('../../modules/payments/payments.api.ts');
    expect((await setGatewayKeys(app.t.runtime.ctx, who.code, { provider: 'gocardless', secretKey: 'sandbox_revokedrevokedrevoked0000', webhookSecret: app.webhookSecret })).ok).toBe(true);
    await collectDue();
    expect((await invoice(who.companyId, no)).status).toBe('Debit Scheduled');
    expect(await db().selectFrom('direct_debit_collections').select('status').where('client_id', '=', who.clientId).execute()).toEqual([{ status: 'asked' }]);
    await app.connect(who.code, who.companyId);
    await collectDue(new Date(Date.now() + 120_000));
    expect(app.fake.payments().filter((p) => p.metadata?.invoice === no)).toHaveLength(1);
  });

  it('a mandate cancelled at the bank leaves the bank details and opens the invoices it would have collected', async () => {
    const who = await family([3_300]);
    const [no] = who.invoiceNos as [string];
    const { mandateId } = await setUpMandate(who);
    await app.fake.moveMandate(mandateId, 'cancelled', 'bank_account_closed');
    expect((await who.browser.get<Details>('/api/customer/get-payment-details')).body.bank).toBeNull();
    expect((await invoice(who.companyId, no)).status).toBe('Unpaid');
    expect((await notes(who.companyId, who.clientId)).at(-1)).toEqual({
      title: 'Direct Debit ended',
      content: `Your Direct Debit has been cancelled, so we can no longer collect payments from your bank account. Invoice ${no} is no longer collected by Direct Debit: please pay it online or set up Direct Debit again.`,
    });
  });

  it('registration by direct debit: no bank details asked; once registered and signed in, the family sets its mandate up and the invoice is collected', async () => {
    const splash = await companyIdOf(app.t, 'SPLASH');
    await app.connect('SPLASH', splash);
    const [classId] = (await classesWithSessionsAhead(app.t, splash)) as [number];
    await db().updateTable('classes').set({ capacity: 50, price_cents: 2_000 }).where('company_id', '=', splash).where('id', '=', classId).execute();
    const b = new Browser(app.t.server);
    await b.enterCompany('SPLASH');
    const email = `dd.${crypto.randomBytes(4).toString('hex')}@example.com`;
    const sent = await b.post<{ token: string }>('/api/ocr/send-code', { email });
    expect((await b.post('/api/ocr/verify-code', { token: sent.body.token, code: await mailedCode(app.t, email), profile: 1 })).status).toBe(200);
    const quote = await b.post<{ paymentOptions: string[]; directDebitBy: string }>('/api/ocr/quote', { profile: 1, classes: [{ student: 0, ClassID: classId }], direct_debit_payment: true });
    expect(quote.body.paymentOptions).toContain('direct_debit');
    expect(quote.body.directDebitBy).toBe('gocardless');
    const registered = await b.post<{ payment: { status: string; processor: string; invoiceNos: string[] }; user: { ClientID: number } }>(
      '/api/ocr/register',
      {
        registration_token: sent.body.token,
        profile: 1,
        customer: { FirstName: 'Priya', LastName: 'Raman', PhoneMobile: '0412000222' },
        students: [{ FirstName: 'Anika', LastName: 'Raman', DOB: '2017-03-04', GenderType: 'Female' }],
        agreements: [
          { agreementID: 1, agreed: true, signature: null },
          { agreementID: 2, agreed: true, signature: await testSignature() },
        ],
        marketing_opt_in: null,
        classes: [{ student: 0, ClassID: classId }],
        direct_debit_payment: true,
      },
      { 'idempotency-key': crypto.randomBytes(12).toString('hex') },
    );
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    expect(registered.body.payment).toMatchObject({ status: 'completed', processor: 'direct_debit' });
    const [no] = registered.body.payment.invoiceNos as [string];
    expect((await invoice(splash, no)).status).toBe('Debit Scheduled');
    expect((await notes(splash, registered.body.user.ClientID)).at(-1)?.content).toMatch(
      new RegExp(`^Thank you: £[\\d,.]+ for invoice ${no} will be collected by direct debit once you have set up your Direct Debit in Billing\\.$`),
    );
    // Its password set (the new family's first step), it sets its Direct Debit up; not collected, nor opened, meanwhile.
    expect((await b.post('/api/customer/set-password', { password: 'Otter#Lane58', confirm_password: 'Otter#Lane58' })).status).toBe(200);
    const started = await b.post<{ authorisationUrl: string }>('/api/customer/direct-debit/start', {});
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await collectDue();
    expect((await invoice(splash, no)).status).toBe('Debit Scheduled');
    await app.fake.completeFlow(new URL(started.body.authorisationUrl).pathname.split('/').pop()!, BANK);
    await app.fake.webhooksSettled();
    await collectDue();
    expect(app.fake.payments().filter((p) => p.metadata?.invoice === no)).toHaveLength(1);
  });

  it('refuses a webhook not signed with the company’s secret, and one for a company without GoCardless', async () => {
    const who = await family();
    const body = JSON.stringify({ events: [], meta: { webhook_id: 'WB1' } });
    const forged = await fetch(app.webhookUrl(who.code), { method: 'POST', headers: { 'content-type': 'application/json', 'webhook-signature': 'a'.repeat(64) }, body });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { code: string }).code).toBe('WEBHOOK_SIGNATURE');
    const other = await fetch(app.webhookUrl('ACE'), { method: 'POST', headers: { 'content-type': 'application/json', 'webhook-signature': 'a'.repeat(64) }, body });
    expect(other.status).toBe(404);
  });

  it('a company on GoCardless without keys, and one on Ezidebit, take no bank details and say why', async () => {
    const unconnected = await ownCompany(app.t);
    await changeCompanySettings(app.t, unconnected.companyId, (s: Record<string, Record<string, unknown>>) => {
      s.fin_setup!.DirectDebitIntegrationType = 'gocardless';
      s.switches!.CanTakeNewSignUps = true;
    });
    const a = await customerWithInvoices(app.t, [], { company: unconnected.code });
    expect((await a.browser.get<Details>('/api/customer/get-payment-details')).body.bankSetup).toEqual({ via: 'unavailable', message: DIRECT_DEBIT_NOT_SET_UP });
    expect((await a.browser.post('/api/customer/direct-debit/start', {})).body.message).toBe(DIRECT_DEBIT_NOT_SET_UP);

    await changeCompanySettings(app.t, unconnected.companyId, (s: Record<string, Record<string, unknown>>) => {
      s.fin_setup!.DirectDebitIntegrationType = 'ezidebit';
    });
    const ezidebit = 'Direct Debit through Ezidebit cannot be set up online yet. Please contact us to set it up.';
    expect((await a.browser.get<Details>('/api/customer/get-payment-details')).body.bankSetup).toEqual({ via: 'unavailable', message: ezidebit });
    const refused = await a.browser.post('/api/customer/update-bank-details', { AccountName: 'Tess Ng', BankCode: '062-000', AccountNumber: '12345678' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(ezidebit);
  });

  it('never answers or logs the access token or the webhook secret', () => {
    const seen = logs.join('\n');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).not.toContain(app.fake.accessToken);
    expect(seen).not.toContain(app.webhookSecret);
  });
});
