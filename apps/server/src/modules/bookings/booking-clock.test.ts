import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingOptions } from '@portal/shared/bookings-schemas';
import { registerCustomer, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { idempotencyKey as key, tokenise } from '../../test/payment-fixtures.ts';
import { findCompanyByCode } from '../company/company.api.ts';
import { addDays } from '../../lib/time.ts';
import { bookingOptions } from './bookings.service.ts';

/**
 * Courts and the checkout that sells them read the time from the request's context (issue 19, one
 * request context), never the machine's: with the server's clock three days ahead, the days open
 * for booking, the quote and the invoice's date all start from the clock's today.
 */
describe.each(testEngines())('bookings on the context’s clock on %s', (engine) => {
  let t: TestApp;
  let shift = 0;
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock: { now: () => new Date(Date.now() + shift) } });
  });
  afterAll(() => t.close());

  it('the days open for booking, a court refused before them, and the invoice dated by the clock', async () => {
    const ace = (await findCompanyByCode(t.runtime.ctx, 'ACE'))!;
    const family = await registerCustomer(t, { email: `clock.${randomBytes(4).toString('hex')}@example.com`, company: 'ACE' });
    const realToday = bookingOptions(ace, new Date()).today;
    shift = 3 * 86_400_000;
    const clockToday = bookingOptions(ace, new Date(Date.now() + shift)).today;
    expect(clockToday).toBe(addDays(realToday, 3));

    const options = await family.browser.get<BookingOptions>('/api/bookings/options');
    expect(options.body.today).toBe(clockToday);

    // Tomorrow by the machine is a day the clock has passed.
    const passed = { venue_id: 1, booking_type_id: 1, date: addDays(realToday, 1), time: '15:00', court: 'Court 2' };
    const refused = await family.browser.post<{ code?: string }>('/api/payment/quote', { bookingItems: [passed] });
    expect([refused.status, refused.body.code]).toEqual([422, 'BOOKING_OUTSIDE_WINDOW']);

    const ahead = { ...passed, date: addDays(clockToday, 1) };
    const paid = await family.browser.post<{ status?: string; invoiceNos?: string[] }>(
      '/api/payment/checkout',
      { bookingItems: [ahead], cardToken: await tokenise(family.browser) },
      { 'idempotency-key': key() },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const invoice = await t.runtime.ctx.db
      .selectFrom('invoices')
      .select(['invoice_date'])
      .where('company_id', '=', ace.id)
      .where('invoice_no', '=', paid.body.invoiceNos![0]!)
      .executeTakeFirstOrThrow();
    expect(invoice.invoice_date).toBe(clockToday);
    shift = 0;
  });
});
