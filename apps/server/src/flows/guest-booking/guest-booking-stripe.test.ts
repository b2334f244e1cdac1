import crypto from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentAnswer } from '@portal/shared/payment-schemas';
import { Browser, changeCompanySettings, solvedCaptcha, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { companyIdOf } from '../../test/payment-fixtures.ts';
import { startStripeFake, type StripeFake } from '../../test/stripe-fake.ts';
import { setGatewayKeys } from '../../modules/payments/payments.api.ts';

type Answer = { payment: PaymentAnswer; code?: string };

/** A guest's court paid through Stripe, and its cancel link's refund at Stripe (decision 103). */
describe.each(testEngines())('the public booking page paid through Stripe on %s', (engine) => {
  let t: TestApp;
  let fake: StripeFake;
  let stripe: Stripe;

  beforeAll(async () => {
    fake = await startStripeFake();
    t = await startTestApp(engine, { PROCESSOR_KEYS_SECRET: crypto.randomBytes(32).toString('base64'), STRIPE_API_URL: fake.url });
    // This app's database is the test's own: its copy of ACE takes cards through Stripe.
    await changeCompanySettings<{ fin_setup: Record<string, unknown> }>(t, await companyIdOf(t, 'ACE'), (s) => {
      s.fin_setup.PaymentGatewayEnabled = true;
      s.fin_setup.PaymentGatewayProvider = 'stripe';
    });
    expect((await setGatewayKeys(t.runtime.ctx, 'ACE', { provider: 'stripe', secretKey: fake.secretKey, publishableKey: fake.publishableKey, webhookSecret: fake.webhookSecret })).ok).toBe(true);
    const url = new URL(fake.url);
    stripe = new Stripe(fake.secretKey, { host: url.hostname, port: url.port, protocol: 'http' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

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
    const pm = (await stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_visa' } })).id;
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
