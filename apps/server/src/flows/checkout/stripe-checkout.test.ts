import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type Stripe from 'stripe';
import type { PaymentAnswer } from '@portal/shared/payment-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeCompanySettings, ownCompany, startTestApp, testEngines, type Browser, type TestApp } from '../../test/api-harness.ts';
import { customerWithInvoices, idempotencyKey as key, invoiceState, TEST_CARDS, tokenise } from '../../test/payment-fixtures.ts';
import { runHourlyJobs, runMinuteJobs } from '../../jobs/scheduler.ts';
import type { StripeFake } from '../../test/stripe-fake.ts';
import { startStripeTestApp } from '../../test/stripe-fixtures.ts';
import { setGatewayKeys } from '../../modules/payments/payments.api.ts';

/** A company of the test's own, open to new families (each test registers its own) who pay invoices online. */
function openToFamilies(s: Record<string, Record<string, unknown>>) {
  s.fin_setup!.InvoicesPaidOnline = true;
  s.switches!.CanTakeNewSignUps = true;
  s.switches!.ShowPaymentDetailsTab = true;
}

type Payment = PaymentAnswer & { code?: string; message?: string };

/**
 * Card payments through Stripe (decision 103): the official SDK pointed at a local fake of
 * Stripe's API, the webhook signed with the SDK's own helper.
 */
describe.each(testEngines())('checkout through Stripe on %s', (engine) => {
  let app: Awaited<ReturnType<typeof startStripeTestApp>>;
  let t: TestApp;
  let fake: StripeFake;
  let code: string;
  let companyId: number;
  const logged: string[] = [];
  const answers: string[] = [];

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        logged.push(chunk.toString());
        done();
      },
    });
    app = await startStripeTestApp(engine, { logStream });
    ({ t, fake } = app);
    ({ code, companyId } = await ownCompany(t));
    await app.connect(code, companyId, openToFamilies);
  });
  afterAll(() => app.close());

  const paymentMethod = (token?: string) => app.paymentMethod(token);

  async function pay(browser: Browser, body: Record<string, unknown>, idempotency = key()) {
    const answer = await browser.post<Payment>('/api/payment/checkout', { invoices: [], ...body }, { 'idempotency-key': idempotency });
    answers.push(JSON.stringify(answer));
    return answer;
  }

  const intentsOf = (paymentId: number) => fake.paymentIntents().filter((pi) => pi.metadata.portal_key === `payment-${paymentId}` && pi.metadata.company_id === String(companyId));
  const receiptsOf = (clientId: number) =>
    t.runtime.ctx.db.selectFrom('receipts').select(['receipt_no', 'amount_cents', 'reference']).where('company_id', '=', companyId).where('client_id', '=', clientId).execute();

  async function deliver(event: Stripe.Event, signature?: string) {
    const signed = fake.signedWebhook(event);
    const res = await t.server.inject({
      method: 'POST',
      url: `/webhooks/stripe/${code}`,
      payload: signed.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature ?? signed.header },
    });
    answers.push(res.body);
    return { status: res.statusCode, body: res.json<{ received?: boolean; duplicate?: boolean; code?: string }>() };
  }

  const paymentOf = async (invoiceNo: string) =>
    (await t.runtime.ctx.db.selectFrom('payments').select(['id', 'request']).where('company_id', '=', companyId).execute()).find((p) => p.request.includes(invoiceNo))!;

  const lastEvent = (type: string, intentId: string) => [...fake.events()].reverse().find((e) => e.type === type && (e.data.object as { id: string }).id === intentId)!;

  it('an invoice paid with a new card: one PaymentIntent for the amount, the receipt names the card, the invoice is paid', async () => {
    const { browser, clientId, invoiceNo } = await customerWithInvoices(t, [4_500], { company: code, prefix: 'S' });
    const paid = await pay(browser, { invoices: [invoiceNo], cardToken: await paymentMethod() });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'completed', processor: 'stripe', amountCents: 4_500 });
    const [intent, ...more] = intentsOf(paid.body.PaymentID);
    expect(more).toHaveLength(0);
    expect(intent).toMatchObject({ status: 'succeeded', amount: 4_500, id: paid.body.reference });
    expect(await receiptsOf(clientId)).toEqual([expect.objectContaining({ receipt_no: paid.body.receiptNo, amount_cents: 4_500, reference: 'Visa •••• 4242' })]);
    expect((await invoiceState(t, invoiceNo)).balance_due_cents).toBe(0);
  });

  it('a card saved at checkout pays the next invoice off the saved card, attached to the family’s Stripe customer', async () => {
    const { browser, invoiceNos } = await customerWithInvoices(t, [1_000, 2_000], { company: code, prefix: 'S' });
    const first = await pay(browser, { invoices: [invoiceNos[0]], cardToken: await paymentMethod('tok_mastercard'), saveCard: true });
    expect(first.body.status).toBe('completed');
    const second = await pay(browser, { invoices: [invoiceNos[1]], useSavedCard: true });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ status: 'completed', amountCents: 2_000 });
    const [a] = intentsOf(first.body.PaymentID);
    const [b] = intentsOf(second.body.PaymentID);
    expect(b!.payment_method).toBe(a!.payment_method);
    expect(b!.customer).toBe(a!.customer);
  });

  it('a card whose bank asks for 3-D Secure, saved at checkout: one step for the payment and for later ones, and the card is kept', async () => {
    const { browser, invoiceNo } = await customerWithInvoices(t, [1_400], { company: code, prefix: 'S' });
    const body = { invoices: [invoiceNo], cardToken: await paymentMethod('tok_threeDSecure2Required'), saveCard: true };
    const idempotency = key();
    const asked = await pay(browser, body, idempotency);
    expect(asked.body.status).toBe('requires_action');
    const [intent] = intentsOf(asked.body.PaymentID);
    expect(intent!.setup_future_usage).toBe('off_session');
    fake.authenticate(intent!.id, true);
    expect((await pay(browser, body, idempotency)).body.status).toBe('completed');
    const details = await browser.get<{ card: { last4: string } | null }>('/api/customer/get-payment-details');
    expect(details.body.card?.last4).toBe('3220');
  });

  it('a decline answers the processor’s reason and leaves the invoice owed', async () => {
    const { browser, invoiceNo } = await customerWithInvoices(t, [3_000], { company: code, prefix: 'S' });
    const paid = await pay(browser, { invoices: [invoiceNo], cardToken: await paymentMethod('tok_chargeDeclinedInsufficientFunds') });
    expect(paid.status).toBe(402);
    expect(paid.body).toMatchObject({ code: 'insufficient_funds', message: 'Your card has insufficient funds. You have not been charged.' });
    expect((await invoiceState(t, invoiceNo)).balance_due_cents).toBe(3_000);
  });

  /** A payment waiting on its 3-D Secure step, with the body and key its retry repeats. */
  async function challenged(cents = 2_500) {
    const { browser, clientId, invoiceNo } = await customerWithInvoices(t, [cents], { company: code, prefix: 'S' });
    const body = { invoices: [invoiceNo], cardToken: await paymentMethod('tok_threeDSecure2Required') };
    const idempotency = key();
    const asked = await pay(browser, body, idempotency);
    expect(asked.body.status).toBe('requires_action');
    const [intent, ...more] = intentsOf(asked.body.PaymentID);
    expect(more).toHaveLength(0);
    return { browser, clientId, invoiceNo, asked, intent: intent!, retry: () => pay(browser, body, idempotency) };
  }

  it('3-D Secure approved: the answer carries the client secret for Stripe.js, the retry of the same key completes with one charge', async () => {
    const { asked, intent, retry, invoiceNo } = await challenged();
    expect(asked.body.challenge?.id).toBe(intent.client_secret);
    fake.authenticate(intent.id, true);
    const done = await retry();
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', reference: intent.id });
    expect(intentsOf(asked.body.PaymentID)).toHaveLength(1);
    expect((await invoiceState(t, invoiceNo)).balance_due_cents).toBe(0);
  });

  it('3-D Secure refused: the retry answers the refusal and nothing is paid', async () => {
    const { intent, retry, invoiceNo } = await challenged();
    fake.authenticate(intent.id, false);
    const done = await retry();
    expect(done.status).toBe(402);
    expect(done.body).toMatchObject({ code: 'authentication_failed' });
    expect((await invoiceState(t, invoiceNo)).balance_due_cents).toBe(2_500);
  });

  it('the webhook before the browser returns, after it, and twice: one order, one receipt', async () => {
    const { asked, intent, retry, clientId } = await challenged(1_800);
    fake.authenticate(intent.id, true);
    const succeeded = lastEvent('payment_intent.succeeded', intent.id);
    // Before: the event completes the payment while the family is still on the 3-D Secure step.
    expect(await deliver(succeeded)).toEqual({ status: 200, body: { received: true, duplicate: false } });
    const row = await t.runtime.ctx.db.selectFrom('payments').select(['status', 'reference']).where('id', '=', asked.body.PaymentID).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'completed', reference: intent.id });
    // After: the browser's return answers the same order.
    const done = await retry();
    expect(done.body).toMatchObject({ status: 'completed', reference: intent.id });
    // Twice: applied once.
    expect((await deliver(succeeded)).body).toEqual({ received: true, duplicate: true });
    const receipts = await receiptsOf(clientId);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.receipt_no).toBe(done.body.receiptNo);
  });

  it('the webhook after the browser completed the payment changes nothing', async () => {
    const { intent, retry, clientId } = await challenged(1_200);
    fake.authenticate(intent.id, true);
    expect((await retry()).body.status).toBe('completed');
    expect(await deliver(lastEvent('payment_intent.succeeded', intent.id))).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(await receiptsOf(clientId)).toHaveLength(1);
  });

  it('a webhook with a bad signature is refused and applies nothing', async () => {
    const { asked, intent } = await challenged(900);
    fake.authenticate(intent.id, true);
    const forged = await deliver(lastEvent('payment_intent.succeeded', intent.id), `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`);
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe('WEBHOOK_SIGNATURE');
    const row = await t.runtime.ctx.db.selectFrom('payments').select('status').where('id', '=', asked.body.PaymentID).executeTakeFirstOrThrow();
    expect(row.status).toBe('requires_action');
  });

  it('a lost answer: the retry of the same key finds the charge Stripe made and completes it, one charge', async () => {
    const { browser, invoiceNo } = await customerWithInvoices(t, [6_000], { company: code, prefix: 'S' });
    const body = { invoices: [invoiceNo], cardToken: await paymentMethod() };
    const idempotency = key();
    fake.dropNextAnswer();
    const lost = await pay(browser, body, idempotency);
    expect(lost.status).toBe(502);
    expect(lost.body.code).toBe('PAYMENT_UNCONFIRMED');
    const retried = await pay(browser, body, idempotency);
    expect(retried.status).toBe(200);
    expect(retried.body.status).toBe('completed');
    expect(intentsOf(retried.body.PaymentID)).toHaveLength(1);
    expect((await invoiceState(t, invoiceNo)).balance_due_cents).toBe(0);
  });

  it('two submissions of one key at once: one charge, the same answer', async () => {
    const { browser, invoiceNo } = await customerWithInvoices(t, [700], { company: code, prefix: 'S' });
    const body = { invoices: [invoiceNo], cardToken: await paymentMethod() };
    const idempotency = key();
    const [a, b] = await Promise.all([pay(browser, body, idempotency), pay(browser, body, idempotency)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.receiptNo).toBe(b.body.receiptNo);
    expect(intentsOf(a.body.PaymentID)).toHaveLength(1);
    // Asked again later: the same answer, marked as replayed, nothing charged.
    const again = await pay(browser, body, idempotency);
    expect([again.status, again.headers['idempotent-replayed'], again.body.receiptNo]).toEqual([200, 'true', a.body.receiptNo]);
    // The key reused with another body: refused, and nothing charged.
    const before = fake.paymentIntents().length;
    const other = await pay(browser, { ...body, cardToken: await paymentMethod() }, idempotency);
    expect([other.status, other.body.code]).toEqual([422, 'IDEMPOTENCY_MISMATCH']);
    expect(fake.paymentIntents()).toHaveLength(before);
  });

  it('a refund goes to Stripe once, however often it is asked', async () => {
    const { browser, invoiceNo } = await customerWithInvoices(t, [1_100], { company: code, prefix: 'S' });
    const paid = await pay(browser, { invoices: [invoiceNo], cardToken: await paymentMethod() });
    const gateway = t.runtime.ctx.gateways.stripe!;
    await gateway.refund(companyId, paid.body.reference!);
    await gateway.refund(companyId, paid.body.reference!);
    expect(fake.events().filter((e) => e.type === 'charge.refunded' && JSON.stringify(e.data.object).includes(paid.body.reference!))).toHaveLength(1);
  });

  it('a card saved from Billing goes through a SetupIntent; one whose bank asks for 3-D Secure is saved once the step is taken', async () => {
    const { browser } = await customerWithInvoices(t, [], { company: code, prefix: 'S' });
    type Details = { card: { brand: string; last4: string } | null; cardAction?: { clientSecret: string } | null; stripePublishableKey?: string | null };
    expect((await browser.get<Details>('/api/customer/get-payment-details')).body.stripePublishableKey).toBe(fake.publishableKey);
    const card = await paymentMethod('tok_threeDSecure2Required');
    const asked = await browser.post<Details>('/api/customer/add-credit-card-details', { token: card });
    answers.push(JSON.stringify(asked));
    expect(asked.status).toBe(200);
    expect(asked.body.card).toBeNull();
    const secret = asked.body.cardAction!.clientSecret;
    expect(secret).toMatch(/^seti_/);
    // Asked again before the step: still waiting on it, nothing saved.
    expect((await browser.post<Details>('/api/customer/add-credit-card-details', { token: card })).body.cardAction?.clientSecret).toBe(secret);
    fake.authenticate(secret.split('_secret_')[0]!, true);
    const saved = await browser.post<Details>('/api/customer/add-credit-card-details', { token: card });
    expect(saved.body.cardAction ?? null).toBeNull();
    expect(saved.body.card).toMatchObject({ brand: 'Visa', last4: '3220' });
  });

  it('a card its bank declines as it is set up is refused with the bank’s reason, and nothing is saved', async () => {
    const { browser } = await customerWithInvoices(t, [], { company: code, prefix: 'S' });
    const refused = await browser.post('/api/customer/add-credit-card-details', { token: await paymentMethod('tok_chargeDeclinedInsufficientFunds') });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code: 'insufficient_funds', message: 'Your card has insufficient funds.' });
    expect((await browser.get<{ card: unknown }>('/api/customer/get-payment-details')).body.card).toBeNull();
  });

  it('a card from another family is refused before anything is charged', async () => {
    const owner = await customerWithInvoices(t, [500], { company: code, prefix: 'S' });
    const card = await paymentMethod();
    expect((await pay(owner.browser, { invoices: [owner.invoiceNo], cardToken: card, saveCard: true })).body.status).toBe('completed');
    const other = await customerWithInvoices(t, [500], { company: code, prefix: 'S' });
    const before = fake.paymentIntents().length;
    const refused = await pay(other.browser, { invoices: [other.invoiceNo], cardToken: card });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('CARD_TOKEN_INVALID');
    expect(fake.paymentIntents()).toHaveLength(before);
  });

  it('a generic decline is the card’s answer as Stripe checks it, before anything is written or charged', async () => {
    const { browser, clientId, invoiceNo } = await customerWithInvoices(t, [1_300], { company: code, prefix: 'S' });
    const before = fake.paymentIntents().length;
    const refused = await pay(browser, { invoices: [invoiceNo], cardToken: await paymentMethod('tok_chargeDeclined') });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code: 'card_declined', message: 'Your card was declined. You have not been charged.' });
    expect(fake.paymentIntents()).toHaveLength(before);
    expect(await t.runtime.ctx.db.selectFrom('payments').select('id').where('client_id', '=', clientId).execute()).toHaveLength(0);
  });

  it('a company whose key Stripe refuses does not hold up the minute job: another company’s payment in flight is still settled', async () => {
    // A Stripe payment in flight: its answer lost, so the minute job owns it.
    const { browser, invoiceNo } = await customerWithInvoices(t, [800], { company: code, prefix: 'S' });
    fake.dropNextAnswer();
    const lost = await pay(browser, { invoices: [invoiceNo], cardToken: await paymentMethod() });
    expect(lost.status).toBe(502);
    // A payment of a company on the simulator, its answer lost too, made after it.
    const other = await customerWithInvoices(t, [900], { prefix: 'R' });
    const lostThere = await other.browser.post<Payment>(
      '/api/payment/checkout',
      { invoices: [other.invoiceNo], cardToken: await tokenise(other.browser, TEST_CARDS.network) },
      { 'idempotency-key': key() },
    );
    expect(lostThere.status).toBe(502);
    const keys = { provider: 'stripe', secretKey: fake.secretKey, publishableKey: fake.publishableKey, webhookSecret: fake.webhookSecret };
    // The key revoked at Stripe: every call of the company's answers 401.
    expect((await setGatewayKeys(t.runtime.ctx, code, { ...keys, secretKey: 'sk_test_RevokedAtStripe0000' })).ok).toBe(true);
    try {
      await runMinuteJobs(t.runtime.ctx, new Date(Date.now() + 2 * 60_000));
      expect((await invoiceState(t, other.invoiceNo)).balance_due_cents).toBe(0);
      expect((await invoiceState(t, invoiceNo)).balance_due_cents).toBe(800);
    } finally {
      await setGatewayKeys(t.runtime.ctx, code, keys);
    }
    // With the key back, the next run settles it from the charge Stripe made.
    await runMinuteJobs(t.runtime.ctx, new Date(Date.now() + 3 * 60_000));
    expect((await invoiceState(t, invoiceNo)).balance_due_cents).toBe(0);
    const settled = await paymentOf(invoiceNo);
    expect(fake.paymentIntents().filter((pi) => pi.metadata.portal_key === `payment-${settled.id}`)).toHaveLength(1);
  });

  it('a family erased (decision 097): its customer at Stripe is deleted, and the card saved there detached with it', async () => {
    const { browser, clientId, invoiceNo } = await customerWithInvoices(t, [600], { company: code, prefix: 'S' });
    const card = await paymentMethod();
    expect((await pay(browser, { invoices: [invoiceNo], cardToken: card, saveCard: true })).body.status).toBe('completed');
    const customer = (await t.runtime.ctx.db.selectFrom('processor_customers').select('customer_id').where('client_id', '=', clientId).executeTakeFirstOrThrow()).customer_id;
    const asked = await browser.post<{ request: { eraseAfter: string } }>('/api/customer/deletion-request');
    expect(asked.status).toBe(200);
    await runHourlyJobs(t.runtime.ctx, new Date(Date.parse(asked.body.request.eraseAfter) + 60_000));
    await expect(app.stripe.customers.retrieve(customer)).rejects.toMatchObject({ statusCode: 404 });
    expect((await app.stripe.paymentMethods.retrieve(card)).customer).toBeNull();
    expect(await t.runtime.ctx.db.selectFrom('processor_customers').select('customer_id').where('client_id', '=', clientId).execute()).toEqual([]);
    // Its payment stays in the company's Stripe records.
    expect(fake.paymentIntents().some((pi) => pi.customer === customer && pi.status === 'succeeded')).toBe(true);
  });

  it('the keys appear in no answer and no log line', async () => {
    const everything = [...answers, ...logged].join('\n');
    expect(everything.length).toBeGreaterThan(1000);
    for (const secret of [fake.secretKey, fake.webhookSecret]) expect(everything).not.toContain(secret);
    const stored = await t.runtime.ctx.db.selectFrom('processor_credentials').selectAll().where('company_id', '=', companyId).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(fake.secretKey);
    expect(JSON.stringify(stored)).not.toContain(fake.webhookSecret);
  });
});

describe.each(testEngines())('a company that chose Stripe without its keys on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, { PROCESSOR_KEYS_SECRET: randomBytes(32).toString('base64') });
  });
  afterAll(() => t.close());

  it('cannot take a card payment: a clear message, and nothing written', async () => {
    const { code, companyId } = await ownCompany(t);
    await changeCompanySettings(t, companyId, (s: Record<string, Record<string, unknown>>) => {
      s.fin_setup!.PaymentGatewayEnabled = true;
      s.fin_setup!.PaymentGatewayProvider = 'stripe';
      openToFamilies(s);
    });
    const { browser, invoiceNo } = await customerWithInvoices(t, [1_000], { company: code, prefix: 'N' });
    const refused = await browser.post<Payment>('/api/payment/checkout', { invoices: [invoiceNo], cardToken: 'pm_1NotConnected0' }, { 'idempotency-key': key() });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'PAYMENTS_OFF', message: 'Card payments are not set up yet. Please contact us to pay.' });
    expect(await t.runtime.ctx.db.selectFrom('payments').select('id').where('company_id', '=', companyId).execute()).toHaveLength(0);
  });

  it('set-gateway refuses keys of the wrong shape or of mixed modes, and stores nothing', async () => {
    const { code, companyId } = await ownCompany(t);
    const keys = { provider: 'stripe', secretKey: 'sk_test_abcdefgh12345678', publishableKey: 'pk_test_abcdefgh12345678', webhookSecret: 'whsec_abcdefgh12345678' };
    expect(await setGatewayKeys(t.runtime.ctx, code, { ...keys, secretKey: 'not-a-key' })).toMatchObject({ ok: false });
    expect(await setGatewayKeys(t.runtime.ctx, code, { ...keys, secretKey: 'sk_live_abcdefgh12345678' })).toMatchObject({ ok: false });
    expect(await setGatewayKeys(t.runtime.ctx, code, { ...keys, provider: 'payrix' })).toMatchObject({ ok: false });
    expect(await setGatewayKeys({ ...t.runtime.ctx, env: { ...t.runtime.ctx.env, PROCESSOR_KEYS_SECRET: undefined } }, code, keys)).toMatchObject({ ok: false });
    expect(await t.runtime.ctx.db.selectFrom('processor_credentials').select('company_id').where('company_id', '=', companyId).execute()).toHaveLength(0);
    const stored = await setGatewayKeys(t.runtime.ctx, code, keys);
    expect(stored.ok).toBe(true);
    expect(stored.message).not.toContain(keys.secretKey);
    expect(stored.message).toContain('sk_test_…5678');
  });
});
