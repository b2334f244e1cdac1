import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BillingRequest, BillingRequestFlow, Customer, CustomerBankAccount, Event, ListMeta, Mandate, Payment } from 'gocardless-nodejs/types';
import * as gc from './gocardless-fake-objects.ts';
import type { BankDetails, Delivery, GoCardlessFake, MandateMove, PaymentMove } from './gocardless-fake-handle.ts';

export type { BankDetails, GoCardlessFake } from './gocardless-fake-handle.ts';

export async function startGoCardlessFake(options: { now?: () => Date; port?: number; accessToken?: string } = {}): Promise<GoCardlessFake> {
  const clock = () => options.now?.() ?? new Date();
  const accessToken = options.accessToken ?? `sandbox_${randomUUID().replace(/-/g, '')}`;
  const creditor = gc.newId('CR');
  const customers = new Map<string, Customer>();
  const removed = new Set<string>();
  const requests = new Map<string, BillingRequest>();
  const flows = new Map<string, BillingRequestFlow>();
  const accounts = new Map<string, CustomerBankAccount>();
  const mandates = new Map<string, Mandate>();
  const payments = new Map<string, Payment>();
  /** Idempotency-Key (with the path it was sent to) → the id of what the request made. */
  const made = new Map<string, string>();
  const paths: string[] = [];
  const drops: string[] = [];
  const events: Event[] = [];
  const deliveries: Delivery[] = [];
  let endpoint: { url: string; secret: string } | null = null;
  let holding: Event[][] | null = null;
  let sending: Promise<unknown> = Promise.resolve();

  // --- Webhooks: one POST at a time, in the order the events happened.
  async function post(batch: Event[]): Promise<Delivery> {
    if (!endpoint) throw new Error('No webhook endpoint: call setWebhookEndpoint first');
    const delivery: Delivery = { webhookId: gc.newId('WB'), eventIds: batch.map((event) => event.id ?? ''), status: null, error: null };
    const body = JSON.stringify({ events: batch, meta: { webhook_id: delivery.webhookId } });
    const signature = createHmac('sha256', endpoint.secret).update(body).digest('hex');
    try {
      const headers = { 'Content-Type': 'application/json', 'Webhook-Signature': signature, 'User-Agent': 'gocardless-webhook-service/1.1' };
      const res = await fetch(endpoint.url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
      delivery.status = res.status;
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    deliveries.push(delivery);
    return delivery;
  }
  function send(batch: Event[]): Promise<Delivery> {
    const sent = sending.then(() => post(batch));
    sending = sent.catch(() => undefined);
    return sent;
  }
  /** Records the events of one change and sends them in one webhook (kept back while held); resolves once answered. */
  async function publish(batch: Event[]): Promise<void> {
    events.push(...batch);
    if (holding) holding.push(batch);
    else if (endpoint) await send(batch);
  }

  // --- Lookups, answering as GoCardless does for an unknown id or a removed customer's data.
  const usable = <T>(item: T | undefined, customer: (item: T) => string | undefined): T => {
    if (!item) throw gc.notFound();
    if (removed.has(customer(item) ?? '')) throw gc.dataRemoved();
    return item;
  };
  const mandateOf = (id: string) => usable(mandates.get(id), (m) => m.links?.customer);
  const paymentOf = (id: string) => usable(payments.get(id), (p) => mandates.get(p.links?.mandate ?? '')?.links?.customer);
  const put = <T extends { id?: string }>(map: Map<string, T>, item: T, changes: Partial<T>): T => {
    const next = { ...item, ...changes };
    map.set(next.id ?? '', next);
    return next;
  };
  const chargeable = (mandate: Mandate) =>
    gc.USABLE.includes(mandate.status ?? 'cancelled') ? mandate : gc.throwing(gc.invalidState('mandate_is_inactive', 'The mandate is inactive: it is cancelled, failed or expired'));
  /** A mandate as it reads now: the earliest charge date moves on with the clock. */
  const current = (mandate: Mandate): Mandate => ({ ...mandate, next_possible_charge_date: gc.USABLE.includes(mandate.status ?? 'cancelled') ? gc.isoDate(gc.daysAfter(clock(), 3)) : null });
  const paymentEvent = (payment: Payment, action: string, details: gc.Details, metadata?: Record<string, string>) =>
    gc.eventObject(clock(), { resourceType: 'payments', action, links: { payment: payment.id, payout: payment.links?.payout }, details, metadata, resourceMetadata: payment.metadata });
  const mandateEvent = (mandate: Mandate, action: string, details: gc.Details, metadata?: Record<string, string>) =>
    gc.eventObject(clock(), { resourceType: 'mandates', action, links: { mandate: mandate.id }, details, metadata, resourceMetadata: mandate.metadata });

  // --- The banks' side.
  async function moveThePayment(id: string, to: PaymentMove, cause?: string): Promise<Payment> {
    const payment = payments.get(id) ?? gc.throwing(new Error(`No payment ${id}`));
    const step = gc.PAYMENT_STEPS[to];
    if (!step.from.includes(payment.status ?? 'pending_submission')) {
      if (!step.via || payment.status === step.via) throw new Error(`Payment ${id} is ${payment.status}: the banks cannot make it ${to}`);
      await moveThePayment(id, step.via);
      return moveThePayment(id, to, cause);
    }
    const payout = to === 'paid_out' ? { links: { ...payment.links, payout: gc.newId('PO') } } : {};
    const moved = put(payments, payment, { status: to, ...payout });
    await publish([paymentEvent(moved, to, gc.causeDetails(gc.PAYMENT_CAUSES, cause ?? step.cause))]);
    return moved;
  }

  /** Ends a mandate, and with it the payments not yet submitted (as GoCardless does). */
  function endMandate(mandate: Mandate, to: 'cancelled' | 'failed' | 'expired', details: gc.Details, metadata?: Record<string, string>): Event[] {
    const ended = put(mandates, mandate, { status: to });
    const batch = [mandateEvent(ended, to, details, metadata)];
    for (const payment of payments.values()) {
      if (payment.links?.mandate !== mandate.id || !gc.PAYMENT_STEPS.cancelled.from.includes(payment.status ?? 'pending_submission')) continue;
      const cancelled = put(payments, payment, { status: 'cancelled' });
      batch.push(paymentEvent(cancelled, 'cancelled', { ...details, cause: `mandate_${to}`, description: `The mandate for this payment was ${to}.` }));
    }
    return batch;
  }

  async function moveTheMandate(id: string, to: gc.MandateStep, cause?: string): Promise<Mandate> {
    const mandate = mandates.get(id) ?? gc.throwing(new Error(`No mandate ${id}`));
    const step = gc.MANDATE_STEPS[to];
    if (!step.from.includes(mandate.status ?? 'pending_submission')) {
      if (!step.via || mandate.status === step.via) throw new Error(`Mandate ${id} is ${mandate.status}: it cannot become ${to}`);
      await moveTheMandate(id, step.via);
      return moveTheMandate(id, to, cause);
    }
    const details = gc.causeDetails(gc.MANDATE_CAUSES, cause ?? step.cause);
    await publish(to === 'submitted' || to === 'active' ? [mandateEvent(put(mandates, mandate, { status: to }), to, details)] : endMandate(mandate, to, details));
    return current(mandates.get(id) ?? mandate);
  }

  // --- The payer's side: the hosted page.
  /** Fulfils the flow's billing request with these bank details: a bank account and a mandate; the page's message when refused. */
  function completeTheFlow(flow: BillingRequestFlow, bank: BankDetails): { mandate: Mandate; sent: Promise<void> } {
    const request = requests.get(flow.links?.billing_request ?? '') ?? gc.throwing(new Error(`Flow ${flow.id} has no billing request`));
    if (request.status === 'fulfilled') throw new Error('This Direct Debit has already been set up.');
    const refused = gc.bankRefusal(bank);
    if (refused) throw new Error(refused);
    const customerId = request.links?.customer ?? '';
    if (removed.has(customerId)) throw new Error('This link can no longer be used.');
    const customer = customers.get(customerId) ?? gc.throwing(new Error(`No customer ${customerId}`));
    const account = gc.bankAccountObject(clock(), customerId, bank);
    accounts.set(account.id ?? '', account);
    const mandate = gc.mandateObject(clock(), { customer: customerId, account: account.id ?? '', creditor, metadata: request.mandate_request?.metadata ?? {} });
    mandates.set(mandate.id ?? '', mandate);
    const fulfilled = put(requests, request, {
      status: 'fulfilled',
      actions: [],
      mandate_request: { ...request.mandate_request, links: { mandate: mandate.id } },
      links: { ...request.links, customer_bank_account: account.id, mandate_request_mandate: mandate.id },
      resources: { ...request.resources, customer: { ...customer, metadata: {} }, customer_bank_account: account },
    });
    const links = { billing_request: fulfilled.id, billing_request_flow: flow.id, customer: customerId, customer_bank_account: account.id, mandate_request_mandate: mandate.id };
    const details = gc.fromApi('billing_request_fulfilled', 'This billing request has been fulfilled, and the resources have been created.');
    const sent = publish([
      gc.eventObject(clock(), { resourceType: 'billing_requests', action: 'fulfilled', links, details, resourceMetadata: fulfilled.metadata ?? {} }),
      mandateEvent(mandate, 'created', gc.fromApi('mandate_created', 'Mandate created via the API.')),
    ]);
    return { mandate, sent };
  }

  function hostedPage(method: string, id: string, body: string): { status: number; headers: Record<string, string>; body: string } {
    const flow = flows.get(id);
    const html = (text: string) => ({ status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: text });
    if (!flow) return { ...html('<!doctype html><title>Not found</title><h1>This page could not be found</h1>'), status: 404 };
    const complete = requests.get(flow.links?.billing_request ?? '')?.status === 'fulfilled';
    if (method !== 'POST') return html(gc.flowPage(flow, complete ? { message: 'This Direct Debit has already been set up.', complete } : {}));
    const bank = gc.formBank(body);
    try {
      completeTheFlow(flow, bank);
    } catch (error) {
      return html(gc.flowPage(flow, { message: error instanceof Error ? error.message : String(error), values: bank, complete }));
    }
    if (!flow.redirect_uri) return html(gc.flowPage(flow, { message: 'Your Direct Debit has been set up.', complete: true }));
    return { status: 303, headers: { Location: flow.redirect_uri }, body: '' };
  }

  // --- The API.
  function createBillingRequest(body: gc.Json): BillingRequest {
    const input = gc.envelopeOf(body, 'billing_requests');
    const asked = gc.objectIn(input, 'mandate_request', '/billing_requests');
    if (!asked) throw gc.invalid('billing_requests', [{ field: 'mandate_request', message: 'is required (the fake makes only mandate requests)' }]);
    const currency = gc.requiredString(asked, 'currency', '/billing_requests/mandate_request');
    const scheme = gc.stringIn(asked, 'scheme', '/billing_requests/mandate_request');
    if (currency !== 'GBP' || (scheme ?? 'bacs') !== 'bacs')
      throw gc.invalid('billing_requests', [{ field: `mandate_request.${currency === 'GBP' ? 'scheme' : 'currency'}`, message: 'is not supported: the fake collects GBP by Bacs' }]);
    const linked = gc.stringIn(gc.objectIn(input, 'links', '/billing_requests') ?? {}, 'customer', '/billing_requests/links');
    if (linked && !customers.has(linked)) throw gc.linkNotFound('customer', linked);
    if (linked && removed.has(linked)) throw gc.dataRemoved();
    const customer = (linked ? customers.get(linked) : undefined) ?? gc.customerObject(clock());
    customers.set(customer.id ?? '', customer);
    const metadata = input.metadata === undefined || input.metadata === null ? null : gc.metadataIn(input, '/billing_requests');
    const request = gc.billingRequestObject(clock(), { customer, creditor, metadata, mandateMetadata: gc.metadataIn(asked, '/billing_requests/mandate_request') });
    requests.set(request.id, request);
    return request;
  }

  function createFlow(body: gc.Json, url: string): BillingRequestFlow {
    const input = gc.envelopeOf(body, 'billing_request_flows');
    const request = gc.requiredString(gc.objectIn(input, 'links', '/billing_request_flows') ?? {}, 'billing_request', '/billing_request_flows/links');
    if (!requests.has(request)) throw gc.linkNotFound('billing_request', request);
    const prefilled = gc.objectIn(input, 'prefilled_customer', '/billing_request_flows');
    const named = (key: string) => (prefilled ? (gc.stringIn(prefilled, key, '/billing_request_flows/prefilled_customer') ?? null) : null);
    const [redirectUri, exitUri] = [gc.stringIn(input, 'redirect_uri', '/billing_request_flows'), gc.stringIn(input, 'exit_uri', '/billing_request_flows')];
    const customer = prefilled ? { given_name: named('given_name'), family_name: named('family_name'), email: named('email') } : undefined;
    const flow = gc.flowObject(clock(), { id: gc.newId('BRF'), url, billingRequest: request, redirectUri, exitUri, prefilled: customer });
    flows.set(flow.id, flow);
    return flow;
  }

  function createPayment(body: gc.Json): Payment {
    const input = gc.envelopeOf(body, 'payments');
    const amount = gc.amountIn(input, '/payments');
    const currency = gc.requiredString(input, 'currency', '/payments');
    const mandateId = gc.requiredString(gc.objectIn(input, 'links', '/payments') ?? {}, 'mandate', '/payments/links');
    const mandate = chargeable(mandateOf(mandates.has(mandateId) ? mandateId : gc.throwing(gc.linkNotFound('mandate', mandateId))));
    const earliest = current(mandate).next_possible_charge_date ?? '';
    const chargeDate = gc.stringIn(input, 'charge_date', '/payments') ?? earliest;
    const errors: { field: string; message: string }[] = [];
    if (amount < 1) errors.push({ field: 'amount', message: 'must be greater than 0' });
    if (currency !== 'GBP') errors.push({ field: 'currency', message: "must be the same as the mandate's currency (GBP)" });
    if (!/^\d{4}-\d{2}-\d{2}$/.test(chargeDate) || chargeDate < earliest) errors.push({ field: 'charge_date', message: "must be on or after mandate's next_possible_charge_date" });
    if (errors.length > 0) throw gc.invalid('payments', errors);
    const [description, reference, metadata] = [gc.stringIn(input, 'description', '/payments'), gc.stringIn(input, 'reference', '/payments'), gc.metadataIn(input, '/payments')];
    const payment = gc.paymentObject(clock(), { amount, chargeDate, mandate: mandateId, creditor, description, reference, metadata });
    payments.set(payment.id ?? '', payment);
    void publish([paymentEvent(payment, 'created', gc.fromApi('payment_created', 'Payment created via the API.'))]);
    return payment;
  }

  /** An action's body (`{ "data": { metadata } }`): its metadata goes on the event the action causes. */
  const actionMetadata = (body: gc.Json) => gc.metadataIn(gc.objectIn(body, 'data', '') ?? {}, '/data');

  function cancelPayment(body: gc.Json, id: string): Payment {
    const payment = paymentOf(id);
    if (!gc.PAYMENT_STEPS.cancelled.from.includes(payment.status ?? 'pending_submission')) throw gc.invalidState('cancellation_failed', 'Payment cannot be cancelled');
    const cancelled = put(payments, payment, { status: 'cancelled' });
    void publish([paymentEvent(cancelled, 'cancelled', gc.fromApi('payment_cancelled', 'The payment was cancelled at your request.'), actionMetadata(body))]);
    return cancelled;
  }

  function retryPayment(body: gc.Json, id: string): Payment {
    const payment = paymentOf(id);
    if (payment.status !== 'failed') throw gc.invalidState('retry_failed', 'Payment cannot be retried: only a failed payment can be');
    const mandate = chargeable(mandateOf(payment.links?.mandate ?? ''));
    const earliest = current(mandate).next_possible_charge_date ?? '';
    const asked = gc.stringIn(gc.objectIn(body, 'data', '') ?? {}, 'charge_date', '/data');
    if (asked !== undefined && !(/^\d{4}-\d{2}-\d{2}$/.test(asked) && asked >= earliest))
      throw gc.invalid('data', [{ field: 'charge_date', message: "must be on or after mandate's next_possible_charge_date" }]);
    const retried = put(payments, payment, { status: 'pending_submission', charge_date: asked ?? earliest });
    void publish([paymentEvent(retried, 'resubmission_requested', gc.fromApi('payment_retried', 'The payment was retried at your request.'), actionMetadata(body))]);
    return retried;
  }

  function cancelMandate(body: gc.Json, id: string): Mandate {
    const mandate = mandateOf(id);
    if (!gc.MANDATE_STEPS.cancelled.from.includes(mandate.status ?? 'pending_submission')) throw gc.invalidState('cancellation_failed', 'Mandate cannot be cancelled');
    void publish(endMandate(mandate, 'cancelled', gc.fromApi('mandate_cancelled', 'The mandate was cancelled at your request.'), actionMetadata(body)));
    return current(mandates.get(id) ?? mandate);
  }

  /** Removes a customer as GoCardless does: its data (bank accounts, mandates, payments) answers 410 from then on. */
  function removeCustomer(id: string): Customer {
    const customer = usable(customers.get(id), (c) => c.id);
    removed.add(id);
    return customer;
  }

  /** Method, path, what it answers (status, envelope, resource, a list's meta), and whether it creates (an Idempotency-Key holds it then). */
  type Route = [string, RegExp, (body: gc.Json, id: string, query: URLSearchParams) => [number, string, unknown, ListMeta?], creates?: boolean];
  const routes: Route[] = [
    ['POST', /^\/billing_requests$/, (body) => [201, 'billing_requests', createBillingRequest(body)], true],
    ['GET', /^\/billing_requests\/([^/]+)$/, (_b, id) => [200, 'billing_requests', usable(requests.get(id), (r) => r.links?.customer)]],
    ['POST', /^\/billing_request_flows$/, (body) => [201, 'billing_request_flows', createFlow(body, fake.url)]],
    ['GET', /^\/customer_bank_accounts\/([^/]+)$/, (_b, id) => [200, 'customer_bank_accounts', usable(accounts.get(id), (a) => a.links?.customer)]],
    ['DELETE', /^\/customers\/([^/]+)$/, (_b, id) => [200, 'customers', removeCustomer(id)]],
    ['GET', /^\/mandates$/, (_b, _id, query) => list('mandates', [...mandates.values()].map(current), (m) => m, query)],
    ['GET', /^\/mandates\/([^/]+)$/, (_b, id) => [200, 'mandates', current(mandateOf(id))]],
    ['POST', /^\/mandates\/([^/]+)\/actions\/cancel$/, (body, id) => [200, 'mandates', cancelMandate(body, id)]],
    ['POST', /^\/payments$/, (body) => [201, 'payments', createPayment(body)], true],
    ['GET', /^\/payments$/, (_b, _id, query) => list('payments', [...payments.values()], (p) => mandates.get(p.links?.mandate ?? ''), query)],
    ['GET', /^\/payments\/([^/]+)$/, (_b, id) => [200, 'payments', paymentOf(id)]],
    ['POST', /^\/payments\/([^/]+)\/actions\/cancel$/, (body, id) => [200, 'payments', cancelPayment(body, id)]],
    ['POST', /^\/payments\/([^/]+)\/actions\/retry$/, (body, id) => [200, 'payments', retryPayment(body, id)]],
  ];

  /** A page of mandates or payments, filtered by their mandate's links; a removed customer's are left out. */
  function list<T extends Mandate | Payment>(key: 'mandates' | 'payments', all: T[], mandateOfItem: (item: T) => Mandate | undefined, query: URLSearchParams): [number, string, unknown, ListMeta] {
    const fields = (item: T, m = mandateOfItem(item)) => ({ customer: m?.links?.customer, customer_bank_account: m?.links?.customer_bank_account, mandate: m?.id, status: item.status });
    const shown = all.filter((item) => !removed.has(fields(item).customer ?? ''));
    const page = gc.listPage(shown, query, fields);
    return [200, key, page.items, page.meta];
  }

  function carryOut(req: http.IncomingMessage, method: string, url: URL, raw: string): [number, unknown] {
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (given !== accessToken) throw given ? gc.usage(401, 'access_token_not_found', 'Access token not found') : gc.usage(401, 'missing_authorization_header', 'Authorization header missing');
    const version = req.headers['gocardless-version']?.toString();
    if (version !== gc.API_VERSION) throw version ? gc.usage(400, 'version_not_found', `Version ${version} not found`) : gc.usage(400, 'missing_version_header', 'GoCardless-Version header missing');
    const body = method === 'POST' || method === 'PUT' ? gc.parseJson(raw) : {};
    const key = method === 'POST' ? req.headers['idempotency-key']?.toString() : undefined;
    for (const [verb, pattern, handle, creates] of routes) {
      const match = method === verb ? pattern.exec(url.pathname) : null;
      if (!match) continue;
      // A create is carried out once per Idempotency-Key: the key again answers 409 naming what it made.
      const slot = creates && key ? `${url.pathname}\0${key}` : undefined;
      const earlier = slot ? made.get(slot) : undefined;
      if (earlier) throw gc.conflict(earlier);
      const [status, envelope, item, meta] = handle(body, decodeURIComponent(match[1] ?? ''), url.searchParams);
      if (slot) made.set(slot, (item as { id?: string }).id ?? '');
      return [status, meta ? { [envelope]: item, meta } : { [envelope]: item }];
    }
    throw gc.usage(404, 'path_not_found', 'Path not found');
  }

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const fake: GoCardlessFake = {
    url: `http://127.0.0.1:${port}`,
    port,
    accessToken,
    async completeFlow(flowId, bank) {
      const { mandate, sent } = completeTheFlow(flows.get(flowId) ?? gc.throwing(new Error(`No flow ${flowId}`)), bank);
      await sent;
      return mandate.id ?? '';
    },
    movePayment: (id, to, cause) => moveThePayment(id, to, cause),
    moveMandate: (id, to, cause) => moveTheMandate(id, to, cause),
    setWebhookEndpoint(url, secret) {
      endpoint = { url, secret };
    },
    holdWebhooks: () => void (holding ??= []),
    async releaseWebhooks() {
      const held = holding ?? [];
      holding = null;
      if (endpoint) for (const batch of held) await send(batch);
    },
    deliver(eventId) {
      const event = events.find((e) => e.id === eventId) ?? gc.throwing(new Error(`No event ${eventId}`));
      return send([event]);
    },
    webhooksSettled: () => sending.then(() => undefined),
    events: () => [...events],
    deliveries: () => [...deliveries],
    payments: () => [...payments.values()],
    mandates: () => [...mandates.values()].map(current),
    dropNextAnswer: (prefix) => void drops.push(prefix),
    requests: () => [...paths],
    async close() {
      await sending;
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };

  /** The browser suite's hands on the banks and the webhook endpoint (no token: only the fake has them). */
  async function control(url: URL, raw: string): Promise<[number, unknown]> {
    const body = gc.parseJson(raw);
    if (url.pathname === '/_test/webhook_endpoint') {
      fake.setWebhookEndpoint(gc.requiredString(body, 'url', ''), gc.requiredString(body, 'secret', ''));
      return [200, {}];
    }
    const [, kind, id = '', to = ''] = /^\/_test\/(payments|mandates)\/([^/]+)\/actions\/([^/]+)$/.exec(url.pathname) ?? [];
    const cause = gc.stringIn(body, 'cause', '');
    if (!(kind === 'payments' ? payments : mandates).has(id)) throw gc.notFound();
    try {
      if (kind === 'payments' && Object.hasOwn(gc.PAYMENT_STEPS, to)) return [200, { payments: await moveThePayment(id, to as PaymentMove, cause) }];
      if (kind === 'mandates' && Object.hasOwn(gc.MANDATE_STEPS, to) && to !== 'submitted') return [200, { mandates: await moveTheMandate(id, to as MandateMove, cause) }];
    } catch (error) {
      throw gc.invalidState('invalid_transition', error instanceof Error ? error.message : String(error));
    }
    throw gc.usage(404, 'path_not_found', 'Path not found');
  }

  async function answer(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    const url = new URL(req.url ?? '/', fake.url);
    const method = req.method ?? 'GET';
    const line = `${method} ${url.pathname}`;
    paths.push(line);
    const requestId = randomUUID();
    const json = (status: number, body: unknown) => ({ status, headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId }, body: JSON.stringify(body) });
    let result: { status: number; headers: Record<string, string>; body: string };
    try {
      const page = /^\/flow\/([^/]+)$/.exec(url.pathname);
      if (page) result = hostedPage(method, decodeURIComponent(page[1] ?? ''), raw);
      else if (url.pathname.startsWith('/_test/') && method === 'POST') result = json(...(await control(url, raw)));
      else result = json(...carryOut(req, method, url, raw));
    } catch (error) {
      if (!(error instanceof gc.Refusal)) throw error;
      result = json(error.status, { error: { ...error.error, request_id: requestId } });
    }
    const drop = drops.findIndex((prefix) => line.startsWith(prefix));
    if (drop >= 0) {
      drops.splice(drop, 1);
      req.socket.destroy();
      return;
    }
    res.writeHead(result.status, result.headers).end(result.body);
  }

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => void answer(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  return fake;
}
