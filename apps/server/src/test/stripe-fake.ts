import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import {
  authenticationError,
  AUTHENTICATION_REQUIRED,
  canonical,
  cardError,
  chargeObject,
  conflict,
  customerObject,
  docUrl,
  eventObject,
  group,
  invalid,
  listPage,
  newId,
  noSuch,
  onlyKnown,
  parseForm,
  paymentIntentObject,
  paymentMethodObject,
  Refusal,
  refundObject,
  required,
  setupIntentObject,
  SPENT,
  TEST_TOKENS,
  text,
  threeDSecureAction,
  throwing,
  unix,
} from './stripe-fake-objects.ts';
import type { Answer, Change, Params, TestCard } from './stripe-fake-objects.ts';
import type { StripeFake } from './stripe-fake-handle.ts';

export type { StripeFake } from './stripe-fake-handle.ts';

interface Method {
  object: Stripe.PaymentMethod;
  card: TestCard;
  /** Used without being attached to a customer, or detached: Stripe refuses it from then on. */
  spent: boolean;
}

export async function startStripeFake(options: { now?: () => Date; port?: number; secretKey?: string; webhookSecret?: string } = {}): Promise<StripeFake> {
  const clock = () => options.now?.() ?? new Date();
  const now = () => unix(clock());
  const secretKey = options.secretKey ?? newId('sk_test', 99);
  const customers = new Map<string, Stripe.Customer>();
  const methods = new Map<string, Method>();
  const intents = new Map<string, Stripe.PaymentIntent>();
  const setups = new Map<string, Stripe.SetupIntent>();
  const charges = new Map<string, Stripe.Charge>();
  const events: Stripe.Event[] = [];
  const kept = new Map<string, { fingerprint: string; answer: Answer; requestId: string }>();
  const paths: string[] = [];
  let drop = { left: 0, key: undefined as string | undefined };
  let request: Stripe.Event.Request = { id: null, idempotency_key: null };

  const record = (change: Change) => events.push(eventObject(now(), change, request));
  const customerOf = (id: string, param?: string) => customers.get(id) ?? throwing(noSuch('customer', id, param, param ? 400 : 404));
  const methodOf = (id: string, param?: string) => methods.get(id) ?? throwing(noSuch('PaymentMethod', id, param, param ? 400 : 404));
  const intentOf = (id: string, param?: string) => intents.get(id) ?? throwing(noSuch('payment_intent', id, param, param ? 400 : 404));
  const put = <T extends { id: string }>(map: Map<string, T>, item: T, changes: Partial<T>) => {
    const next = { ...item, ...changes };
    map.set(next.id, next);
    return next;
  };
  const setIntent = (intent: Stripe.PaymentIntent, changes: Partial<Stripe.PaymentIntent>) => put(intents, intent, changes);
  const setSetup = (intent: Stripe.SetupIntent, changes: Partial<Stripe.SetupIntent>) => put(setups, intent, changes);
  const attach = (method: Method, customer: string) => {
    method.object = { ...method.object, customer };
    method.spent = false;
  };

  /** A payment method `customer` may pay with: attached to them, or to nobody and not used yet. */
  function usable(id: string, customer: string | undefined): Method {
    const method = methodOf(id, 'payment_method');
    const owner = method.object.customer;
    if (owner !== null && owner !== customer) {
      throw invalid(`The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`, { param: 'payment_method' });
    }
    if (owner === null && method.spent) throw invalid(SPENT, { param: 'payment_method' });
    return method;
  }

  function succeed(intent: Stripe.PaymentIntent, method: Method): Stripe.PaymentIntent {
    const charge = chargeObject(now(), intent, 'succeeds');
    charges.set(charge.id, charge);
    if (intent.setup_future_usage && typeof intent.customer === 'string') attach(method, intent.customer);
    const done = setIntent(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: charge.id, next_action: null });
    record({ type: 'payment_intent.succeeded', object: done });
    return done;
  }

  function confirm(intent: Stripe.PaymentIntent, method: Method, offSession: boolean): Stripe.PaymentIntent {
    if (method.object.customer === null) method.spent = true;
    const outcome = method.card.outcome === 'three_d_secure' && offSession ? AUTHENTICATION_REQUIRED : method.card.outcome;
    if (outcome === 'succeeds') return succeed(intent, method);
    if (outcome === 'three_d_secure') {
      const waiting = setIntent(intent, { status: 'requires_action', next_action: threeDSecureAction(method.card.brand) });
      record({ type: 'payment_intent.requires_action', object: waiting });
      return waiting;
    }
    const charge = chargeObject(now(), intent, outcome);
    charges.set(charge.id, charge);
    const error = cardError(outcome, method.object, charge.id);
    const failed = setIntent(intent, { status: 'requires_payment_method', payment_method: null, latest_charge: charge.id, last_payment_error: error });
    record({ type: 'payment_intent.payment_failed', object: failed });
    throw new Refusal(402, { ...error, payment_intent: failed, request_log_url: `https://dashboard.stripe.com/test/logs/${request.id}` }, true);
  }

  /** `expand[]=payment_method` (latest_charge, customer); in a list, `expand[]=data.payment_method`. */
  function expanded(intent: Stripe.PaymentIntent, params: Params, prefix = ''): Stripe.PaymentIntent {
    let out = intent;
    for (const path of Object.values(group(params, 'expand'))) {
      const field = typeof path === 'string' && path.startsWith(prefix) ? path.slice(prefix.length) : '';
      if (field === 'payment_method') out = { ...out, payment_method: typeof out.payment_method === 'string' ? methodOf(out.payment_method).object : out.payment_method };
      else if (field === 'latest_charge') out = { ...out, latest_charge: typeof out.latest_charge === 'string' ? (charges.get(out.latest_charge) ?? null) : out.latest_charge };
      else if (field === 'customer') out = { ...out, customer: typeof out.customer === 'string' ? customerOf(out.customer) : out.customer };
      else throw invalid(`This property cannot be expanded (${String(path)}).`);
    }
    return out;
  }

  function createIntent(params: Params): Stripe.PaymentIntent {
    onlyKnown(params, 'amount currency customer payment_method confirm description metadata off_session setup_future_usage automatic_payment_methods payment_method_types receipt_email expand');
    const amount = Number(required(params, 'amount'));
    if (!Number.isInteger(amount) || amount < 1) throw invalid(`Invalid integer: ${text(params, 'amount')}`, { code: 'parameter_invalid_integer', param: 'amount' });
    required(params, 'currency');
    const customer = text(params, 'customer');
    if (customer) customerOf(customer, 'customer');
    const confirming = text(params, 'confirm') === 'true';
    const paymentMethod = text(params, 'payment_method');
    if (confirming && !paymentMethod) throw invalid("You cannot confirm this PaymentIntent because it's missing a payment method.", { code: 'payment_intent_unexpected_state' });
    const method = paymentMethod ? usable(paymentMethod, customer) : undefined;
    const intent = paymentIntentObject(now(), params);
    intents.set(intent.id, intent);
    record({ type: 'payment_intent.created', object: intent });
    return expanded(method && confirming ? confirm(intent, method, text(params, 'off_session') === 'true') : intent, params);
  }

  function listIntents(params: Params): Stripe.ApiList<Stripe.PaymentIntent> {
    onlyKnown(params, 'customer created limit starting_after ending_before expand');
    const customer = text(params, 'customer');
    const list = listPage([...intents.values()], params, '/v1/payment_intents', (pi) => !customer || pi.customer === customer);
    return { ...list, data: list.data.map((pi) => expanded(pi, params, 'data.')) };
  }

  function cancelIntent(params: Params, id: string): Stripe.PaymentIntent {
    const intent = intentOf(id);
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) {
      throw conflict(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        { code: 'payment_intent_unexpected_state', doc_url: docUrl('payment_intent_unexpected_state'), payment_intent: intent },
      );
    }
    const canceled = setIntent(intent, { status: 'canceled', canceled_at: now(), cancellation_reason: text(params, 'cancellation_reason') ?? null, next_action: null });
    record({ type: 'payment_intent.canceled', object: canceled });
    return expanded(canceled, params);
  }

  function createRefund(params: Params): Stripe.Refund {
    onlyKnown(params, 'payment_intent charge amount reason metadata expand');
    const intentId = text(params, 'payment_intent');
    const chargeId = text(params, 'charge') ?? (intentId ? intentOf(intentId, 'payment_intent').latest_charge : undefined);
    if (!intentId && !chargeId) throw invalid('One of the following params should be provided for this request: payment_intent or charge.', { code: 'parameter_missing' });
    const charge = typeof chargeId === 'string' ? charges.get(chargeId) : undefined;
    if (!charge || charge.status !== 'succeeded')
      throw conflict(`This PaymentIntent (${intentId ?? chargeId}) does not have a successful charge to refund.`, { param: intentId ? 'payment_intent' : 'charge' });
    if (charge.refunded) throw conflict(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded', doc_url: docUrl('charge_already_refunded') });
    const left = charge.amount - charge.amount_refunded;
    const amount = Number(text(params, 'amount') ?? left);
    if (!Number.isInteger(amount) || amount < 1 || amount > left) throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, { param: 'amount' });
    const refund = refundObject(now(), charge, amount, params);
    const refunded = { ...charge, amount_refunded: charge.amount_refunded + amount, refunded: amount === left };
    charges.set(charge.id, refunded);
    record({ type: 'charge.refunded', object: refunded });
    record({ type: 'refund.created', object: refund });
    return refund;
  }

  function createSetupIntent(params: Params): Stripe.SetupIntent {
    onlyKnown(params, 'customer payment_method confirm usage description metadata payment_method_types automatic_payment_methods expand');
    const customer = text(params, 'customer');
    if (customer) customerOf(customer, 'customer');
    const paymentMethod = text(params, 'payment_method');
    const method = paymentMethod ? usable(paymentMethod, customer) : undefined;
    const intent = setupIntentObject(now(), params);
    setups.set(intent.id, intent);
    if (!method || text(params, 'confirm') !== 'true') return intent;
    const outcome = method.card.outcome;
    if (outcome === 'three_d_secure') return setSetup(intent, { status: 'requires_action', next_action: threeDSecureAction(method.card.brand) });
    if (outcome === 'succeeds') {
      if (customer) attach(method, customer);
      return setSetup(intent, { status: 'succeeded', latest_attempt: newId('setatt') });
    }
    const error = cardError(outcome, method.object);
    const failed = setSetup(intent, { status: 'requires_payment_method', payment_method: null, last_setup_error: error });
    throw new Refusal(402, { ...error, setup_intent: failed }, true);
  }

  function createCustomer(params: Params): Stripe.Customer {
    onlyKnown(params, 'email name description phone metadata expand');
    const customer = customerObject(now(), params);
    customers.set(customer.id, customer);
    return customer;
  }

  function createPaymentMethod(params: Params): Stripe.PaymentMethod {
    onlyKnown(params, 'type card metadata billing_details expand');
    if (required(params, 'type') !== 'card') throw invalid('The fake makes only card payment methods.', { param: 'type' });
    const token = required(group(params, 'card'), 'token');
    const card = TEST_TOKENS[token] ?? throwing(noSuch('token', token, 'card[token]'));
    const method = { object: paymentMethodObject(clock(), card, params), card, spent: false };
    methods.set(method.object.id, method);
    return method.object;
  }

  /** A customer deleted, and the payment methods attached to them with it (as Stripe detaches them). */
  function deleteCustomer(_params: Params, id: string): Stripe.DeletedCustomer {
    customerOf(id);
    customers.delete(id);
    for (const method of methods.values()) {
      if (method.object.customer === id) method.object = { ...method.object, customer: null };
    }
    return { id, object: 'customer', deleted: true };
  }

  function attachMethod(params: Params, id: string): Stripe.PaymentMethod {
    const method = methodOf(id);
    const customer = required(params, 'customer');
    customerOf(customer, 'customer');
    if (method.object.customer !== null && method.object.customer !== customer) throw invalid('The payment method you provided has already been attached to a customer.');
    if (method.object.customer === null && method.spent) throw invalid(SPENT);
    const outcome = method.card.outcome;
    if (method.card.declinedOnAttach && typeof outcome !== 'string') throw new Refusal(402, cardError(outcome, method.object), true);
    attach(method, customer);
    return method.object;
  }

  function detachMethod(_params: Params, id: string): Stripe.PaymentMethod {
    const method = methodOf(id);
    if (method.object.customer === null) throw invalid('The payment method you provided is not attached to a customer so detachment is impossible.');
    method.object = { ...method.object, customer: null };
    method.spent = true;
    return method.object;
  }

  const routes: [string, RegExp, (params: Params, id: string) => unknown][] = [
    ['POST', /^\/v1\/customers$/, createCustomer],
    ['GET', /^\/v1\/customers\/([^/]+)$/, (_params, id) => customerOf(id)],
    ['DELETE', /^\/v1\/customers\/([^/]+)$/, deleteCustomer],
    ['POST', /^\/v1\/payment_methods$/, createPaymentMethod],
    ['GET', /^\/v1\/payment_methods\/([^/]+)$/, (_params, id) => methodOf(id).object],
    ['POST', /^\/v1\/payment_methods\/([^/]+)\/attach$/, attachMethod],
    ['POST', /^\/v1\/payment_methods\/([^/]+)\/detach$/, detachMethod],
    ['POST', /^\/v1\/payment_intents$/, createIntent],
    ['GET', /^\/v1\/payment_intents$/, listIntents],
    ['GET', /^\/v1\/payment_intents\/([^/]+)$/, (params, id) => expanded(intentOf(id), params)],
    ['POST', /^\/v1\/payment_intents\/([^/]+)\/cancel$/, cancelIntent],
    ['POST', /^\/v1\/refunds$/, createRefund],
    ['POST', /^\/v1\/setup_intents$/, createSetupIntent],
    ['GET', /^\/v1\/setup_intents\/([^/]+)$/, (_params, id) => setups.get(id) ?? throwing(noSuch('setupintent', id, undefined, 404))],
  ];

  function carryOut(method: string, path: string, params: Params): Answer {
    try {
      for (const [verb, pattern, handle] of routes) {
        const match = method === verb ? pattern.exec(path) : null;
        if (!match) continue;
        return { status: 200, body: handle(params, decodeURIComponent(match[1] ?? '')), kept: true };
      }
      throw invalid(`Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`, {}, 404);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return { status: error.status, body: { error: error.error }, kept: error.kept };
    }
  }

  function answer(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
    const url = new URL(req.url ?? '/', 'http://stripe.fake');
    const method = req.method ?? 'GET';
    paths.push(url.pathname);
    const requestId = newId('req', 14);
    const key = method === 'POST' ? req.headers['idempotency-key']?.toString() : undefined;
    const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Request-Id': requestId, 'Stripe-Version': req.headers['stripe-version']?.toString() ?? Stripe.API_VERSION };
    if (key) headers['Idempotency-Key'] = key;
    request = { id: requestId, idempotency_key: key ?? null };
    const params = parseForm(method === 'POST' ? body : url.search.slice(1));
    const given = /^Bearer (.*)$/.exec(req.headers.authorization ?? '')?.[1];
    const control = /^\/_test\/payment_intents\/([^/]+)\/authenticate$/.exec(url.pathname);
    let result: Answer;
    if (control && given === secretKey && method === 'POST') {
      // The card holder's answer to 3-D Secure, for a browser test's stand-in of Stripe.js (not Stripe's API).
      authenticate(control[1]!, text(params, 'approve') === 'true');
      result = { status: 200, body: intentOf(control[1]!), kept: false };
    } else if (given !== secretKey) {
      const message = given ? `Invalid API Key provided: ${given.slice(0, 8)}${'*'.repeat(Math.max(0, given.length - 12))}${given.slice(-4)}` : 'You did not provide an API key.';
      result = { status: 401, body: { error: { type: 'invalid_request_error', message } satisfies Stripe.StripeRawError }, kept: false };
    } else if (key) {
      const slot = `${secretKey}\0${key}`;
      const fingerprint = `${method} ${url.pathname} ${canonical(params)}`;
      const first = kept.get(slot);
      if (first?.fingerprint === fingerprint) {
        result = first.answer;
        Object.assign(headers, { 'Idempotent-Replayed': 'true', 'Original-Request': first.requestId });
      } else if (first) {
        const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;
        result = { status: 400, body: { error: { type: 'idempotency_error', message } satisfies Stripe.StripeRawError }, kept: false };
      } else {
        result = carryOut(method, url.pathname, params);
        if (result.kept) kept.set(slot, { fingerprint, answer: result, requestId });
      }
    } else {
      result = carryOut(method, url.pathname, params);
    }
    request = { id: null, idempotency_key: null };
    const first = method === 'POST' && url.pathname === '/v1/payment_intents' && drop.left > 0 && drop.key === undefined;
    if (first || (drop.left > 0 && key !== undefined && key === drop.key)) {
      drop = { left: drop.left - 1, key: first ? (key ?? '') : drop.key };
      req.socket.destroy();
      return;
    }
    res.writeHead(result.status, headers).end(JSON.stringify(result.body, null, 2));
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => answer(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const webhookSecret = options.webhookSecret ?? newId('whsec', 32);

  function authenticate(id: string, approve: boolean) {
    const intent = intents.get(id);
    const setup = setups.get(id);
    const status = intent?.status ?? setup?.status;
    if (status !== 'requires_action') throw new Error(`${id} does not wait for 3-D Secure (status ${status ?? 'unknown'})`);
    const method = methodOf(String(intent?.payment_method ?? setup?.payment_method));
    if (intent && approve) succeed(intent, method);
    if (intent && !approve) {
      const failed = setIntent(intent, { status: 'requires_payment_method', payment_method: null, next_action: null, last_payment_error: authenticationError('payment_intent', method.object) });
      record({ type: 'payment_intent.payment_failed', object: failed });
    }
    if (setup && approve && typeof setup.customer === 'string') attach(method, setup.customer);
    if (setup && approve) setSetup(setup, { status: 'succeeded', next_action: null, latest_attempt: newId('setatt') });
    if (setup && !approve) setSetup(setup, { status: 'requires_payment_method', payment_method: null, next_action: null, last_setup_error: authenticationError('setup_intent', method.object) });
  }

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    secretKey,
    publishableKey: secretKey.replace('sk_test_', 'pk_test_'),
    webhookSecret,
    events: () => [...events],
    paymentIntents: () => [...intents.values()],
    authenticate,
    dropNextAnswer(answers = 2) {
      drop = { left: answers, key: undefined };
    },
    requestCount: (prefix) => paths.filter((path) => path.startsWith(prefix)).length,
    signedWebhook(event) {
      const payload = JSON.stringify(event, null, 2);
      return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
