import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { classesWithSessionsAhead, companyIdOf, customerWithInvoices, idempotencyKey as key, tokenise } from '../../test/payment-fixtures.ts';
import { addDays, companyTimeZone, localNow, nowIso } from '../../lib/time.ts';
import { findCompanyByCode } from '../../modules/company/company.service.ts';
import { bookingOptions } from '../../modules/bookings/bookings.service.ts';

interface Row {
  description: string;
  totalCents: number;
}
interface Payment {
  status: string;
  invoiceNos: string[];
  receiptNo: string | null;
  card: string | null;
  items: { description: string; amountCents: number }[];
}

/** Issue 25: a class line names the student and the class, its date in the company's DateFormat; the card paid is named by brand and last four. */
describe.each(testEngines())('who and what on checkout lines on %s', (engine) => {
  let t: TestApp;
  let splash: number;
  let classId: number;
  let className: string;
  let firstDate: string;
  let dateFormat: string;

  beforeAll(async () => {
    t = await startTestApp(engine);
    splash = await companyIdOf(t, 'SPLASH');
    [classId] = (await classesWithSessionsAhead(t, splash)) as [number];
    const db = t.runtime.ctx.db;
    await db.updateTable('classes').set({ capacity: 50, price_cents: 2_000 }).where('company_id', '=', splash).where('id', '=', classId).execute();
    className = (await db.selectFrom('classes').select('name').where('id', '=', classId).executeTakeFirstOrThrow()).name;
    // The first session still to start, on the company's clock (its today may be the server's tomorrow).
    const local = localNow(companyTimeZone((await findCompanyByCode(t.runtime.ctx, 'SPLASH'))!.settings.localization));
    const next = await db
      .selectFrom('class_sessions')
      .select('date')
      .where('company_id', '=', splash)
      .where('class_id', '=', classId)
      .where('status', '=', 'scheduled')
      .where((eb) => eb.or([eb('date', '>', local.date), eb.and([eb('date', '=', local.date), eb('start_time', '>', local.time)])]))
      .orderBy('date')
      .executeTakeFirstOrThrow();
    firstDate = next.date;
  });
  afterAll(() => t.close());

  async function familyWithSwimmer(first: string, last: string) {
    const who = await customerWithInvoices(t, []);
    const student = await t.runtime.ctx.db
      .insertInto('students')
      .values({ company_id: splash, client_id: who.clientId, first_name: first, last_name: last, dob: '2018-01-01', gender: 'Female', standard: '', profile_picture: null, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    dateFormat ??= (await who.browser.get<{ localization: { DateFormat: string } }>('/api/company/get-config')).body.localization.DateFormat;
    return { ...who, cart: { classItems: [{ ClassID: classId, StudentID: student.id, dates: [] }] } };
  }

  const inFormat = (iso: string) => {
    const [y, m, d] = iso.split('-') as [string, string, string];
    return dateFormat.replace('yyyy', y).replace('MM', m).replace('dd', d);
  };

  it('the quote, the invoice line, the receipt and the answer name the student, the class and the first date in DateFormat', async () => {
    const who = await familyWithSwimmer('Mia', 'Chen');
    const expected = new RegExp(`^Mia Chen: ${className.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, \\d+ sessions? from ${inFormat(firstDate).replace(/\//g, '\\/')}$`);
    expect(inFormat(firstDate)).not.toBe(firstDate);

    const quote = await who.browser.post<{ rows: Row[] }>('/api/payment/quote', who.cart);
    expect(quote.status).toBe(200);
    expect(quote.body.rows[0]!.description).toMatch(expected);

    const paid = await who.browser.post<Payment>('/api/payment/checkout', { ...who.cart, cardToken: await tokenise(who.browser) }, { 'idempotency-key': key() });
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('completed');
    expect(paid.body.card).toBe('Visa •••• 4242');
    expect(paid.body.items[0]!.description).toMatch(expected);

    const db = t.runtime.ctx.db;
    const invoice = await db.selectFrom('invoices').select('id').where('company_id', '=', splash).where('invoice_no', '=', paid.body.invoiceNos[0]!).executeTakeFirstOrThrow();
    const lines = await db.selectFrom('invoice_lines').select('description').where('company_id', '=', splash).where('invoice_id', '=', invoice.id).execute();
    expect(lines.map((l) => l.description)).toContainEqual(expect.stringMatching(expected));

    const receipt = await db.selectFrom('receipts').select('reference').where('company_id', '=', splash).where('receipt_no', '=', paid.body.receiptNo!).executeTakeFirstOrThrow();
    expect(receipt.reference).toBe('Visa •••• 4242');
  });

  it('a court booking line reads its day in DateFormat and its times as hh:mm a, as the portal shows them (decision 080)', async () => {
    const ace = (await findCompanyByCode(t.runtime.ctx, 'ACE'))!;
    const date = addDays(bookingOptions(ace, new Date()).today, 7);
    const [y, m, d] = date.split('-') as [string, string, string];
    const who = await registerCustomer(t, { email: `line.${Date.now()}@example.com`, company: 'ACE' });
    const quote = await who.browser.post<{ rows: Row[] }>('/api/payment/quote', { bookingItems: [{ venue_id: 1, booking_type_id: 1, date, time: '18:00', court: 'Court 4' }] });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.rows[0]!.description).toBe(`Court hire (1 hour) – Court 4, Riverside Courts, ${m}/${d}/${y} 06:00 PM - 07:00 PM`);
  });
});
