import crypto from 'node:crypto';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentAnswer } from '@portal/shared/payment-schemas';
import { Browser, solvedCaptcha, testEngines, type TestApp } from '../../test/api-harness.ts';
import { companyIdOf } from '../../test/payment-fixtures.ts';
import type { StripeFake } from '../../test/stripe-fake.ts';
import { startStripeTestApp } from '../../test/stripe-fixtures.ts';

type Answer = { payment: PaymentAnswer; code?: string };

/** A guest's court paid through Stripe, and its cancel link's refund at Stripe (decision 103). */
describe.each(testEngines())('the public booking page paid through Stripe on %s', (engine) => {
  let app: Awaited<ReturnType<typeof startStripeTestApp>>;
  let t: TestApp;
  let fake: StripeFake;

  beforeAll(async () => {
    app = await startStripeTestApp(engine);
    ({ t, fake } = app);
    // This app's database is the test's own: its copy of ACE takes cards through Stripe.
    await app.connect('ACE', await companyIdOf(t, 'ACE'));
  });
  afterAll(() => app.close());

  it('a guest pays for a court with the card Stripe.js made, and the cancel link refunds it at Stripe', async () => {
    const b = new Browser(t.server);
    await b.enterCompany('ACE');
    const options = await b.get<{ today: string }>('/api/ob/options');
    const date = new Date(`${options.body.today}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + 4);
    const iso = date.toISOString().slice(0, 10);
    const slots = await b.get<{ slots: { time: string; freeCourts: string[] }[] }>(`/api/ob/availability?venue_id=1&booking_type_id=1&date=${iso}`);
    const slot = slots.body.slots.find((s) => s.freeCourts.length > 0)!;
    const booking = { venue_id: 1, booking_type_id: 1, date: iso, time: slot.time, court: slot.freeCourts[0]! };
    const quote = await b.post<{ stripePublishableKey: string | null }>('/api/ob/quote', { booking });
    expect(quote.body.stripePublishableKey).toBe(fake.publishableKey);
    const email = `guest.${crypto.randomBytes(4).toString('hex')}@example.com`;
    const pm = await app.paymentMethod();
    const paid = await b.post<Answer>(
      '/api/ob/book',
      { booking, guest: { FirstName: 'Jordan', LastName: 'Lee', Email: email, Phone: '+1 201 555 0188' }, captcha: await solvedCaptcha(b), cardToken: pm },
      { 'idempotency-key': crypto.randomBytes(12).toString('hex') },
    );
    expect(paid.status).toBe(200);
    expect(paid.body.payment).toMatchObject({ status: 'completed', processor: 'stripe' });
    expect(fake.paymentIntents().find((pi) => pi.id === paid.body.payment.reference)?.status).toBe('succeeded');

    const token = /token=([A-Za-z0-9_-]+)/.exec((await t.lastMailTo(email))!.text)![1]!;
    const cancelled = await b.post<{ booking: { status: string } }>('/api/ob/cancel', { token });
    expect(cancelled.body.booking.status).toBe('Cancelled');
    const refunds = fake.events().filter((e) => e.type === 'charge.refunded' && (e.data.object as Stripe.Charge).payment_intent === paid.body.payment.reference);
    expect(refunds).toHaveLength(1);
  });
});
