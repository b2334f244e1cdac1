import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeFake, type StripeFake } from './stripe-fake.ts';

/** The fake as the official SDK sees it: every call below goes over HTTP to 127.0.0.1. */
describe('the Stripe fake, driven by the stripe SDK', () => {
  let fake: StripeFake;
  let stripe: Stripe;
  let clock = new Date('2026-03-02T09:00:00Z');
  const at = (iso: string) => (clock = new Date(iso));

  beforeAll(async () => {
    fake = await startStripeFake({ now: () => clock });
    stripe = new Stripe(fake.secretKey, { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
  });
  afterAll(() => fake.close());

  /** A customer with a card from `token`, attached to them. */
  async function customerWithCard(token = 'tok_visa') {
    const customer = await stripe.customers.create({ email: 'payer@example.com', name: 'Pat Payer', metadata: { portal_customer: '42' } });
    const method = await stripe.paymentMethods.create({ type: 'card', card: { token } });
    // The generic decline card is declined as it is attached: it is charged unattached, as a one-off payment.
    if (token !== 'tok_chargeDeclined') await stripe.paymentMethods.attach(method.id, { customer: customer.id });
    return { customer: customer.id, method: method.id };
  }
  const pay = (who: { customer: string; method: string }, more: Partial<Stripe.PaymentIntentCreateParams> = {}, options?: Stripe.RequestOptions) =>
    stripe.paymentIntents.create(
      {
        amount: 12_50,
        currency: 'aud',
        customer: who.customer,
        payment_method: who.method,
        confirm: true,
        description: 'Invoice 1001',
        metadata: { portal_key: 'inv-1001' },
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        ...more,
      },
      options,
    );
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.unreachable('the call should fail'),
      (error: unknown) => error,
    );

  it('makes a customer and a card, and takes a payment', async () => {
    at('2026-03-02T09:15:00Z');
    const customer = await stripe.customers.create({ email: 'payer@example.com', name: 'Pat Payer', metadata: { portal_customer: '42' } });
    expect(customer).toMatchObject({ object: 'customer', email: 'payer@example.com', name: 'Pat Payer', metadata: { portal_customer: '42' }, livemode: false });
    expect(customer.id).toMatch(/^cus_/);

    const method = await stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_mastercard' } });
    expect(method).toMatchObject({ type: 'card', customer: null, card: { brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2027 } });
    expect((await stripe.paymentMethods.attach(method.id, { customer: customer.id })).customer).toBe(customer.id);
    expect((await stripe.paymentMethods.retrieve(method.id)).customer).toBe(customer.id);

    const intent = await pay({ customer: customer.id, method: method.id });
    expect(intent).toMatchObject({ status: 'succeeded', amount: 1250, amount_received: 1250, currency: 'aud', customer: customer.id, metadata: { portal_key: 'inv-1001' } });
    expect(intent.created).toBe(Date.parse('2026-03-02T09:15:00Z') / 1000);
    expect(intent.latest_charge).toMatch(/^ch_/);
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_`));
    const expanded = await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge', 'payment_method'] });
    expect(expanded.latest_charge).toMatchObject({ object: 'charge', status: 'succeeded', amount: 1250 });
    expect(expanded.payment_method).toMatchObject({ id: method.id, object: 'payment_method' });

    const types = fake
      .events()
      .filter((event) => 'id' in event.data.object && event.data.object.id === intent.id)
      .map((event) => event.type);
    expect(types).toEqual(['payment_intent.created', 'payment_intent.succeeded']);
  });

  it('refuses a key other than its own', async () => {
    const stranger = new Stripe('sk_test_someoneElse0000', { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
    const error = await failure(stranger.customers.create({ email: 'x@example.com' }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error).toMatchObject({ statusCode: 401, message: expect.stringMatching(/^Invalid API Key provided: sk_test_\**0000$/) });
  });

  it.each([
    ['tok_chargeDeclined', 'card_declined', 'generic_decline', 'Your card was declined.'],
    ['tok_chargeDeclinedInsufficientFunds', 'card_declined', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['tok_chargeDeclinedExpiredCard', 'expired_card', 'expired_card', 'Your card has expired.'],
  ])('declines %s with a card error that carries the PaymentIntent', async (token, code, declineCode, message) => {
    const error = await failure(pay(await customerWithCard(token)));
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    const cardError = error as Stripe.errors.StripeCardError;
    expect(cardError).toMatchObject({ type: 'StripeCardError', rawType: 'card_error', statusCode: 402, code, decline_code: declineCode, message });
    expect(cardError.payment_intent).toMatchObject({ status: 'requires_payment_method', payment_method: null, last_payment_error: { type: 'card_error', code, decline_code: declineCode } });
    const stored = fake.paymentIntents().find((pi) => pi.id === cardError.payment_intent?.id);
    expect(stored?.status).toBe('requires_payment_method');
    expect(fake.events().at(-1)).toMatchObject({ type: 'payment_intent.payment_failed', data: { object: { id: stored?.id } } });
  });

  it('declines the generic decline card as it is attached, as Stripe checks a card then', async () => {
    const customer = await stripe.customers.create({});
    const method = await stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_chargeDeclined' } });
    const error = await failure(stripe.paymentMethods.attach(method.id, { customer: customer.id }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'generic_decline' });
    expect((await stripe.paymentMethods.retrieve(method.id)).customer).toBeNull();
  });

  it('asks for 3-D Secure, and succeeds once the card holder approves', async () => {
    const intent = await pay(await customerWithCard('tok_threeDSecure2Required'));
    expect(intent).toMatchObject({ status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
    expect(fake.events().at(-1)?.type).toBe('payment_intent.requires_action');
    fake.authenticate(intent.id, true);
    const after = await stripe.paymentIntents.retrieve(intent.id);
    expect(after).toMatchObject({ status: 'succeeded', next_action: null, amount_received: 1250 });
    expect(fake.events().at(-1)).toMatchObject({ type: 'payment_intent.succeeded', data: { object: { id: intent.id, status: 'succeeded' } } });
  });

  it('fails the payment when the card holder refuses 3-D Secure, and declines it off-session', async () => {
    const who = await customerWithCard('tok_threeDSecure2Required');
    const intent = await pay(who);
    fake.authenticate(intent.id, false);
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'payment_intent_authentication_failure' } });
    const error = await failure(pay(who, { off_session: true }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ code: 'authentication_required', payment_intent: { status: 'requires_payment_method' } });
  });

  it('replays an answer for the same Idempotency-Key and parameters, and refuses the key with others', async () => {
    const who = await customerWithCard();
    const first = await pay(who, {}, { idempotencyKey: 'pay-inv-1001' });
    const again = await pay(who, {}, { idempotencyKey: 'pay-inv-1001' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(first.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    expect(fake.paymentIntents().filter((pi) => pi.customer === who.customer)).toHaveLength(1);

    const error = await failure(pay(who, { amount: 99_00 }, { idempotencyKey: 'pay-inv-1001' }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error).toMatchObject({ statusCode: 400, rawType: 'idempotency_error', message: expect.stringContaining("other than 'pay-inv-1001'") });
  });

  it('replays a decline too', async () => {
    const who = await customerWithCard('tok_chargeDeclined');
    const first = (await failure(pay(who, {}, { idempotencyKey: 'declined-once' }))) as Stripe.errors.StripeCardError;
    const again = (await failure(pay(who, {}, { idempotencyKey: 'declined-once' }))) as Stripe.errors.StripeCardError;
    expect(again).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(again.payment_intent?.id).toBe(first.payment_intent?.id);
    expect(again.headers?.['idempotent-replayed']).toBe('true');
  });

  it('loses an answer: the SDK throws StripeConnectionError, and the payment is found by listing the customer’s', async () => {
    const who = await customerWithCard();
    const before = fake.requestCount('/v1/payment_intents');
    fake.dropNextAnswer();
    const error = await failure(pay(who));
    expect(error).toBeInstanceOf(Stripe.errors.StripeConnectionError);
    // The SDK sent it twice with one Idempotency-Key: it repeats a request whose connection closed.
    expect(fake.requestCount('/v1/payment_intents')).toBe(before + 2);
    const listed = await stripe.paymentIntents.list({ customer: who.customer });
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({ status: 'succeeded', metadata: { portal_key: 'inv-1001' } });
  });

  it('loses one answer only: the SDK’s own repeat gets the payment replayed', async () => {
    const who = await customerWithCard();
    fake.dropNextAnswer(1);
    const intent = await pay(who);
    expect(intent.status).toBe('succeeded');
    expect(intent.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(fake.paymentIntents().filter((pi) => pi.customer === who.customer)).toHaveLength(1);
  });

  it('lists a customer’s payments newest first, by page and by date', async () => {
    const who = await customerWithCard();
    const ids: string[] = [];
    for (const day of ['2026-04-01', '2026-04-02', '2026-04-03']) {
      at(`${day}T12:00:00Z`);
      ids.push((await pay(who)).id);
    }
    const page = await stripe.paymentIntents.list({ customer: who.customer, limit: 2 });
    expect(page).toMatchObject({ object: 'list', has_more: true, url: '/v1/payment_intents' });
    expect(page.data.map((pi) => pi.id)).toEqual([ids[2], ids[1]]);
    const all = await stripe.paymentIntents.list({ customer: who.customer, limit: 1 }).autoPagingToArray({ limit: 10 });
    expect(all.map((pi) => pi.id)).toEqual([...ids].reverse());
    const window = await stripe.paymentIntents.list({ customer: who.customer, created: { gte: Date.parse('2026-04-02T00:00:00Z') / 1000, lt: Date.parse('2026-04-03T00:00:00Z') / 1000 } });
    expect(window.data.map((pi) => pi.id)).toEqual([ids[1]]);
  });

  it('cancels a payment that waits for the card holder, not one that succeeded', async () => {
    const waiting = await pay(await customerWithCard('tok_threeDSecure2Required'));
    expect(await stripe.paymentIntents.cancel(waiting.id)).toMatchObject({ status: 'canceled', next_action: null });
    expect(fake.events().at(-1)?.type).toBe('payment_intent.canceled');
    const done = await pay(await customerWithCard());
    const error = await failure(stripe.paymentIntents.cancel(done.id));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ code: 'payment_intent_unexpected_state' });
  });

  it('refunds a payment once', async () => {
    const intent = await pay(await customerWithCard());
    const refund = await stripe.refunds.create({ payment_intent: intent.id });
    expect(refund).toMatchObject({ object: 'refund', status: 'succeeded', amount: 1250, payment_intent: intent.id, charge: intent.latest_charge });
    expect(refund.id).toMatch(/^re_/);
    expect(
      fake
        .events()
        .slice(-2)
        .map((event) => event.type),
    ).toEqual(['charge.refunded', 'refund.created']);
    const error = await failure(stripe.refunds.create({ payment_intent: intent.id }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });
  });

  it('saves a card for later with a SetupIntent', async () => {
    const customer = await stripe.customers.create({ email: 'saver@example.com' });
    const method = await stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_visa' } });
    const setup = await stripe.setupIntents.create({ customer: customer.id, payment_method: method.id, confirm: true, usage: 'off_session' });
    expect(setup).toMatchObject({ object: 'setup_intent', status: 'succeeded', customer: customer.id, payment_method: method.id });
    expect((await stripe.paymentMethods.retrieve(method.id)).customer).toBe(customer.id);
    const challenged = await stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_threeDSecure2Required' } });
    const waiting = await stripe.setupIntents.create({ customer: customer.id, payment_method: challenged.id, confirm: true, usage: 'off_session' });
    expect(waiting).toMatchObject({ status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
  });

  it('refuses what Stripe refuses: another customer’s card, an unknown token or payment method', async () => {
    const who = await customerWithCard();
    const other = await stripe.customers.create({ email: 'other@example.com' });
    const error = await failure(pay({ customer: other.id, method: who.method }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 400, param: 'payment_method' });
    expect(await failure(stripe.paymentMethods.attach(who.method, { customer: other.id }))).toMatchObject({ statusCode: 400 });
    expect(await failure(stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_nonsense' } }))).toMatchObject({ statusCode: 400, code: 'resource_missing' });
    expect(await failure(stripe.paymentMethods.retrieve('pm_missing'))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    const detached = await stripe.paymentMethods.detach(who.method);
    expect(detached.customer).toBeNull();
  });

  it('signs an event as a webhook the SDK verifies', async () => {
    const event = fake.events().find((e) => e.type === 'payment_intent.succeeded');
    if (!event) throw new Error('no payment_intent.succeeded event yet');
    const { payload, header } = fake.signedWebhook(event);
    const verified = stripe.webhooks.constructEvent(payload, header, fake.webhookSecret);
    expect(verified).toMatchObject({ id: event.id, type: 'payment_intent.succeeded', livemode: false, api_version: Stripe.API_VERSION });
    expect(() => stripe.webhooks.constructEvent(payload.replace('succeeded', 'failed'), header, fake.webhookSecret)).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });
});
