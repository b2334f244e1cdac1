import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PaymentAnswer, QuoteAnswer } from '@portal/shared/payment-schemas';
import { formatCents } from '@portal/shared/pricing/money';
import { registerCustomer, testEngines } from '../../test/api-harness.ts';
import { companyApp, idempotencyKey as key, tokenise } from '../../test/payment-fixtures.ts';
import { findCompanyByCode } from '../../modules/company/company.service.ts';
import { bookingOptions } from '../../modules/bookings/bookings.service.ts';
import { addDays } from '../../lib/time.ts';

/**
 * The success page lists what was paid as the checkout showed it: each row at its amount as
 * entered and, where the company adds its tax on top (Ace's sales tax), the tax as a line of its
 * own, never folded into the rows; the lines add up to what the card was charged. The receipt
 * e-mail lists the same lines.
 */
describe.each(testEngines())('the lines of a paid checkout on %s', (engine) => {
  const app = companyApp(engine, 'ACE');

  it('a court at a company whose tax is added on top: the rows as quoted, the tax its own line, adding up to the charge', async () => {
    const ace = (await findCompanyByCode(app.t.runtime.ctx, 'ACE'))!;
    const who = await registerCustomer(app.t, { email: `lines.${randomBytes(4).toString('hex')}@example.com`, company: 'ACE' });
    const slot = { venue_id: 1, booking_type_id: 1, date: addDays(bookingOptions(ace, new Date()).today, 7), time: '10:00', court: 'Court 2' };
    const quoted = await who.browser.post<QuoteAnswer>('/api/payment/quote', { bookingItems: [slot] });
    expect(quoted.status).toBe(200);
    const { totals, rows } = quoted.body;
    expect(totals.taxInclusive).toBe(false);
    expect(totals.totalTaxCents).toBeGreaterThan(0);

    const paid = await who.browser.post<PaymentAnswer>('/api/payment/checkout', { bookingItems: [slot], cardToken: await tokenise(who.browser) }, { 'idempotency-key': key() });
    expect(paid.body.status).toBe('completed');
    // In the checkout's order: the court, the tax, then the card surcharge.
    const row = (r: QuoteAnswer['rows'][number]) => ({ description: r.description, amountCents: r.amountCents });
    const surcharge = rows.filter((r) => r.type === 'Credit Card Surcharge');
    expect(surcharge).toHaveLength(1);
    expect(paid.body.items).toEqual([...rows.filter((r) => !surcharge.includes(r)).map(row), { description: totals.taxName, amountCents: totals.totalTaxCents }, ...surcharge.map(row)]);
    expect(paid.body.items.reduce((sum, i) => sum + i.amountCents, 0)).toBe(paid.body.amountCents);
    // The receipt e-mail lists the same lines at the same amounts.
    const mail = (await app.t.lastMailTo(who.email))!.text;
    const listed = paid.body.items.map((i) => `${i.description}: ${formatCents(i.amountCents, '$')}`);
    expect(mail).toContain(listed.join('\n\n'));
  });
});
