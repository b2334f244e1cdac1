import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_LINE_TYPES, PAYMENT_BREAKDOWN_KEYS } from '@portal/shared/pricing/pricing-types';
import { changeCompanySettings, registerCustomer, testEngines } from '../../test/api-harness.ts';
import {
  classesWithSessionsAhead,
  companyApp,
  companyIdOf,
  countCharges,
  customerWithInvoices as withInvoices,
  idempotencyKey as key,
  invoiceState,
  newCredit,
  newDiscountCode,
  TEST_CARDS,
  tokenise,
} from '../../test/payment-fixtures.ts';
import { nowIso } from '../../lib/time.ts';
import { setPaymentFaults } from './payment-steps.ts';
import { reconcilePayments } from './reconcile.service.ts';
import { runMinuteJobs } from '../../jobs/scheduler.ts';
import { findCompanyByCode, findCompanyById } from '../../modules/company/company.service.ts';
import { bookingOptions } from '../../modules/bookings/bookings.service.ts';
import { addDays } from '../../lib/time.ts';

const CARDS = TEST_CARDS;

interface Quote {
  rows: { type: string; breakdownKey: string | null; invoiceNo: string; amountCents: number; totalCents: number; description: string }[];
  paymentBreakdown: Record<string, number>;
  totals: { totalCents: number; paymentAmountCents: number; customerCreditsCents: number; discountCodeCents: number; surchargeCents: number };
  discountCodes: { status: string; message?: string }[];
}
interface Payment {
  PaymentID: number;
  status: string;
  amountCents: number;
  processor: string;
  reference: string | null;
  receiptNo: string | null;
  invoiceNos: string[];
  challenge: { id: string } | null;
}

describe.each(testEngines())('checkout and payment on %s', (engine) => {
  const app = companyApp(engine);
  beforeAll(async () => {
    // Court hire at ACE costs $30.00 in these tests, whatever the demo's catalogue says.
    await changeCompanySettings<{ booking_types: { PriceCents?: number }[] }>(app.t, await companyIdOf(app.t, 'ACE'), (settings) => {
      for (const type of settings.booking_types) type.PriceCents = 3_000;
    });
  });
  const { db } = app;

  /** A fresh customer of SPLASH with unpaid invoices of their own. */
  const customerWithInvoices = (balances: number[], status = 'Unpaid') => withInvoices(app.t, balances, { status });
  const chargesCount = () => countCharges(app.t, app.companyId);
  const invoice = (no: string) => invoiceState(app.t, no);

  it('H9, H17: the quote prices an unpaid invoice with the spec line types and breakdown keys', async () => {
    const { browser, invoiceNos } = await customerWithInvoices([12_345]);
    const res = await browser.post<Quote>('/api/payment/quote', { invoices: invoiceNos });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paymentBreakdown).sort()).toEqual([...PAYMENT_BREAKDOWN_KEYS].sort());
    expect(res.body.paymentBreakdown.OnlineInvoicePayment).toBe(12_345);
    for (const row of res.body.rows) expect(INVOICE_LINE_TYPES).toContain(row.type);
    expect(res.body.totals.totalCents).toBe(12_345);
    expect(res.body.rows.reduce((sum, r) => sum + r.totalCents, 0)).toBe(res.body.totals.totalCents);
  });

  it('prices a client sends are ignored, in the quote and in the charge', async () => {
    const { browser, invoiceNos } = await customerWithInvoices([5_000]);
    const quote = await browser.post<Quote>('/api/payment/quote', { invoices: invoiceNos, totalCents: 1, balanceDueCents: 1, rows: [{ amountCents: 1 }] });
    expect(quote.body.totals.paymentAmountCents).toBe(5_000);
    const token = await tokenise(browser, CARDS.ok);
    const paid = await browser.post<Payment>('/api/payment/checkout', { invoices: invoiceNos, cardToken: token, amountCents: 1, paymentAmountCents: 1 }, { 'idempotency-key': key() });
    expect(paid.status).toBe(200);
    expect(paid.body.amountCents).toBe(5_000);
    const charge = await db().selectFrom('gateway_charges').select('amount_cents').where('charge_id', '=', paid.body.reference!).executeTakeFirstOrThrow();
    expect(charge.amount_cents).toBe(5_000);
  });

  it('H13, H14: Pay Now with a test card pays the invoice, records processor and reference, notifies and mails a receipt', async () => {
    const { browser, invoiceNos, email, clientId } = await customerWithInvoices([8_800]);
    const token = await tokenise(browser, CARDS.ok);
    const res = await browser.post<Payment>('/api/payment/checkout', { invoices: invoiceNos, cardToken: token, saveCard: true }, { 'idempotency-key': key() });
    expect(res.status).toBe(200);
    // The card was kept for next time.
    expect((await browser.get<{ card: { last4: string } | null }>('/api/customer/get-payment-details')).body.card?.last4).toBe('4242');
    expect(res.body).toMatchObject({ status: 'completed', amountCents: 8_800, processor: 'simulated', invoiceNos });
    expect(res.body.reference).toMatch(/^ch_/);
    expect(await invoice(invoiceNos[0]!)).toEqual({ status: 'Paid', balance_due_cents: 0 });
    const notes = await browser.get<{ notificationContacts: { Notifications: { ClientInAppTitle: string; ClientInAppContent: string; TagData: unknown } }[] }>(
      '/api/notification?page=1&limit=5&status=All',
    );
    expect(notes.body.notificationContacts[0]?.Notifications.ClientInAppTitle).toBe('Payment received');
    // What it is about, so the portal links it to the invoice (decision 079).
    expect(notes.body.notificationContacts[0]?.Notifications.TagData).toEqual({ kind: 'payment', invoice_nos: invoiceNos, receipt_no: res.body.receiptNo });
    expect((await app.t.lastMailTo(email))?.subject).toContain(res.body.receiptNo!);
    // Paying it again is refused: nothing is left to pay.
    const again = await browser.post('/api/payment/checkout', { invoices: invoiceNos, cardToken: token }, { 'idempotency-key': key() });
    expect(again.status).toBe(409);
    expect(clientId).toBeGreaterThan(0);
  });

  it.each([
    ['declined', CARDS.declined, 'Your card was declined. You have not been charged.', 'card_declined'],
    ['insufficient funds', CARDS.insufficient, 'Your card has insufficient funds. You have not been charged.', 'insufficient_funds'],
    ['expired', CARDS.expired, 'Your card has expired. You have not been charged.', 'expired_card'],
  ])('a %s card answers 402 with its message and writes nothing', async (_what, number, message, code) => {
    const { browser, invoiceNos, clientId } = await customerWithInvoices([4_200]);
    const credit = { id: await newCredit(app.t, app.companyId, clientId, 1_000, 'Make-up refund') };
    const token = await tokenise(browser, number);
    const k = key();
    const res = await browser.post('/api/payment/checkout', { invoices: invoiceNos, cardToken: token, creditIds: [credit.id] }, { 'idempotency-key': k });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ message, code });
    expect(await invoice(invoiceNos[0]!)).toEqual({ status: 'Unpaid', balance_due_cents: 4_200 });
    expect((await db().selectFrom('customer_credits').select('remaining_cents').where('id', '=', credit.id).executeTakeFirstOrThrow()).remaining_cents).toBe(1_000);
    const notes = await browser.get<{ total_count: number }>('/api/notification?page=1&limit=5&status=All');
    expect(notes.body.total_count).toBe(0);
    // The same key answers the same decline again, without a second charge attempt.
    const before = await chargesCount();
    const replay = await browser.post('/api/payment/checkout', { invoices: invoiceNos, cardToken: token, creditIds: [credit.id] }, { 'idempotency-key': k });
    expect(replay.status).toBe(402);
    expect(replay.body.message).toBe(message);
    expect(await chargesCount()).toBe(before);
  });

  it('the same payment submitted twice at once is charged once; the same key with another body is a 422', async () => {
    const { browser, invoiceNos } = await customerWithInvoices([3_000, 2_000]);
    const token = await tokenise(browser, CARDS.ok);
    const k = key();
    const before = await chargesCount();
    const body = { invoices: [invoiceNos[0]], cardToken: token };
    const [a, b] = await Promise.all([browser.post<Payment>('/api/payment/checkout', body, { 'idempotency-key': k }), browser.post<Payment>('/api/payment/checkout', body, { 'idempotency-key': k })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    expect(await chargesCount()).toBe(before + 1);
    const other = await browser.post('/api/payment/checkout', { invoices: [invoiceNos[1]], cardToken: token }, { 'idempotency-key': k });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_MISMATCH');
    expect(await invoice(invoiceNos[1]!)).toEqual({ status: 'Unpaid', balance_due_cents: 2_000 });
  });

  it('a payment without an Idempotency-Key is refused', async () => {
    const { browser, invoiceNos } = await customerWithInvoices([1_000]);
    const res = await browser.post('/api/payment/checkout', { invoices: invoiceNos });
    expect(res.status).toBe(400);
  });

  it('a server killed between charge and order: the retry with the same key completes the order, charged once', async () => {
    const { browser, invoiceNos } = await customerWithInvoices([6_100]);
    const token = await tokenise(browser, CARDS.ok);
    const k = key();
    const before = await chargesCount();
    setPaymentFaults(app.t.runtime.ctx, {
      afterCharge: () => {
        throw new Error('process killed');
      },
    });
    const killed = await browser.post('/api/payment/checkout', { invoices: invoiceNos, cardToken: token }, { 'idempotency-key': k });
    setPaymentFaults(app.t.runtime.ctx, undefined);
    expect(killed.status).toBe(500);
    expect(await chargesCount()).toBe(before + 1);
    expect(await invoice(invoiceNos[0]!)).toEqual({ status: 'Unpaid', balance_due_cents: 6_100 });
    // The dead process's lease runs out.
    await db().updateTable('payments').set({ lease_until: '2000-01-01T00:00:00.000Z' }).where('idempotency_key', '=', k).execute();
    const retry = await browser.post<Payment>('/api/payment/checkout', { invoices: invoiceNos, cardToken: token }, { 'idempotency-key': k });
    expect(retry.status).toBe(200);
    expect(retry.body.status).toBe('completed');
    expect(await chargesCount()).toBe(before + 1);
    expect(await invoice(invoiceNos[0]!)).toEqual({ status: 'Paid', balance_due_cents: 0 });
  });

  it('the reconciliation job completes a charge left with no order', async () => {
    const { browser, invoiceNos } = await customerWithInvoices([2_500]);
    const token = await tokenise(browser, CARDS.ok);
    const k = key();
    setPaymentFaults(app.t.runtime.ctx, {
      afterCharge: () => {
        throw new Error('process killed');
      },
    });
    await browser.post('/api/payment/checkout', { invoices: invoiceNos, cardToken: token }, { 'idempotency-key': k });
    setPaymentFaults(app.t.runtime.ctx, undefined);
    const report = await reconcilePayments(app.t.runtime.ctx, (id) => findCompanyById(app.t.runtime.ctx, id), new Date(Date.now() + 10 * 60_000));
    expect(report.completed).toBeGreaterThanOrEqual(1);
    expect(await invoice(invoiceNos[0]!)).toEqual({ status: 'Paid', balance_due_cents: 0 });
    const row = await db().selectFrom('payments').select('status').where('idempotency_key', '=', k).executeTakeFirstOrThrow();
    expect(row.status).toBe('completed');
  });

  it('a network failure after the charge answers 502; the retry with the same key completes it without a second charge', async () => {
    const { browser, invoiceNos } = await customerWithInvoices([7_000]);
    const token = await tokenise(browser, CARDS.network);
    const k = key();
    const before = await chargesCount();
    const lost = await browser.post('/api/payment/checkout', { invoices: invoiceNos, cardToken: token }, { 'idempotency-key': k });
    expect(lost.status).toBe(502);
    expect(lost.body.code).toBe('PAYMENT_UNCONFIRMED');
    const retry = await browser.post<Payment>('/api/payment/checkout', { invoices: invoiceNos, cardToken: token }, { 'idempotency-key': k });
    expect(retry.status).toBe(200);
    expect(retry.body.status).toBe('completed');
    expect(await chargesCount()).toBe(before + 1);
  });

  it('a challenge step: requires_action, approved at the gateway, then the same key completes it; a failed challenge is a 402', async () => {
    const { browser, invoiceNos } = await customerWithInvoices([9_900, 1_100]);
    const token = await tokenise(browser, CARDS.challenge);
    const k = key();
    const body = { invoices: [invoiceNos[0]], cardToken: token };
    const first = await browser.post<Payment>('/api/payment/checkout', body, { 'idempotency-key': k });
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('requires_action');
    const challengeId = first.body.challenge!.id;
    const seen = await browser.get(`/sim-gateway/v1/challenges/${challengeId}`);
    expect(seen.body).toMatchObject({ status: 'pending', amountCents: 9_900 });
    expect((await browser.post(`/sim-gateway/v1/challenges/${challengeId}`, { approve: true })).body.status).toBe('approved');
    const done = await browser.post<Payment>('/api/payment/checkout', body, { 'idempotency-key': k });
    expect(done.body.status).toBe('completed');
    expect(await invoice(invoiceNos[0]!)).toEqual({ status: 'Paid', balance_due_cents: 0 });

    const k2 = key();
    const body2 = { invoices: [invoiceNos[1]], cardToken: token };
    const second = await browser.post<Payment>('/api/payment/checkout', body2, { 'idempotency-key': k2 });
    await browser.post(`/sim-gateway/v1/challenges/${second.body.challenge!.id}`, { approve: false });
    const refused = await browser.post('/api/payment/checkout', body2, { 'idempotency-key': k2 });
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe('authentication_failed');
    expect(await invoice(invoiceNos[1]!)).toEqual({ status: 'Unpaid', balance_due_cents: 1_100 });
  });

  it('H10, H11: a discount code and a credit reduce what is charged; their uses are recorded', async () => {
    const { browser, invoiceNos, clientId } = await customerWithInvoices([10_000]);
    const code = await newDiscountCode(app.t, app.companyId, 1000, { prefix: 'SAVE', maxUses: 1 });
    const credit = { id: await newCredit(app.t, app.companyId, clientId, 2_000) };
    const credits = await browser.get<{ credits: { CreditID: number; AmountCents: number }[] }>('/api/payment/get-customer-credits');
    expect(credits.body.credits).toEqual([expect.objectContaining({ CreditID: credit.id, AmountCents: 2_000 })]);
    const cart = { invoices: invoiceNos, discountCodes: [{ invoiceNo: invoiceNos[0], discountCode: code.toLowerCase() }], creditIds: [credit.id] };
    const quote = await browser.post<Quote>('/api/payment/quote', cart);
    expect(quote.body.rows.map((r) => r.type)).toContain('Discount Code');
    expect(quote.body.totals.discountCodeCents).toBe(1_000);
    expect(quote.body.totals.customerCreditsCents).toBe(2_000);
    expect(quote.body.totals.paymentAmountCents).toBe(7_000);
    const token = await tokenise(browser, CARDS.ok);
    const paid = await browser.post<Payment>('/api/payment/checkout', { ...cart, cardToken: token }, { 'idempotency-key': key() });
    expect(paid.body.amountCents).toBe(7_000);
    expect(await invoice(invoiceNos[0]!)).toEqual({ status: 'Paid', balance_due_cents: 0 });
    expect((await db().selectFrom('customer_credits').select('remaining_cents').where('id', '=', credit.id).executeTakeFirstOrThrow()).remaining_cents).toBe(0);
    // The code was limited to one use: another customer is told so.
    const other = await customerWithInvoices([5_000]);
    const refused = await other.browser.post<Quote>('/api/payment/quote', { invoices: other.invoiceNos, discountCodes: [{ invoiceNo: other.invoiceNos[0], discountCode: code }] });
    expect(refused.body.discountCodes[0]).toMatchObject({ status: 'rejected', message: 'This discount code has been fully used' });
  });

  it("another client's invoice or credit cannot be quoted or paid (404); a Scheduled invoice is not paid online", async () => {
    const owner = await customerWithInvoices([4_000]);
    const stranger = await customerWithInvoices([]);
    expect((await stranger.browser.post('/api/payment/quote', { invoices: owner.invoiceNos })).status).toBe(404);
    const token = await tokenise(stranger.browser, CARDS.ok);
    expect((await stranger.browser.post('/api/payment/checkout', { invoices: owner.invoiceNos, cardToken: token }, { 'idempotency-key': key() })).status).toBe(404);
    const credit = { id: await newCredit(app.t, app.companyId, owner.clientId, 500) };
    const own = await customerWithInvoices([1_000]);
    expect((await own.browser.post('/api/payment/quote', { invoices: own.invoiceNos, creditIds: [credit.id] })).status).toBe(404);
    expect(await invoice(owner.invoiceNos[0]!)).toEqual({ status: 'Unpaid', balance_due_cents: 4_000 });
    const scheduled = await customerWithInvoices([1_000], 'Scheduled');
    expect((await scheduled.browser.post('/api/payment/quote', { invoices: scheduled.invoiceNos })).status).toBe(422);
  });

  it('card details go to the gateway route only: a bad number or a past expiry is refused there', async () => {
    const { browser } = await customerWithInvoices([]);
    const bad = await browser.post('/sim-gateway/v1/tokens', { number: '4242424242424241', exp_month: 12, exp_year: 2099, cvc: '123' });
    expect(bad.status).toBe(402);
    expect(bad.body.message).toBe('Your card number is incorrect.');
    const past = await browser.post('/sim-gateway/v1/tokens', { number: CARDS.ok, exp_month: 1, exp_year: 2020, cvc: '123' });
    expect(past.status).toBe(402);
    const stored = await db().selectFrom('gateway_cards').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(CARDS.ok);
  });

  it('20 concurrent checkouts of one court slot: exactly one is sold and charged, the others are refused and charged nothing', async () => {
    const ace = (await findCompanyByCode(app.t.runtime.ctx, 'ACE'))!;
    const date = addDays(bookingOptions(ace, new Date()).today, 4);
    const slot = { venue_id: 1, booking_type_id: 1, date, time: '11:00', court: 'Court 1' };
    const customers = await Promise.all([0, 1, 2, 3].map(() => registerCustomer(app.t, { email: `court.${randomBytes(4).toString('hex')}@example.com`, company: 'ACE' })));
    const tokens = await Promise.all(customers.map((c) => tokenise(c.browser, CARDS.ok)));
    const quote = await customers[0]!.browser.post<Quote>('/api/payment/quote', { bookingItems: [slot] });
    expect(quote.status).toBe(200);
    expect(quote.body.rows[0]).toMatchObject({ breakdownKey: 'Booking' });
    const chargesBefore = await db()
      .selectFrom('gateway_charges')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('company_id', '=', ace.id)
      .executeTakeFirstOrThrow();
    const attempts = Array.from({ length: 20 }, (_, i) => {
      const c = customers[i % customers.length]!;
      return c.browser.post<Payment>('/api/payment/checkout', { bookingItems: [slot], cardToken: tokens[i % customers.length] }, { 'idempotency-key': key() });
    });
    const answers = await Promise.all(attempts);
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(won[0]!.body.status).toBe('completed');
    for (const lost of answers.filter((a) => a.status !== 200)) {
      expect(lost.status).toBe(409);
      expect(['BOOKING_TAKEN', 'PAYMENT_IN_PROGRESS']).toContain((lost.body as unknown as { code: string }).code);
    }
    const chargesAfter = await db()
      .selectFrom('gateway_charges')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('company_id', '=', ace.id)
      .executeTakeFirstOrThrow();
    expect(Number(chargesAfter.n) - Number(chargesBefore.n)).toBe(1);
    const booked = await db()
      .selectFrom('bookings')
      .select(['status', 'invoice_id'])
      .where('company_id', '=', ace.id)
      .where('date', '=', date)
      .where('start_time', '=', '11:00')
      .where('court', '=', 'Court 1')
      .execute();
    expect(booked.filter((b) => b.status === 'confirmed')).toHaveLength(1);
    expect(booked.find((b) => b.status === 'confirmed')?.invoice_id).not.toBeNull();
    const invoiceNo = won[0]!.body.invoiceNos[0]!;
    const written = await db()
      .selectFrom('invoices')
      .select(['status', 'total_cents', 'balance_due_cents'])
      .where('company_id', '=', ace.id)
      .where('invoice_no', '=', invoiceNo)
      .executeTakeFirstOrThrow();
    expect(written).toMatchObject({ status: 'Paid', balance_due_cents: 0, total_cents: quote.body.totals.totalCents });
  });

  it('a declined card releases the court it held', async () => {
    const ace = (await findCompanyByCode(app.t.runtime.ctx, 'ACE'))!;
    const slot = { venue_id: 1, booking_type_id: 1, date: addDays(bookingOptions(ace, new Date()).today, 5), time: '14:00', court: 'Court 2' };
    const { browser } = await registerCustomer(app.t, { email: `court.${randomBytes(4).toString('hex')}@example.com`, company: 'ACE' });
    const declined = await browser.post('/api/payment/checkout', { bookingItems: [slot], cardToken: await tokenise(browser, CARDS.declined) }, { 'idempotency-key': key() });
    expect(declined.status).toBe(402);
    const paid = await browser.post<Payment>('/api/payment/checkout', { bookingItems: [slot], cardToken: await tokenise(browser, CARDS.ok) }, { 'idempotency-key': key() });
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('completed');
  });

  it('a challenge step holds the court until a stated instant; when it runs out the hold is gone and the same key is told so', async () => {
    const ace = (await findCompanyByCode(app.t.runtime.ctx, 'ACE'))!;
    const slot = { venue_id: 1, booking_type_id: 1, date: addDays(bookingOptions(ace, new Date()).today, 6), time: '15:00', court: 'Court 3' };
    const { browser } = await registerCustomer(app.t, { email: `hold.${randomBytes(4).toString('hex')}@example.com`, company: 'ACE' });
    const body = { bookingItems: [slot], cardToken: await tokenise(browser, CARDS.challenge) };
    const k = key();
    const before = Date.now();
    const first = await browser.post<Payment & { holdExpiresAt: string | null }>('/api/payment/checkout', body, { 'idempotency-key': k });
    expect(first.body.status).toBe('requires_action');
    const expires = Date.parse(first.body.holdExpiresAt!);
    expect(expires).toBeGreaterThan(before);
    expect(expires).toBeLessThanOrEqual(Date.now() + ace.settings.booking_setup.HoldMinutes * 60_000);
    // Held: nobody else can take the court meanwhile.
    const rival = await registerCustomer(app.t, { email: `hold.${randomBytes(4).toString('hex')}@example.com`, company: 'ACE' });
    const rivalToken = await tokenise(rival.browser, CARDS.ok);
    expect((await rival.browser.post('/api/payment/checkout', { bookingItems: [slot], cardToken: rivalToken }, { 'idempotency-key': key() })).status).toBe(409);
    // The hold runs out unanswered: the minute job lets it go, and the same key says so.
    await runMinuteJobs(app.t.runtime.ctx, new Date(expires + 1_000));
    const late = await browser.post('/api/payment/checkout', body, { 'idempotency-key': k });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'HOLD_EXPIRED', message: 'Your time to pay has run out and the places and courts held for you have been released. Please start again.' });
    const sold = await rival.browser.post<Payment>('/api/payment/checkout', { bookingItems: [slot], cardToken: rivalToken }, { 'idempotency-key': key() });
    expect(sold.status).toBe(200);
    expect(sold.body.status).toBe('completed');
  });

  it('20 concurrent checkouts for the last place in a class: exactly one enrols and is charged, the others are refused and charged nothing', async () => {
    const [classId] = (await classesWithSessionsAhead(app.t, app.companyId, { order: 'asc' })) as [number];
    const cls = { class_id: classId };
    await db().deleteFrom('enrolments').where('company_id', '=', app.companyId).where('class_id', '=', cls.class_id).execute();
    await db().deleteFrom('waitlist_entries').where('company_id', '=', app.companyId).where('class_id', '=', cls.class_id).execute();
    await db().updateTable('classes').set({ capacity: 1, price_cents: 2_000, enrolled_count: 0 }).where('company_id', '=', app.companyId).where('id', '=', cls.class_id).execute();
    const customers = await Promise.all([0, 1, 2, 3].map(() => customerWithInvoices([])));
    const students = await Promise.all(
      customers.map(
        async (c) =>
          (
            await db()
              .insertInto('students')
              .values({
                company_id: app.companyId,
                client_id: c.clientId,
                first_name: 'Kid',
                last_name: 'Swimmer',
                dob: '2018-01-01',
                gender: 'Female',
                standard: '',
                profile_picture: null,
                created_at: nowIso(),
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
      ),
    );
    const tokens = await Promise.all(customers.map((c) => tokenise(c.browser, CARDS.ok)));
    const item = (i: number) => ({ ClassID: cls.class_id, StudentID: students[i]!, dates: [] });
    const quote = await customers[0]!.browser.post<Quote>('/api/payment/quote', { classItems: [item(0)] });
    expect(quote.status).toBe(200);
    expect(quote.body.rows[0]).toMatchObject({ type: 'Class', breakdownKey: 'FullClass' });
    // A price sent with the item is ignored.
    const priced = await customers[0]!.browser.post<Quote>('/api/payment/quote', { classItems: [{ ...item(0), unit_price: 1, price_cents: 1 }] });
    expect(priced.body.totals.totalCents).toBe(quote.body.totals.totalCents);
    const before = await chargesCount();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => customers[i % 4]!.browser.post<Payment>('/api/payment/checkout', { classItems: [item(i % 4)], cardToken: tokens[i % 4] }, { 'idempotency-key': key() })),
    );
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status !== 200)) expect([409]).toContain(lost.status);
    expect(await chargesCount()).toBe(before + 1);
    const enrolled = await db().selectFrom('enrolments').select(['status']).where('company_id', '=', app.companyId).where('class_id', '=', cls.class_id).execute();
    expect(enrolled.map((e) => e.status)).toEqual(['active']);
  });
});
