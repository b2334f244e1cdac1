import crypto from 'node:crypto';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentAnswer } from '@portal/shared/payment-schemas';
import { Browser, mailedCode, testEngines, testSignature, type TestApp } from '../../test/api-harness.ts';
import { classesWithSessionsAhead, companyIdOf } from '../../test/payment-fixtures.ts';
import type { StripeFake } from '../../test/stripe-fake.ts';
import { startStripeTestApp } from '../../test/stripe-fixtures.ts';

type Answer = { success: true; payment: PaymentAnswer | null; user?: { ClientID: number }; code?: string };

/** A new family's registration paid through Stripe (decision 103): the card Stripe.js made is the registration's, then the new family's. */
describe.each(testEngines())('online registration paid through Stripe on %s', (engine) => {
  let app: Awaited<ReturnType<typeof startStripeTestApp>>;
  let t: TestApp;
  let fake: StripeFake;
  let stripe: Stripe;
  let signature: string;
  let classIds: number[];

  beforeAll(async () => {
    app = await startStripeTestApp(engine);
    ({ t, fake, stripe } = app);
    // This app's database is the test's own: its copy of SPLASH takes cards through Stripe.
    const splash = await companyIdOf(t, 'SPLASH');
    await app.connect('SPLASH', splash);
    classIds = await classesWithSessionsAhead(t, splash, { limit: 6 });
    await t.runtime.ctx.db.updateTable('classes').set({ capacity: 50, price_cents: 2_000 }).where('company_id', '=', splash).where('id', 'in', classIds).execute();
    signature = await testSignature();
  });
  afterAll(() => app.close());

  const paymentMethod = (token?: string) => app.paymentMethod(token);

  async function proved() {
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    const email = `stripe.${crypto.randomBytes(4).toString('hex')}@example.com`;
    const sent = await b.post<{ token: string }>('/api/ocr/send-code', { email });
    expect((await b.post('/api/ocr/verify-code', { token: sent.body.token, code: await mailedCode(t, email), profile: 1 })).status).toBe(200);
    return { b, token: sent.body.token };
  }

  const form = (token: string, classIndex: number, cardToken: string) => ({
    registration_token: token,
    profile: 1,
    customer: { FirstName: 'Mia', LastName: 'Okafor', PhoneMobile: '0412000333' },
    students: [{ FirstName: 'Zara', LastName: 'Okafor', DOB: '2017-03-04', GenderType: 'Female' }],
    agreements: [
      { agreementID: 1, agreed: true, signature: null },
      { agreementID: 2, agreed: true, signature },
    ],
    marketing_opt_in: null,
    classes: [{ student: 0, ClassID: classIds[classIndex]! }],
    cardToken,
  });
  const giveCard = (b: Browser, token: string, pm: string) =>
    b.post<{ id: string; card: { brand: string; last4: string }; code?: string }>('/api/ocr/card', { payment_method: pm }, { 'x-registration-token': token });
  const submit = (b: Browser, body: unknown, k: string) => b.post<Answer>('/api/ocr/register', body, { 'idempotency-key': k });

  it('the quote gives the page Stripe’s publishable key; the card Stripe.js made pays, and ends attached to the new family’s Stripe customer', async () => {
    const { b, token } = await proved();
    const quote = await b.post<{ stripePublishableKey: string | null; totals: { paymentAmountCents: number } }>('/api/ocr/quote', { profile: 1, classes: [{ student: 0, ClassID: classIds[0] }] });
    expect(quote.body.stripePublishableKey).toBe(fake.publishableKey);
    const pm = await paymentMethod();
    const given = await giveCard(b, token, pm);
    expect(given.status).toBe(200);
    expect(given.body).toMatchObject({ id: pm, card: { brand: 'Visa', last4: '4242' } });
    const res = await submit(b, form(token, 0, pm), crypto.randomBytes(12).toString('hex'));
    expect(res.status).toBe(200);
    expect(res.body.payment).toMatchObject({ status: 'completed', processor: 'stripe', amountCents: quote.body.totals.paymentAmountCents });
    const intent = fake.paymentIntents().find((pi) => pi.id === res.body.payment!.reference)!;
    expect(intent).toMatchObject({ status: 'succeeded', amount: quote.body.totals.paymentAmountCents });
    const customer = await t.runtime.ctx.db.selectFrom('processor_customers').select('customer_id').where('client_id', '=', res.body.user!.ClientID).executeTakeFirstOrThrow();
    expect(intent.customer).toBe(customer.customer_id);
    expect((await stripe.paymentMethods.retrieve(pm)).customer).toBe(customer.customer_id);
  });

  it('3-D Secure: the submission asks for the step with the client secret, and the same submission completes once it is approved', async () => {
    const { b, token } = await proved();
    const pm = await paymentMethod('tok_threeDSecure2Required');
    expect((await giveCard(b, token, pm)).status).toBe(200);
    const k = crypto.randomBytes(12).toString('hex');
    const asked = await submit(b, form(token, 1, pm), k);
    expect(asked.body.payment?.status).toBe('requires_action');
    const intent = fake.paymentIntents().find((pi) => pi.id === asked.body.payment!.reference)!;
    expect(asked.body.payment?.challenge?.id).toBe(intent.client_secret);
    fake.authenticate(intent.id, true);
    const done = await submit(b, form(token, 1, pm), k);
    expect(done.body.payment).toMatchObject({ status: 'completed', reference: intent.id });
  });

  it('a card its bank declines as Stripe attaches it is refused saying nothing was charged (it was a 400), and no family is left', async () => {
    const { b, token } = await proved();
    const families = () => t.runtime.ctx.db.selectFrom('clients').select('id').where('first_name', '=', 'Mia').where('last_name', '=', 'Okafor').execute();
    const before = (await families()).length;
    const pm = await paymentMethod('tok_chargeDeclined');
    const given = await giveCard(b, token, pm);
    const refused = given.status === 200 ? await submit(b, form(token, 2, pm), crypto.randomBytes(12).toString('hex')) : given;
    expect([refused.status, refused.body.code, (refused.body as { message?: string }).message]).toEqual([402, 'card_declined', 'Your card was declined. You have not been charged.']);
    // The family it would have opened is gone again: the same address may register once another card is given.
    expect(await families()).toHaveLength(before);
  });

  it('a card another customer holds, or the simulator’s route, is refused', async () => {
    const { b, token } = await proved();
    const held = await paymentMethod();
    const someone = await stripe.customers.create({});
    await stripe.paymentMethods.attach(held, { customer: someone.id });
    const refused = await giveCard(b, token, held);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('CARD_TOKEN_INVALID');
    const simulator = await b.post('/sim-gateway/v1/registration-tokens', { registration_token: token, number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' });
    expect(simulator.status).toBe(404);
  });
});
