import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addIntervals, instalmentSchedule } from '@portal/shared/pricing/instalments';
import { formatCents } from '@portal/shared/pricing/money';
import { formatDate } from '@portal/shared/date-time-text';
import { changeCompanySettings, invitedGuardian, testEngines, type TestApp, startTestApp } from '../../test/api-harness.ts';
import { classesWithSessionsAhead, companyIdOf, emptyClass, familyWithChild, idempotencyKey as key, TEST_CARDS, tokenise } from '../../test/payment-fixtures.ts';
import { companyToday } from './payment-steps.ts';
import { checkoutJobs } from './checkout.jobs.ts';
import { findCompanyById } from '../../modules/company/company.api.ts';

interface Quote {
  totals: { paymentAmountCents: number };
  instalmentOffer?: { count: number; interval: string; schedule: { dueDate: string; amountCents: number }[] } | null;
}
interface Payment {
  status: string;
  amountCents: number;
  invoiceNos: string[];
  receiptNo: string | null;
  instalmentsNote?: string | null;
}

/** Issue 23, section 3 (decision 105): classes paid in instalments, to the end and with a failed instalment. */
describe.each(testEngines())('instalment plans on %s', (engine) => {
  let t: TestApp;
  let splash: number;
  let classId: number;
  let today: string;
  const collect = (date: string) => checkoutJobs.find((j) => j.name === 'instalments due')!.run(t.runtime.ctx, new Date(`${date}T12:00:00Z`));

  beforeAll(async () => {
    t = await startTestApp(engine);
    splash = await companyIdOf(t, 'SPLASH');
    [classId] = (await classesWithSessionsAhead(t, splash)) as [number];
    await emptyClass(t, splash, classId, { capacity: 40, price_cents: 10_001 });
    await changeCompanySettings(t, splash, (s) => {
      s.fin_setup!.Instalments = { Count: 3, Interval: 'month', MinimumDepositPercent: 40, MinimumTotalCents: 5_000, Retries: 1, RetryDays: 3 };
      s.fin_setup!.CardSurchargePercent = 0;
      s.fin_setup!.CardSurchargeAmountCents = 0;
    });
    today = companyToday((await findCompanyById(t.runtime.ctx, splash))!, new Date());
  });
  afterAll(() => t.close());

  const TERMS = { Count: 3, Interval: 'month' as const, MinimumDepositPercent: 40 };
  async function family() {
    const who = await familyWithChild(t);
    const cart = { classItems: [{ ClassID: classId, StudentID: who.studentId, dates: [] }] };
    const total = (await who.browser.post<Quote>('/api/payment/quote', cart)).body.totals.paymentAmountCents;
    const [first, next, last] = instalmentSchedule(total, TERMS, today).map((i) => i.amountCents) as [number, number, number];
    return { ...who, cart, total, first, next, last };
  }
  const $ = (cents: number) => formatCents(cents, '$');
  const db = () => t.runtime.ctx.db;
  /** The charges made to this family's cards (other tests' plans fall due on the same dates). */
  const charges = async (clientId: number) =>
    Number(
      (
        await db()
          .selectFrom('gateway_charges')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('token', 'in', db().selectFrom('gateway_cards').select('token').where('client_id', '=', clientId))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const invoices = (clientId: number) =>
    db().selectFrom('invoices').select(['invoice_no', 'status', 'total_cents', 'balance_due_cents', 'payment_date']).where('client_id', '=', clientId).orderBy('id').execute();
  const upcoming = async (who: Awaited<ReturnType<typeof family>>) =>
    (await who.browser.get<{ payments: { NextCharge?: string; nextCharge?: string; RemainingCharges?: number; remainingCharges?: number }[] }>('/api/financials/upcoming-payments')).body.payments;
  const enrolled = (studentId: number) => db().selectFrom('enrolments').select(['status', 'end_date']).where('student_id', '=', studentId).where('class_id', '=', classId).execute();
  const lastNote = (clientId: number) =>
    db()
      .selectFrom('notification_contacts as c')
      .innerJoin('notifications as n', 'n.id', 'c.notification_id')
      .select(['n.title', 'n.content'])
      .where('c.client_id', '=', clientId)
      .orderBy('n.id', 'desc')
      .executeTakeFirstOrThrow();

  it('the quote offers the schedule before paying; it adds up to the total, and a cart with an invoice in it gets none', async () => {
    const who = await family();
    const quote = await who.browser.post<Quote>('/api/payment/quote', who.cart);
    // A 40 % deposit, and the rest in two that differ by the odd cent.
    expect(who.first).toBe(Math.ceil(who.total * 0.4));
    expect(who.next - who.last).toBe((who.total - who.first) % 2);
    expect(quote.body.instalmentOffer).toEqual({
      count: 3,
      interval: 'month',
      schedule: [
        { dueDate: today, amountCents: who.first },
        { dueDate: addIntervals(today, 'month', 1), amountCents: who.next },
        { dueDate: addIntervals(today, 'month', 2), amountCents: who.last },
      ],
    });
    expect(who.first + who.next + who.last).toBe(who.total);

    await db()
      .insertInto('invoices')
      .values({
        company_id: splash,
        client_id: who.clientId,
        invoice_no: `I-${who.clientId}`,
        invoice_date: today,
        payment_date: today,
        total_cents: 4_000,
        balance_due_cents: 4_000,
        status: 'Unpaid',
      })
      .execute();
    const withInvoice = { ...who.cart, invoices: [`I-${who.clientId}`] };
    expect((await who.browser.post<Quote>('/api/payment/quote', withInvoice)).body.instalmentOffer).toBeNull();
    const refused = await who.browser.post('/api/payment/checkout', { ...withInvoice, instalments: true, cardToken: await tokenise(who.browser) }, { 'idempotency-key': key() });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'INSTALMENTS_UNAVAILABLE', message: 'This cannot be paid in instalments. Please pay the whole amount.' });
    expect(await charges(who.clientId)).toBe(0);
  });

  it('a course whose last session comes before the last instalment is not offered in instalments', async () => {
    const short = (await classesWithSessionsAhead(t, splash, { limit: 2 }))[1]!;
    await emptyClass(t, splash, short, { capacity: 40, price_cents: 10_001 });
    // The course ends within the month: the plan's last instalment would fall after it.
    await db()
      .deleteFrom('class_sessions')
      .where('company_id', '=', splash)
      .where('class_id', '=', short)
      .where('date', '>', addIntervals(today, 'month', 1))
      .execute();
    const who = await familyWithChild(t);
    const cart = { classItems: [{ ClassID: short, StudentID: who.studentId, dates: [] }] };
    const quote = await who.browser.post<Quote>('/api/payment/quote', cart);
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.totals.paymentAmountCents).toBeGreaterThan(5_000);
    expect(quote.body.instalmentOffer).toBeNull();
    const refused = await who.browser.post('/api/payment/checkout', { ...cart, instalments: true, cardToken: await tokenise(who.browser) }, { 'idempotency-key': key() });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'INSTALMENTS_UNAVAILABLE' });
    expect(await charges(who.clientId)).toBe(0);
    // Beside a class that runs past the plan, the short course is still not paid for after it ends.
    const mixed = { classItems: [...cart.classItems, { ClassID: classId, StudentID: who.studentId, dates: [] }] };
    const mixedQuote = await who.browser.post<Quote>('/api/payment/quote', mixed);
    expect(mixedQuote.status, JSON.stringify(mixedQuote.body)).toBe(200);
    expect(mixedQuote.body.instalmentOffer).toBeNull();
    // The class that runs past the plan alone is offered it.
    expect((await who.browser.post<Quote>('/api/payment/quote', { classItems: [mixed.classItems[1]] })).body.instalmentOffer).toMatchObject({ count: 3 });
  });

  it('paid to the end: the deposit at the checkout, each later instalment charged on its date, the place counted once', async () => {
    const who = await family();
    const chargesBefore = await charges(who.clientId);
    const paid = await who.browser.post<Payment>('/api/payment/checkout', { ...who.cart, instalments: true, cardToken: await tokenise(who.browser) }, { 'idempotency-key': key() });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'completed', amountCents: who.first });
    expect(await charges(who.clientId)).toBe(chargesBefore + 1);
    const [deposit, second, third] = await invoices(who.clientId);
    expect(deposit).toMatchObject({ invoice_no: paid.body.invoiceNos[0], status: 'Paid', total_cents: who.first, balance_due_cents: 0 });
    expect(second).toMatchObject({ status: 'Scheduled', total_cents: who.next, payment_date: addIntervals(today, 'month', 1) });
    expect(third).toMatchObject({ status: 'Scheduled', total_cents: who.last, payment_date: addIntervals(today, 'month', 2) });
    // Splash's prices include GST: each instalment's line reads as every other line does, its amount the tax included.
    const lines = await db()
      .selectFrom('invoice_lines as l')
      .innerJoin('invoices as i', 'i.id', 'l.invoice_id')
      .select(['i.invoice_no', 'l.unit_price_cents', 'l.amount_cents', 'l.total_cents', 'l.tax_cents'])
      .where('i.client_id', '=', who.clientId)
      .where('l.line_type', '=', 'Custom')
      .orderBy('l.id')
      .execute();
    expect(lines.map((l) => [l.unit_price_cents, l.amount_cents])).toEqual(lines.map((l) => [l.total_cents, l.total_cents]));
    expect(lines.every((l) => l.tax_cents !== 0)).toBe(true);
    expect(await enrolled(who.studentId)).toEqual([{ status: 'active', end_date: null }]);
    const rest = `The other 2 instalments (${$(who.next)} on ${formatDate(addIntervals(today, 'month', 1), 'dd/MM/yyyy')}, ${$(who.last)} on ${formatDate(addIntervals(today, 'month', 2), 'dd/MM/yyyy')}) will be charged to the card you paid with.`;
    expect((await lastNote(who.clientId)).content).toContain(rest);
    // The answer the success page shows, and the receipt e-mail, say what is still to come as well.
    expect(paid.body.instalmentsNote).toBe(rest);
    await t.runtime.ctx.mailer.flush();
    expect(t.mailbox.received.find((m) => m.to === who.email && m.subject.includes(paid.body.receiptNo!))?.text).toContain(rest);
    expect(await upcoming(who)).toHaveLength(1);
    // Upcoming Payments names what will be charged (the later instalments' invoices), not the deposit's invoice, paid already.
    expect(((await upcoming(who))[0] as { notes?: string }).notes).toMatch(
      new RegExp(`: 2 more monthly instalments, invoices ${second!.invoice_no} and ${third!.invoice_no}, charged to the card you paid with$`),
    );
    const depositLine = await db()
      .selectFrom('invoice_lines as l')
      .innerJoin('invoices as i', 'i.id', 'l.invoice_id')
      .select('l.description')
      .where('i.invoice_no', '=', deposit!.invoice_no)
      .where('i.client_id', '=', who.clientId)
      .where('l.total_cents', '<', 0)
      .executeTakeFirstOrThrow();
    const dates = [1, 2].map((n) => formatDate(addIntervals(today, 'month', n), 'dd/MM/yyyy')).join(', ');
    expect(depositLine.description).toBe(`Billed on 2 later instalment invoices (due ${dates})`);

    // Nothing is charged before its date, and a run twice at once charges once.
    await collect(today);
    expect(await charges(who.clientId)).toBe(chargesBefore + 1);
    await Promise.all([collect(second!.payment_date), collect(second!.payment_date)]);
    expect(await charges(who.clientId)).toBe(chargesBefore + 2);
    expect((await invoices(who.clientId))[1]).toMatchObject({ status: 'Paid', balance_due_cents: 0 });
    expect((await lastNote(who.clientId)).title).toBe('Instalment paid');
    // Upcoming Payments counts and names only what is still to be charged: the second instalment is paid.
    const { what } = await db().selectFrom('instalment_plans').select('what').where('client_id', '=', who.clientId).executeTakeFirstOrThrow();
    expect(await upcoming(who)).toMatchObject([{ notes: `${what}: 1 more monthly instalment, invoice ${third!.invoice_no}, charged to the card you paid with` }]);
    // The minute job's sweep for charges without an order leaves an instalment's charge alone.
    await checkoutJobs.find((j) => j.name === 'payments left unsettled')!.run(t.runtime.ctx, new Date(Date.now() + 120_000));
    expect(await db().selectFrom('gateway_charges').select('refunded_cents').where('idempotency_key', 'like', 'instalment-%').where('refunded_cents', '>', 0).execute()).toEqual([]);
    const receipts = await db().selectFrom('receipts').select(['amount_cents', 'method']).where('client_id', '=', who.clientId).orderBy('id').execute();
    expect(receipts).toEqual([
      { amount_cents: who.first, method: 'Credit Card' },
      { amount_cents: who.next, method: 'Credit Card' },
    ]);

    await collect(third!.payment_date);
    await collect(third!.payment_date);
    expect(await charges(who.clientId)).toBe(chargesBefore + 3);
    expect((await invoices(who.clientId)).every((i) => i.status === 'Paid')).toBe(true);
    expect(await db().selectFrom('instalment_plans').select('status').where('client_id', '=', who.clientId).executeTakeFirstOrThrow()).toEqual({ status: 'completed' });
    expect(await upcoming(who)).toEqual([]);
    // Nothing is left to charge, and the row says nothing more of it.
    expect(await db().selectFrom('payment_plans').select(['remaining_charges', 'notes']).where('client_id', '=', who.clientId).execute()).toEqual([{ remaining_charges: 0, notes: '' }]);
    expect(await enrolled(who.studentId)).toEqual([{ status: 'active', end_date: null }]);
  });

  it('paid in instalments by a co-parent: the family is told the later instalments go on the card she paid with, not theirs', async () => {
    const who = await family();
    const coParent = await invitedGuardian(t, who.browser, 'co-parent', { firstName: 'Jo' });
    const paid = await coParent.browser.post<Payment>('/api/payment/checkout', { ...who.cart, instalments: true, cardToken: await tokenise(coParent.browser) }, { 'idempotency-key': key() });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // Her own success page says "you"; the family reads her name.
    expect(paid.body.instalmentsNote).toContain('will be charged to the card you paid with.');
    expect((await lastNote(who.clientId)).content).toContain('will be charged to the card Jo Rivera paid with.');
    const mail = (await t.lastMailTo(who.email))!.text;
    expect(mail).toContain('Jo Rivera paid');
    expect(mail).toContain('will be charged to the card Jo Rivera paid with.');
    expect((await t.lastMailTo(coParent.email))!.text).toContain('will be charged to the card you paid with.');
  });

  it('a declined instalment: the family is told with a link to pay it, it is charged again after RetryDays, then the plan is cancelled and the place given up', async () => {
    const who = await family();
    const paid = await who.browser.post<Payment>('/api/payment/checkout', { ...who.cart, instalments: true, cardToken: await tokenise(who.browser) }, { 'idempotency-key': key() });
    expect(paid.status).toBe(200);
    // The card kept for the plan is declined from now on (the account emptied, the card stopped).
    const declining = await tokenise(who.browser, TEST_CARDS.insufficient);
    await db().updateTable('instalment_plans').set({ card_token: declining }).where('client_id', '=', who.clientId).execute();
    const [, second, third] = await invoices(who.clientId);

    await collect(second!.payment_date);
    // What the plan pays for, as every message of it names it: the child and the class.
    const { what } = await db().selectFrom('instalment_plans').select('what').where('client_id', '=', who.clientId).executeTakeFirstOrThrow();
    expect(what).toMatch(/^Kid \S+: .+, \d+ sessions from \d{2}\/\d{2}\/\d{4}$/);
    expect((await invoices(who.clientId))[1]).toMatchObject({ status: 'Unpaid', balance_due_cents: who.next });
    const retryOn = new Date(Date.parse(`${second!.payment_date}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
    expect(await lastNote(who.clientId)).toEqual({
      title: 'Instalment not paid',
      content: `We could not take instalment 2 (${$(who.next)}) for ${what} (invoice ${second!.invoice_no}): your card has insufficient funds. We will try again on ${formatDate(retryOn, 'dd/MM/yyyy')}, or you can pay it now.`,
    });
    await t.runtime.ctx.mailer.flush();
    const mail = t.mailbox.received.find((m) => m.to === who.email && m.subject === `Instalment not paid: invoice ${second!.invoice_no}`);
    expect(mail?.text).toContain(`Pay the invoice: http://portal.test/hub/financials/${second!.invoice_no}`);
    expect(await enrolled(who.studentId)).toEqual([{ status: 'active', end_date: null }]);

    // A family that switched invoice e-mails off is not e-mailed, and its plan is cancelled all the same.
    await db().insertInto('notification_opt_outs').values({ company_id: splash, client_id: who.clientId, category: 'invoices', email: 1, in_app: 0 }).execute();
    await collect(retryOn);
    const plan = await db().selectFrom('instalment_plans').select('status').where('client_id', '=', who.clientId).executeTakeFirstOrThrow();
    expect(plan.status).toBe('cancelled');
    expect(await upcoming(who)).toEqual([]);
    expect(await db().selectFrom('payment_plans').select(['remaining_charges', 'notes']).where('client_id', '=', who.clientId).execute()).toEqual([{ remaining_charges: 0, notes: '' }]);
    const left = await invoices(who.clientId);
    // The instalment that fell due is still owed; the one not yet due is taken back.
    expect(left.map((i) => [i.invoice_no, i.status, i.total_cents, i.balance_due_cents])).toEqual([
      [paid.body.invoiceNos[0], 'Paid', who.first, 0],
      [second!.invoice_no, 'Unpaid', who.next, who.next],
      [third!.invoice_no, 'Paid', 0, 0],
    ]);
    const cancelledLine = await db()
      .selectFrom('invoice_lines')
      .select(['description', 'total_cents'])
      .where('invoice_id', '=', db().selectFrom('invoices').select('id').where('invoice_no', '=', third!.invoice_no))
      .orderBy('sort_order', 'desc')
      .executeTakeFirstOrThrow();
    expect(cancelledLine).toEqual({ description: 'Instalment plan cancelled: not charged', total_cents: -who.last });
    const place = await enrolled(who.studentId);
    expect(place).toHaveLength(1);
    expect(place[0]!.status === 'cancelled' || place[0]!.end_date !== null).toBe(true);
    expect((await lastNote(who.clientId)).title).toBe('Instalment plan cancelled');
    expect(await upcoming(who)).toEqual([]);
  });

  it('an instalment the family paid online is not charged again', async () => {
    const who = await family();
    await who.browser.post<Payment>('/api/payment/checkout', { ...who.cart, instalments: true, cardToken: await tokenise(who.browser) }, { 'idempotency-key': key() });
    const declining = await tokenise(who.browser, TEST_CARDS.declined);
    await db().updateTable('instalment_plans').set({ card_token: declining }).where('client_id', '=', who.clientId).execute();
    const [, second] = await invoices(who.clientId);
    await collect(second!.payment_date);
    const payOnline = await who.browser.post<Payment>('/api/payment/checkout', { invoices: [second!.invoice_no], cardToken: await tokenise(who.browser) }, { 'idempotency-key': key() });
    expect(payOnline.status).toBe(200);
    const before = await charges(who.clientId);
    await collect(addIntervals(second!.payment_date, 'week', 1));
    expect(await charges(who.clientId)).toBe(before);
    const instalment = await db()
      .selectFrom('instalments as i')
      .innerJoin('instalment_plans as p', 'p.id', 'i.plan_id')
      .select('i.status')
      .where('p.client_id', '=', who.clientId)
      .where('i.seq', '=', 2)
      .executeTakeFirstOrThrow();
    expect(instalment.status).toBe('paid');
  });

  it('by direct debit: every instalment is a Debit Scheduled invoice on its date, nothing is charged to a card', async () => {
    const who = await family();
    expect((await who.browser.post('/api/customer/update-bank-details', { AccountName: 'Tess Ng', BankCode: '062-000', AccountNumber: '12345678' })).status).toBe(200);
    const paid = await who.browser.post<Payment>('/api/payment/checkout', { ...who.cart, paymentMethod: 'direct_debit', instalments: true }, { 'idempotency-key': key() });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'completed', amountCents: who.first, receiptNo: null });
    expect(await charges(who.clientId)).toBe(0);
    expect((await invoices(who.clientId)).map((i) => [i.status, i.balance_due_cents, i.payment_date])).toEqual([
      ['Debit Scheduled', who.first, today],
      ['Debit Scheduled', who.next, addIntervals(today, 'month', 1)],
      ['Debit Scheduled', who.last, addIntervals(today, 'month', 2)],
    ]);
    expect((await lastNote(who.clientId)).content).toContain('will be collected by direct debit.');
    // The card run leaves a direct-debit plan alone.
    await collect(addIntervals(today, 'month', 1));
    expect(await charges(who.clientId)).toBe(0);
  });

  it('bank details removed, or replaced by a card, leave no invoice Debit Scheduled that nothing will collect: each is open to pay', async () => {
    for (const replace of [false, true]) {
      const who = await family();
      expect((await who.browser.post('/api/customer/update-bank-details', { AccountName: 'Tess Ng', BankCode: '062-000', AccountNumber: '12345678' })).status).toBe(200);
      await who.browser.post<Payment>('/api/payment/checkout', { ...who.cart, paymentMethod: 'direct_debit', instalments: true }, { 'idempotency-key': key() });
      expect((await invoices(who.clientId)).map((i) => i.status)).toEqual(['Debit Scheduled', 'Debit Scheduled', 'Debit Scheduled']);
      expect((await who.browser.get<{ debitsScheduled: boolean }>('/api/customer/get-payment-details')).body.debitsScheduled).toBe(true);
      const gone = replace
        ? await who.browser.post('/api/customer/add-credit-card-details', { token: await tokenise(who.browser) })
        : await who.browser.call('DELETE', '/api/customer/remove-payment-details');
      expect(gone.status, JSON.stringify(gone.body)).toBe(200);
      expect((await invoices(who.clientId)).map((i) => i.status)).toEqual(['Unpaid', 'Unpaid', 'Unpaid']);
      const [, second] = await invoices(who.clientId);
      const paid = await who.browser.post<Payment>('/api/payment/checkout', { invoices: [second!.invoice_no], cardToken: await tokenise(who.browser) }, { 'idempotency-key': key() });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    }
  });

  it('a card removed in Billing, or replaced by bank details, is charged no more: the instalment falls due as an invoice to pay', async () => {
    for (const replace of [false, true]) {
      const who = await family();
      await who.browser.post<Payment>('/api/payment/checkout', { ...who.cart, instalments: true, cardToken: await tokenise(who.browser), saveCard: true }, { 'idempotency-key': key() });
      // Billing says so before the card goes.
      expect((await who.browser.get<{ instalmentsOnCard: boolean }>('/api/customer/get-payment-details')).body.instalmentsOnCard).toBe(true);
      const gone = replace
        ? await who.browser.post('/api/customer/update-bank-details', { AccountName: 'Tess Ng', BankCode: '062-000', AccountNumber: '12345678' })
        : await who.browser.call('DELETE', '/api/customer/remove-payment-details');
      expect(gone.status).toBe(200);
      expect((await who.browser.get<{ instalmentsOnCard: boolean }>('/api/customer/get-payment-details')).body.instalmentsOnCard).toBe(false);
      const before = await charges(who.clientId);
      const [, second] = await invoices(who.clientId);
      await collect(second!.payment_date);
      expect(await charges(who.clientId)).toBe(before);
      expect((await invoices(who.clientId))[1]).toMatchObject({ status: 'Unpaid', balance_due_cents: who.next });
      expect((await lastNote(who.clientId)).content).toContain('the card for your instalments can no longer be charged');
    }
  });

  it('a new card saved in Billing is the one later instalments are charged to', async () => {
    const who = await family();
    await who.browser.post<Payment>('/api/payment/checkout', { ...who.cart, instalments: true, cardToken: await tokenise(who.browser) }, { 'idempotency-key': key() });
    const card = await tokenise(who.browser, '5555555555554444');
    expect((await who.browser.post('/api/customer/add-credit-card-details', { token: card })).status).toBe(200);
    expect(await db().selectFrom('instalment_plans').select('card_token').where('client_id', '=', who.clientId).executeTakeFirstOrThrow()).toEqual({ card_token: card });
  });
});
