import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { countCharges, customerWithInvoices, idempotencyKey as key, invoiceState, TEST_CARDS, tokenise } from '../../test/payment-fixtures.ts';

/** A card token belongs to the client who made it: nobody else can pay with it or save it. */
describe.each(testEngines())('card tokens bound to their client on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const db = () => t.runtime.ctx.db;
  const customer = (company = 'SPLASH') => customerWithInvoices(t, [], { company });
  const withInvoice = (cents: number) => customerWithInvoices(t, [cents], { prefix: 'K' });
  const charges = () => countCharges(t);
  const invoice = (no: string) => invoiceState(t, no);

  it("another client's token cannot pay: 422, nothing charged, nothing written", async () => {
    const owner = await customer();
    const token = await tokenise(owner.browser);
    const payer = await withInvoice(3_000);
    const before = await charges();
    const res = await payer.browser.post<{ code: string }>('/api/payment/checkout', { invoices: [payer.invoiceNo], cardToken: token }, { 'idempotency-key': key() });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('CARD_TOKEN_INVALID');
    expect(await charges()).toBe(before);
    expect(await invoice(payer.invoiceNo)).toEqual({ status: 'Unpaid', balance_due_cents: 3_000 });
    expect(await db().selectFrom('payments').select('id').where('client_id', '=', payer.clientId).execute()).toEqual([]);
    // The owner pays with it.
    const own = await withInvoice(1_000);
    const ownToken = await tokenise(own.browser);
    expect((await own.browser.post('/api/payment/checkout', { invoices: [own.invoiceNo], cardToken: ownToken }, { 'idempotency-key': key() })).status).toBe(200);
  });

  it("another company's token cannot pay: 422, nothing charged", async () => {
    const ace = await customer('ACE');
    const token = await tokenise(ace.browser);
    const payer = await withInvoice(2_000);
    const before = await charges();
    const res = await payer.browser.post('/api/payment/checkout', { invoices: [payer.invoiceNo], cardToken: token }, { 'idempotency-key': key() });
    expect(res.status).toBe(422);
    expect(await charges()).toBe(before);
    expect(await invoice(payer.invoiceNo)).toEqual({ status: 'Unpaid', balance_due_cents: 2_000 });
  });

  it("another client's token cannot be saved as a card", async () => {
    const owner = await customer();
    const token = await tokenise(owner.browser);
    const other = await customer();
    const res = await other.browser.post('/api/customer/add-credit-card-details', { token });
    expect(res.status).toBe(422);
    expect(await db().selectFrom('payment_methods').select('id').where('client_id', '=', other.clientId).execute()).toEqual([]);
    expect((await owner.browser.post('/api/customer/add-credit-card-details', { token })).status).toBe(200);
  });

  it('a card is tokenised only by a signed-in customer', async () => {
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    const res = await b.post('/sim-gateway/v1/tokens', { number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' });
    expect(res.status).toBe(401);
  });

  it("another client's challenge step cannot be seen or completed; the card holder's can", async () => {
    const owner = await withInvoice(2_500);
    const body = { invoices: [owner.invoiceNo], cardToken: await tokenise(owner.browser, TEST_CARDS.challenge) };
    const k = key();
    const first = await owner.browser.post<{ status: string; challenge: { id: string } }>('/api/payment/checkout', body, { 'idempotency-key': k });
    expect(first.body.status).toBe('requires_action');
    const path = `/sim-gateway/v1/challenges/${first.body.challenge.id}`;
    const stranger = await customer();
    expect((await stranger.browser.get(path)).status).toBe(404);
    expect((await stranger.browser.post(path, { approve: true })).status).toBe(404);
    // Nobody signed in cannot either.
    const guest = new Browser(t.server);
    await guest.enterCompany('SPLASH');
    expect((await guest.post(path, { approve: true })).status).toBe(401);
    expect((await owner.browser.get<{ status: string }>(path)).body.status).toBe('pending');
    expect(await invoice(owner.invoiceNo)).toEqual({ status: 'Unpaid', balance_due_cents: 2_500 });
    expect((await owner.browser.post<{ status: string }>(path, { approve: true })).body.status).toBe('approved');
    expect((await owner.browser.post<{ status: string }>('/api/payment/checkout', body, { 'idempotency-key': k })).body.status).toBe('completed');
  });
});
