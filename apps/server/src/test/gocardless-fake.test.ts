import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GoCardlessClient } from 'gocardless-nodejs/client';
import { ApiError, AuthenticationError, InvalidApiUsageError, InvalidStateError, ValidationFailedError } from 'gocardless-nodejs/errors';
import type { Event, EventLinks } from 'gocardless-nodejs/types';
import { parse, parseWithMeta } from 'gocardless-nodejs/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoCardlessClient } from '../modules/payments/gocardless-client.ts';
import { startGoCardlessFake, type BankDetails, type GoCardlessFake } from './gocardless-fake.ts';

/** A webhook endpoint that keeps what it was sent, answering with `status`. */
async function startReceiver() {
  const received: { body: string; signature: string; contentType: string }[] = [];
  let status = 204;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['webhook-signature']), contentType: String(req.headers['content-type']) });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/gocardless`,
    received,
    answerWith: (next: number) => (status = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The fake as the official SDK sees it: every call below goes over HTTP to 127.0.0.1. */
describe('the GoCardless fake, driven by the gocardless-nodejs SDK', () => {
  const SECRET = 'webhook-secret-of-the-test-creditor';
  const BARCLAYS: BankDetails = { accountHolderName: 'Pat Payer', branchCode: '200000', accountNumber: '55779911' };
  let fake: GoCardlessFake;
  let client: GoCardlessClient;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let clock = new Date('2026-03-02T09:00:00Z');
  const at = (iso: string) => (clock = new Date(iso));

  beforeAll(async () => {
    fake = await startGoCardlessFake({ now: () => clock });
    client = createGoCardlessClient(fake.accessToken, fake.url);
    receiver = await startReceiver();
    fake.setWebhookEndpoint(receiver.url, SECRET);
  });
  afterAll(async () => {
    await fake.close();
    await receiver.close();
  });

  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.unreachable('the call should fail'),
      (error: unknown) => error,
    );
  /** The events the endpoint was sent so far, each checked with the SDK's own signature check. */
  const delivered = (): Event[] => receiver.received.flatMap((webhook) => parse(webhook.body, SECRET, webhook.signature));
  /** The events delivered about one resource (`links.payment` of a payments event, and so on). */
  const eventsOf = (id: string) => delivered().filter((event) => event.links?.[event.resource_type?.slice(0, -1) as keyof EventLinks] === id);

  /** A family's mandate: a billing request, its flow, and the hosted page completed with `bank`. */
  async function mandateFor(bank = BARCLAYS, customer?: string) {
    const request = await client.billingRequests.create({ mandate_request: { currency: 'GBP' }, metadata: { client_id: '42' }, ...(customer ? { links: { customer } } : {}) });
    const flow = await client.billingRequestFlows.create({ redirect_uri: 'https://portal.example/dd/done', links: { billing_request: request.id } });
    const mandate = await fake.completeFlow(flow.id, bank);
    return { mandate, customer: request.links?.customer ?? '', request: request.id, flow };
  }
  const pay = (mandate: string, more: { charge_date?: string; amount?: number; metadata?: Record<string, string> } = {}, key?: string) =>
    client.payments.create({ amount: 12_50, currency: 'GBP', description: 'Swimming, spring term', metadata: { portal_key: 'inv-1001' }, links: { mandate }, ...more }, key);

  it('sets up a mandate on the hosted page, as a family’s browser does', async () => {
    at('2026-03-02T09:00:00Z');
    const request = await client.billingRequests.create({ mandate_request: { scheme: 'bacs', currency: 'GBP' }, metadata: { client_id: '42' } });
    expect(request).toMatchObject({ status: 'pending', mandate_request: { currency: 'GBP', scheme: 'bacs' }, metadata: { client_id: '42' }, created_at: '2026-03-02T09:00:00.000Z' });
    expect(request.id).toMatch(/^BRQ[0-9A-Z]{12}$/);
    expect(request.links?.customer).toMatch(/^CU[0-9A-Z]{12}$/);
    const flow = await client.billingRequestFlows.create({
      redirect_uri: 'https://portal.example/dd/done',
      exit_uri: 'https://portal.example/dd/cancelled',
      links: { billing_request: request.id },
      prefilled_customer: { given_name: 'Pat', family_name: 'Payer', email: 'pat@example.com' },
    });
    expect(flow.id).toMatch(/^BRF/);
    expect(flow).toMatchObject({ authorisation_url: `${fake.url}/flow/${flow.id}`, links: { billing_request: request.id }, prefilled_customer: { given_name: 'Pat', email: 'pat@example.com' } });

    const page = await fetch(`${fake.url}/flow/${flow.id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>Set up a Direct Debit</h1>');
    expect(html).toContain('<strong>Test creditor</strong>');
    for (const [name, label] of [
      ['account_holder_name', 'Account holder name'],
      ['branch_code', 'Sort code'],
      ['account_number', 'Account number'],
    ]) {
      expect(html).toContain(`<label for="${name}">${label}</label><input id="${name}" name="${name}"`);
    }
    expect(html).toContain('<button type="submit">Set up Direct Debit</button>');
    expect(html).toContain('<a href="https://portal.example/dd/cancelled">Cancel</a>');

    const form = new URLSearchParams({ account_holder_name: 'Pat Payer', branch_code: '20-00-00', account_number: '55779911' });
    const sent = await fetch(`${fake.url}/flow/${flow.id}`, { method: 'POST', body: form, redirect: 'manual' });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('https://portal.example/dd/done');

    const fulfilled = await client.billingRequests.find(request.id);
    expect(fulfilled.status).toBe('fulfilled');
    const mandate = await client.mandates.find(fulfilled.links?.mandate_request_mandate ?? '');
    expect(mandate.id).toMatch(/^MD/);
    expect(mandate).toMatchObject({
      status: 'pending_submission',
      scheme: 'bacs',
      next_possible_charge_date: '2026-03-05',
      links: { customer: request.links?.customer, customer_bank_account: fulfilled.links?.customer_bank_account, creditor: expect.stringMatching(/^CR/) },
    });
    expect(mandate.reference).toMatch(/^[0-9A-Z]{7}$/);
    const account = await client.customerBankAccounts.find(fulfilled.links?.customer_bank_account ?? '');
    expect(account.id).toMatch(/^BA/);
    expect(account).toMatchObject({ account_holder_name: 'Pat Payer', account_number_ending: '11', bank_name: 'BARCLAYS BANK PLC', country_code: 'GB', currency: 'GBP', enabled: true });

    await fake.webhooksSettled();
    expect(eventsOf(request.id).map((e) => [e.resource_type, e.action])).toEqual([['billing_requests', 'fulfilled']]);
    expect(eventsOf(request.id)[0]?.links).toMatchObject({ customer_bank_account: account.id, mandate_request_mandate: mandate.id, billing_request_flow: flow.id });
    expect(eventsOf(mandate.id ?? '').map((e) => [e.resource_type, e.action])).toEqual([['mandates', 'created']]);
  });

  it.each([
    [{ account_holder_name: ' ', branch_code: '200000', account_number: '55779911' }, 'Enter the account holder name'],
    [{ account_holder_name: 'Pat Payer', branch_code: '20000', account_number: '55779911' }, 'Enter a sort code of 6 digits'],
    [{ account_holder_name: 'Pat Payer', branch_code: '200000', account_number: '5577991' }, 'Enter an account number of 8 digits'],
    [{ account_holder_name: 'Pat Payer', branch_code: '200000', account_number: '00000000' }, 'Bank account could not be verified'],
  ])('refuses what the bank would refuse on the page: %o', async (typed, message) => {
    const request = await client.billingRequests.create({ mandate_request: { currency: 'GBP' } });
    const flow = await client.billingRequestFlows.create({ redirect_uri: 'https://portal.example/dd/done', links: { billing_request: request.id } });
    const page = await fetch(`${fake.url}/flow/${flow.id}`, { method: 'POST', body: new URLSearchParams(typed), redirect: 'manual' });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<p role="alert">${message}</p>`);
    expect(html).toContain(`value="${typed.branch_code}"`);
    expect((await client.billingRequests.find(request.id)).status).toBe('pending');
    const bank = { accountHolderName: typed.account_holder_name, branchCode: typed.branch_code, accountNumber: typed.account_number };
    await expect(fake.completeFlow(flow.id, bank)).rejects.toThrow(message);
  });

  it('refuses a flow completed twice, on the page and from a test', async () => {
    const { mandate, flow, customer } = await mandateFor();
    const again = await fetch(`${fake.url}/flow/${flow.id}`, { method: 'POST', body: new URLSearchParams({ account_holder_name: 'Pat', branch_code: '200000', account_number: '11112222' }) });
    expect(again.status).toBe(200);
    const html = await again.text();
    expect(html).toContain('This Direct Debit has already been set up.');
    expect(html).not.toContain('<form');
    await expect(fake.completeFlow(flow.id, BARCLAYS)).rejects.toThrow('already been set up');
    expect(
      fake
        .mandates()
        .filter((m) => m.links?.customer === customer)
        .map((m) => m.id),
    ).toEqual([mandate]);
    expect((await fetch(`${fake.url}/flow/BRF000NOSUCHFLOW`)).status).toBe(404);
  });

  it('completes a flow from a test; lists a customer’s mandates and makes a second billing request for them', async () => {
    const first = await mandateFor({ accountHolderName: 'Sam Swimmer', branchCode: '40-47-84', accountNumber: '12345678' });
    expect((await client.customerBankAccounts.find((await client.mandates.find(first.mandate)).links?.customer_bank_account ?? '')).bank_name).toBe('TEST BANK PLC');
    const second = await mandateFor(BARCLAYS, first.customer);
    expect(second.customer).toBe(first.customer);
    const listed = await client.mandates.list({ customer: first.customer });
    expect(listed.mandates.map((m) => m.id)).toEqual([second.mandate, first.mandate]);
    expect(listed.meta).toEqual({ cursors: { before: null, after: null }, limit: 50 });
  });

  it('makes one billing request per Idempotency-Key: the SDK fetches the first when the key comes again', async () => {
    const before = fake.requests().length;
    const first = await client.billingRequests.create({ mandate_request: { currency: 'GBP' } }, 'start-mandate-42');
    const again = await client.billingRequests.create({ mandate_request: { currency: 'GBP' } }, 'start-mandate-42');
    expect(again.id).toBe(first.id);
    expect(fake.requests().slice(before)).toEqual(['POST /billing_requests', 'POST /billing_requests', `GET /billing_requests/${first.id}`]);
  });

  it('takes a payment on the mandate’s earliest date, or a later one asked for; an earlier one fails validation', async () => {
    at('2026-03-02T09:00:00Z');
    const { mandate } = await mandateFor();
    const payment = await pay(mandate);
    expect(payment.id).toMatch(/^PM/);
    expect(payment).toMatchObject({ status: 'pending_submission', amount: 1250, amount_refunded: 0, currency: 'GBP', charge_date: '2026-03-05', description: 'Swimming, spring term' });
    expect(payment.links).toMatchObject({ mandate, creditor: expect.stringMatching(/^CR/) });
    expect((await pay(mandate, { charge_date: '2026-03-20' })).charge_date).toBe('2026-03-20');

    const error = await failure(pay(mandate, { charge_date: '2026-03-04' }));
    expect(error).toBeInstanceOf(ValidationFailedError);
    expect(error).toMatchObject({
      code: 422,
      errorType: 'validation_failed',
      message: 'Validation failed',
      errors: [{ field: 'charge_date', message: "must be on or after mandate's next_possible_charge_date", request_pointer: '/payments/charge_date' }],
    });

    at('2026-03-10T09:00:00Z');
    expect((await client.mandates.find(mandate)).next_possible_charge_date).toBe('2026-03-13');
    expect((await pay(mandate)).charge_date).toBe('2026-03-13');
    await fake.webhooksSettled();
    expect(eventsOf(payment.id ?? '')).toMatchObject([
      { resource_type: 'payments', action: 'created', details: { origin: 'api', cause: 'payment_created' }, resource_metadata: { portal_key: 'inv-1001' } },
    ]);
  });

  it('moves a payment as the banks do, one event for each step', async () => {
    const { mandate } = await mandateFor();
    const paid = await pay(mandate);
    const moved = await fake.movePayment(paid.id ?? '', 'paid_out');
    expect(moved.links?.payout).toMatch(/^PO/);
    expect(await client.payments.find(paid.id ?? '')).toMatchObject({ status: 'paid_out' });
    const steps = eventsOf(paid.id ?? '').map((e) => [e.action, e.details?.origin, e.details?.cause]);
    expect(steps).toEqual([
      ['created', 'api', 'payment_created'],
      ['submitted', 'gocardless', 'payment_submitted'],
      ['confirmed', 'gocardless', 'payment_confirmed'],
      ['paid_out', 'gocardless', 'payment_paid_out'],
    ]);
    await fake.movePayment(paid.id ?? '', 'charged_back');
    expect(eventsOf(paid.id ?? '').at(-1)).toMatchObject({ action: 'charged_back', details: { origin: 'bank', cause: 'authorisation_disputed', scheme: 'bacs' } });

    const bounced = await pay(mandate);
    await fake.movePayment(bounced.id ?? '', 'failed', 'bank_account_closed');
    expect(eventsOf(bounced.id ?? '').at(-1)).toMatchObject({
      action: 'failed',
      details: { origin: 'bank', cause: 'bank_account_closed', scheme: 'bacs', reason_code: 'ARUDD-B', description: "The customer's bank account was closed." },
    });
    await expect(fake.movePayment(bounced.id ?? '', 'confirmed')).rejects.toThrow('is failed');
  });

  it('retries only a failed payment, on a new date; cancels only one not yet submitted', async () => {
    at('2026-03-02T09:00:00Z');
    const { mandate } = await mandateFor();
    const payment = await pay(mandate);
    const refused = await failure(client.payments.retry(payment.id ?? '', { metadata: { reason: 'x' } }));
    expect(refused).toBeInstanceOf(InvalidStateError);
    expect(refused).toMatchObject({ code: 422, errors: [{ reason: 'retry_failed' }] });

    await fake.movePayment(payment.id ?? '', 'failed');
    expect(eventsOf(payment.id ?? '').at(-1)).toMatchObject({ action: 'failed', details: { cause: 'insufficient_funds', reason_code: 'ARUDD-0', will_attempt_retry: false } });
    at('2026-03-09T10:00:00Z');
    const retried = await client.payments.retry(payment.id ?? '', { metadata: { attempt: '2' } });
    expect(retried).toMatchObject({ status: 'pending_submission', charge_date: '2026-03-12' });
    await fake.webhooksSettled();
    expect(eventsOf(payment.id ?? '').at(-1)).toMatchObject({ action: 'resubmission_requested', metadata: { attempt: '2' } });

    expect(await client.payments.cancel(payment.id ?? '')).toMatchObject({ status: 'cancelled' });
    await fake.webhooksSettled();
    expect(eventsOf(payment.id ?? '').at(-1)).toMatchObject({ action: 'cancelled', details: { origin: 'api' } });
    const submitted = await pay(mandate);
    await fake.movePayment(submitted.id ?? '', 'submitted');
    const late = await failure(client.payments.cancel(submitted.id ?? ''));
    expect(late).toBeInstanceOf(InvalidStateError);
    expect(late).toMatchObject({ message: 'Payment cannot be cancelled', errors: [{ reason: 'cancellation_failed' }] });
  });

  it('lists payments by mandate and by customer, newest first, a page at a time', async () => {
    const { mandate, customer } = await mandateFor();
    const ids: string[] = [];
    for (const key of ['a', 'b', 'c']) ids.push((await pay(mandate, { metadata: { portal_key: key } })).id ?? '');
    await mandateFor(); // another family's payments stay out
    const page = await client.payments.list({ mandate, limit: 2 });
    expect(page.payments.map((p) => p.id)).toEqual([ids[2], ids[1]]);
    expect(page.meta).toEqual({ cursors: { before: null, after: ids[1] }, limit: 2 });
    const next = await client.payments.list({ mandate, limit: 2, after: ids[1] });
    expect(next.payments.map((p) => p.id)).toEqual([ids[0]]);
    expect(next.meta.cursors).toEqual({ before: ids[0], after: null });
    const all: string[] = [];
    for await (const payment of client.payments.all({ customer, limit: 1 })) all.push(payment.id ?? '');
    expect(all).toEqual([...ids].reverse());
  });

  it('cancels a mandate with its unsubmitted payments, then refuses payments on it (mandate_is_inactive)', async () => {
    const { mandate } = await mandateFor();
    const waiting = await pay(mandate);
    const submitted = await pay(mandate);
    await fake.movePayment(submitted.id ?? '', 'submitted');
    const cancelled = await client.mandates.cancel(mandate, { metadata: { by: 'family' } });
    expect(cancelled).toMatchObject({ status: 'cancelled', next_possible_charge_date: null });
    expect((await client.payments.find(waiting.id ?? '')).status).toBe('cancelled');
    expect((await client.payments.find(submitted.id ?? '')).status).toBe('submitted');
    await fake.webhooksSettled();
    expect(eventsOf(mandate).at(-1)).toMatchObject({ action: 'cancelled', details: { origin: 'api', cause: 'mandate_cancelled' }, metadata: { by: 'family' } });
    expect(eventsOf(waiting.id ?? '').at(-1)).toMatchObject({ action: 'cancelled', details: { cause: 'mandate_cancelled' } });

    const refused = await failure(pay(mandate));
    expect(refused).toBeInstanceOf(InvalidStateError);
    expect(refused).toMatchObject({ code: 422, errorType: 'invalid_state', errors: [{ reason: 'mandate_is_inactive' }] });
    expect(await failure(client.mandates.cancel(mandate))).toMatchObject({ errors: [{ reason: 'cancellation_failed' }] });
  });

  it('moves mandates at the bank: active after submitted, failed, cancelled at a branch, expired', async () => {
    const active = await mandateFor();
    expect(await fake.moveMandate(active.mandate, 'active')).toMatchObject({ status: 'active' });
    expect(eventsOf(active.mandate).map((e) => [e.action, e.details?.cause])).toEqual([
      ['created', 'mandate_created'],
      ['submitted', 'mandate_submitted'],
      ['active', 'mandate_activated'],
    ]);
    expect((await pay(active.mandate)).status).toBe('pending_submission');
    await fake.moveMandate(active.mandate, 'expired');
    expect((await client.mandates.find(active.mandate)).status).toBe('expired');
    expect(await failure(pay(active.mandate))).toBeInstanceOf(InvalidStateError);

    const failed = await mandateFor();
    await fake.moveMandate(failed.mandate, 'failed');
    expect(eventsOf(failed.mandate).at(-1)).toMatchObject({ action: 'failed', details: { origin: 'bank', cause: 'bank_account_closed', reason_code: 'AUDDIS-B' } });
    const branch = await mandateFor();
    await fake.moveMandate(branch.mandate, 'cancelled');
    expect(eventsOf(branch.mandate).at(-1)).toMatchObject({ action: 'cancelled', details: { origin: 'bank', cause: 'mandate_cancelled', reason_code: 'ADDACS-1' } });
    expect(fake.mandates().find((m) => m.id === branch.mandate)?.status).toBe('cancelled');
    await expect(fake.moveMandate(branch.mandate, 'active')).rejects.toThrow('is cancelled');
  });

  it('loses the answer to payments.create: the SDK throws, the payment was made, and the same key again answers it', async () => {
    const { mandate } = await mandateFor();
    const before = fake.requests().length;
    fake.dropNextAnswer('POST /payments');
    const error = await failure(pay(mandate, { metadata: { portal_key: 'inv-2002' } }, 'collect-inv-2002'));
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ApiError);
    const made = fake.payments().filter((p) => p.metadata?.portal_key === 'inv-2002');
    expect(made).toMatchObject([{ status: 'pending_submission', links: { mandate } }]);

    const again = await pay(mandate, { metadata: { portal_key: 'inv-2002' } }, 'collect-inv-2002');
    expect(again.id).toBe(made[0]?.id);
    expect(fake.payments().filter((p) => p.metadata?.portal_key === 'inv-2002')).toHaveLength(1);
    expect(fake.requests().slice(before)).toEqual(['POST /payments', 'POST /payments', `GET /payments/${again.id}`]);
  });

  it('sends webhooks as GoCardless does: signed, in order, held back and released, repeated, and past a failing endpoint', async () => {
    const { mandate } = await mandateFor();
    const payment = await pay(mandate);
    await fake.webhooksSettled();
    const webhook = receiver.received.at(-1);
    expect(webhook?.contentType).toBe('application/json');
    expect(webhook?.signature).toMatch(/^[0-9a-f]{64}$/);
    const { events, webhookId } = parseWithMeta(webhook?.body ?? '', SECRET, webhook?.signature ?? '');
    expect(webhookId).toBe(fake.deliveries().at(-1)?.webhookId);
    expect(webhookId).toMatch(/^WB/);
    expect(events[0]).toMatchObject({ id: expect.stringMatching(/^EV/), resource_type: 'payments', action: 'created', links: { payment: payment.id } });
    expect(events[0]).toEqual(fake.events().find((e) => e.id === events[0]?.id));
    expect(() => parse(webhook?.body ?? '', 'another-secret', webhook?.signature ?? '')).toThrow();

    fake.holdWebhooks();
    const sentBefore = receiver.received.length;
    await fake.movePayment(payment.id ?? '', 'confirmed');
    expect(receiver.received.length).toBe(sentBefore);
    await fake.releaseWebhooks();
    expect(receiver.received.slice(sentBefore).flatMap((w) => parse(w.body, SECRET, w.signature).map((e) => e.action))).toEqual(['submitted', 'confirmed']);

    const confirmed = fake.events().at(-1)?.id ?? '';
    const repeat = await fake.deliver(confirmed);
    expect(repeat).toMatchObject({ eventIds: [confirmed], status: 204, error: null });
    expect(delivered().filter((e) => e.id === confirmed)).toHaveLength(2);

    receiver.answerWith(500);
    await fake.movePayment(payment.id ?? '', 'paid_out');
    expect(fake.deliveries().at(-1)).toMatchObject({ status: 500, eventIds: [fake.events().at(-1)?.id] });
    receiver.answerWith(204);
    fake.setWebhookEndpoint('http://127.0.0.1:9/nobody-listens', SECRET);
    await fake.movePayment(payment.id ?? '', 'charged_back');
    expect(fake.deliveries().at(-1)).toMatchObject({ status: null, error: expect.any(String) });
    fake.setWebhookEndpoint(receiver.url, SECRET);
    expect((await client.payments.find(payment.id ?? '')).status).toBe('charged_back');
  });

  it('plays the banks and sets the webhook endpoint over HTTP, for the browser suite', async () => {
    const { mandate } = await mandateFor();
    const payment = await pay(mandate);
    const post = (path: string, body: unknown = {}) => fetch(`${fake.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

    expect((await post('/_test/webhook_endpoint', { url: receiver.url, secret: SECRET })).status).toBe(200);
    const moved = await post(`/_test/payments/${payment.id}/actions/failed`, { cause: 'bank_account_closed' });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ payments: { id: payment.id, status: 'failed' } });
    // Answered once the webhook was: the portal has heard of it by the time the test looks.
    expect(eventsOf(payment.id ?? '').at(-1)).toMatchObject({ action: 'failed', details: { cause: 'bank_account_closed' } });

    expect(await (await post(`/_test/mandates/${mandate}/actions/active`)).json()).toMatchObject({ mandates: { status: 'active' } });
    const refused = await post(`/_test/payments/${payment.id}/actions/paid_out`);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ error: { type: 'invalid_state', message: expect.stringContaining('is failed') } });
    expect((await post(`/_test/payments/${payment.id}/actions/teleported`)).status).toBe(404);
  });

  it('removes a customer: their mandates, bank accounts and payments answer 410 from then on', async () => {
    const { mandate, customer } = await mandateFor();
    const payment = await pay(mandate);
    const account = (await client.mandates.find(mandate)).links?.customer_bank_account ?? '';
    expect(await client.customers.remove(customer)).toMatchObject({ id: customer });
    const calls = [
      () => client.mandates.find(mandate),
      () => client.customerBankAccounts.find(account),
      () => client.payments.find(payment.id ?? ''),
      () => pay(mandate),
      () => client.customers.remove(customer),
    ];
    for (const call of calls) {
      const error = await failure(call());
      expect(error).toBeInstanceOf(InvalidApiUsageError);
      expect(error).toMatchObject({ code: 410, errors: [{ reason: 'customer_data_removed' }] });
    }
    expect((await client.mandates.list({ customer })).mandates).toEqual([]);
  });

  it('answers errors in GoCardless’s shape: an unknown id or link, another token, an unknown path', async () => {
    const missing = await failure(client.payments.find('PM000NOSUCHONE'));
    expect(missing).toBeInstanceOf(InvalidApiUsageError);
    expect(missing).toMatchObject({
      code: 404,
      errorType: 'invalid_api_usage',
      message: 'Resource not found',
      documentationUrl: 'https://developer.gocardless.com/api-reference#resource_not_found',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      errors: [{ reason: 'resource_not_found', message: 'Resource not found' }],
    });
    expect(await failure(pay('MD000NOSUCHONE'))).toMatchObject({ code: 400, errors: [{ reason: 'link_not_found', links: { mandate: 'MD000NOSUCHONE' } }] });

    expect(fake.accessToken).toMatch(/^sandbox_/);
    const stranger = createGoCardlessClient('sandbox_someone_else', fake.url);
    const refused = await failure(stranger.payments.list());
    expect(refused).toBeInstanceOf(AuthenticationError);
    expect(refused).toMatchObject({ code: 401, errors: [{ reason: 'access_token_not_found' }] });

    const lost = await fetch(`${fake.url}/refunds`, { headers: { Authorization: `Bearer ${fake.accessToken}`, 'GoCardless-Version': '2015-07-06' } });
    expect(lost.status).toBe(404);
    expect(await lost.json()).toMatchObject({ error: { type: 'invalid_api_usage', code: 404, errors: [{ reason: 'path_not_found' }] } });
  });
});
