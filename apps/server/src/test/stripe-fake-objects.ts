import { randomInt, randomUUID } from 'node:crypto';
import Stripe from 'stripe';

/**
 * The objects the Stripe fake (stripe-fake.ts) answers with, each built as the SDK's own types
 * describe it, so a field the SDK's types require, or one of the wrong type, fails the type check.
 */

/** A form body or query string in Stripe's bracket notation: `metadata[key]=x`, `expand[]=a` (arrays become objects keyed 0, 1, …). */
export interface Params {
  [key: string]: string | Params;
}

export function parseForm(text: string): Params {
  const root: Params = Object.create(null);
  for (const [name, value] of new URLSearchParams(text)) {
    const path = name.replace(/\]/g, '').split('[');
    let node = root;
    for (const [i, part] of path.entries()) {
      const key = part === '' ? String(Object.keys(node).length) : part;
      if (i === path.length - 1) node[key] = value;
      else node = typeof node[key] === 'object' ? node[key] : (node[key] = Object.create(null) as Params);
    }
  }
  return root;
}

/** The parameters as one string, whatever order their keys came in: what an idempotency key is compared by. */
export function canonical(params: Params | string): string {
  if (typeof params === 'string') return JSON.stringify(params);
  return `{${Object.keys(params)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonical(params[key] ?? '')}`)
    .join(',')}}`;
}

export const text = (params: Params, key: string): string | undefined => (typeof params[key] === 'string' && params[key] !== '' ? params[key] : undefined);
export const group = (params: Params, key: string): Params => (typeof params[key] === 'object' ? params[key] : {});
export const metadataOf = (params: Params): Stripe.Metadata => Object.fromEntries(Object.entries(group(params, 'metadata')).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** An id in Stripe's style: `pi_3Qx…`. */
export const newId = (prefix: string, length = 24) => `${prefix}_${Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;

/** How a test card behaves when charged: https://docs.stripe.com/testing#cards */
export type CardOutcome = 'succeeds' | 'three_d_secure' | { code: string; decline_code: string; message: string };
export interface TestCard {
  brand: string;
  last4: string;
  outcome: CardOutcome;
  /** Stripe checks a card as it is attached to a customer: this one is declined there already. */
  declinedOnAttach?: boolean;
}

/** Stripe's test tokens the fake knows (a PaymentMethod is made from one: `card[token]=tok_visa`). */
export const TEST_TOKENS: Record<string, TestCard> = {
  tok_visa: { brand: 'visa', last4: '4242', outcome: 'succeeds' },
  tok_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'succeeds' },
  tok_chargeDeclined: { brand: 'visa', last4: '0002', outcome: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' }, declinedOnAttach: true },
  tok_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', outcome: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } },
  tok_chargeDeclinedExpiredCard: { brand: 'visa', last4: '0069', outcome: { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' } },
  tok_threeDSecure2Required: { brand: 'visa', last4: '3220', outcome: 'three_d_secure' },
};

/** Off-session, a card that asks for 3-D Secure is declined: nobody is there to answer the bank. */
export const AUTHENTICATION_REQUIRED = { code: 'authentication_required', decline_code: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.' };

/**
 * A page of a list, newest first as Stripe lists: `limit` (10 unless told, at most 100), the
 * cursors `starting_after` / `ending_before`, and `created` (exact, or [gt], [gte], [lt], [lte]).
 */
export function listPage<T extends { id: string; created: number }>(all: T[], params: Params, url: string, fits: (item: T) => boolean): Stripe.ApiList<T> {
  const limit = Number(text(params, 'limit') ?? 10);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw invalid('This value must be greater than or equal to 1 and less than or equal to 100.', { param: 'limit' });
  const created = group(params, 'created');
  const bound = (op: string) => Number(text(created, op) ?? NaN);
  const inRange = (at: number) => !(at < bound('gte') || at <= bound('gt') || at >= bound('lt') || at > bound('lte')) && (typeof params.created !== 'string' || at === Number(params.created));
  const ordered = [...all].reverse().sort((a, b) => b.created - a.created);
  const cursor = (param: string) => {
    const id = text(params, param);
    const at = id === undefined ? -1 : ordered.findIndex((item) => item.id === id);
    return id !== undefined && at < 0 ? throwing(noSuch('object', id, param)) : at;
  };
  const [after, before] = [cursor('starting_after'), cursor('ending_before')];
  const rows = (before >= 0 ? ordered.slice(0, before) : ordered.slice(after + 1)).filter((item) => fits(item) && inRange(item.created));
  return { object: 'list', data: before >= 0 ? rows.slice(-limit) : rows.slice(0, limit), has_more: rows.length > limit, url };
}

/** A card declined by its bank (or by 3-D Secure being needed off-session): the error, and the PaymentIntent's last_payment_error. */
export function cardError(outcome: Exclude<CardOutcome, string>, paymentMethod: Stripe.PaymentMethod, charge?: string) {
  return { type: 'card_error', code: outcome.code, decline_code: outcome.decline_code, message: outcome.message, doc_url: docUrl(outcome.code), charge, payment_method: paymentMethod } as const;
}

/** The card holder failed (or refused) 3-D Secure. */
export function authenticationError(of: 'payment_intent' | 'setup_intent', paymentMethod: Stripe.PaymentMethod) {
  const message =
    of === 'payment_intent'
      ? 'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.'
      : 'The latest attempt to set up the payment method has failed because authentication failed.';
  return { type: 'invalid_request_error', code: `${of}_authentication_failure`, message, doc_url: docUrl(`${of}_authentication_failure`), payment_method: paymentMethod } as const;
}

export const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;
export const unix = (date: Date) => Math.floor(date.getTime() / 1000);

export interface Answer {
  status: number;
  body: unknown;
  /** Whether an Idempotency-Key keeps it: Stripe keeps no answer to a request that failed validation before it ran. */
  kept: boolean;
}

/** An error answer: `{ error }` with Stripe's HTTP status. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly error: Stripe.StripeRawError,
    readonly kept = false,
  ) {
    super(error.message);
  }
}
export const invalid = (message: string, more: Stripe.StripeRawError = {}, status = 400) => new Refusal(status, { type: 'invalid_request_error', message, ...more });
/** A request refused for the state of what it names, after it began: its Idempotency-Key keeps the answer. */
export const conflict = (message: string, more: Stripe.StripeRawError = {}) => new Refusal(400, { type: 'invalid_request_error', message, ...more }, true);
export const SPENT =
  'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.';
export const noSuch = (what: string, id: string, param?: string, status = 400) => invalid(`No such ${what}: '${id}'`, { code: 'resource_missing', doc_url: docUrl('resource_missing'), param }, status);
export const required = (params: Params, key: string): string =>
  text(params, key) ?? throwing(invalid(`Missing required param: ${key}.`, { code: 'parameter_missing', doc_url: docUrl('parameter_missing'), param: key }));
export const throwing = (error: Error): never => {
  throw error;
};
/** Stripe refuses a parameter it does not know; so does the fake, for one it does not implement. `known` is space-separated. */
export const onlyKnown = (params: Params, known: string) => {
  const unknown = Object.keys(params).find((key) => !known.split(' ').includes(key));
  if (unknown) throw invalid(`Received unknown parameter: ${unknown}`, { code: 'parameter_unknown', param: unknown });
};

export function customerObject(created: number, params: Params): Stripe.Customer {
  return {
    id: newId('cus', 14),
    object: 'customer',
    address: null,
    balance: 0,
    created,
    currency: null,
    default_source: null,
    delinquent: false,
    description: text(params, 'description') ?? null,
    discount: null,
    email: text(params, 'email') ?? null,
    invoice_prefix: newId('X', 6).slice(2).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: metadataOf(params),
    name: text(params, 'name') ?? null,
    next_invoice_sequence: 1,
    phone: text(params, 'phone') ?? null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

export function paymentMethodObject(now: Date, card: TestCard, params: Params): Stripe.PaymentMethod {
  return {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'unchecked' },
      country: 'US',
      display_brand: card.brand,
      exp_month: now.getUTCMonth() + 1,
      exp_year: now.getUTCFullYear() + 1,
      fingerprint: `fp${card.last4}${card.brand}`.slice(0, 16),
      funding: 'credit',
      generated_from: null,
      last4: card.last4,
      networks: { available: [card.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: unix(now),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: metadataOf(params),
    type: 'card',
  };
}

/** `automatic_payment_methods[enabled]=true&automatic_payment_methods[allow_redirects]=never` */
function automaticPaymentMethods(params: Params): Stripe.PaymentIntent.AutomaticPaymentMethods | null {
  const automatic = group(params, 'automatic_payment_methods');
  return text(automatic, 'enabled') === 'true' ? { enabled: true, allow_redirects: text(automatic, 'allow_redirects') ?? 'always' } : null;
}

/** A PaymentIntent as made from valid parameters, before it is confirmed. */
export function paymentIntentObject(created: number, params: Params): Stripe.PaymentIntent {
  const id = newId('pi');
  const paymentMethod = text(params, 'payment_method') ?? null;
  return {
    id,
    object: 'payment_intent',
    amount: Number(text(params, 'amount')),
    currency: text(params, 'currency')?.toLowerCase() ?? '',
    customer: text(params, 'customer') ?? null,
    payment_method: paymentMethod,
    description: text(params, 'description') ?? null,
    metadata: metadataOf(params),
    setup_future_usage: text(params, 'setup_future_usage') ?? null,
    automatic_payment_methods: automaticPaymentMethods(params),
    payment_method_types: ['card'],
    receipt_email: text(params, 'receipt_email') ?? null,
    allowed_payment_method_types: null,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: `${id}_secret_${newId('s', 25).slice(2)}`,
    confirmation_method: 'automatic',
    created,
    customer_account: null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    next_action: null,
    on_behalf_of: null,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_record: null,
    processing: null,
    review: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
    transfer_group: null,
  };
}

/** What Stripe.js reads to run the 3-D Secure 2 challenge (`handleNextAction`). */
export function threeDSecureAction(brand: string): Stripe.PaymentIntent.NextAction & Stripe.SetupIntent.NextAction {
  const source = newId('src');
  return {
    type: 'use_stripe_sdk',
    use_stripe_sdk: { type: 'stripe_3ds2_fingerprint', three_d_secure_2_source: source, directory_server_name: brand, server_transaction_id: randomUUID(), three_ds_method_url: '' },
  };
}

export function chargeObject(created: number, intent: Stripe.PaymentIntent, outcome: CardOutcome): Stripe.Charge {
  const declined = typeof outcome === 'object' ? outcome : null;
  return {
    id: newId('ch'),
    object: 'charge',
    amount: intent.amount,
    amount_captured: declined ? 0 : intent.amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: declined ? null : newId('txn'),
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    calculated_statement_descriptor: 'PORTAL',
    captured: !declined,
    created,
    currency: intent.currency,
    customer: typeof intent.customer === 'string' ? intent.customer : null,
    description: intent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: declined?.code ?? null,
    failure_message: declined?.message ?? null,
    fraud_details: {},
    livemode: false,
    metadata: intent.metadata,
    on_behalf_of: null,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: declined ? 'declined_by_network' : 'approved_by_network',
      reason: declined?.decline_code ?? null,
      risk_level: 'normal',
      seller_message: declined ? 'The bank did not return any further details with this decline.' : 'Payment complete.',
      type: declined ? 'issuer_declined' : 'authorized',
    },
    paid: !declined,
    payment_intent: intent.id,
    payment_method: typeof intent.payment_method === 'string' ? intent.payment_method : null,
    payment_method_details: { type: 'card' },
    receipt_email: intent.receipt_email,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: declined ? 'failed' : 'succeeded',
    transfer_data: null,
    transfer_group: null,
  };
}

export function refundObject(created: number, charge: Stripe.Charge, amount: number, params: Params): Stripe.Refund {
  return {
    id: newId('re'),
    object: 'refund',
    amount,
    balance_transaction: newId('txn'),
    charge: charge.id,
    created,
    currency: charge.currency,
    customer: charge.customer,
    customer_account: null,
    destination_details: { type: 'card', card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' } },
    metadata: metadataOf(params),
    payment_intent: charge.payment_intent,
    payment_method: charge.payment_method,
    reason: text(params, 'reason') ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
}

export function setupIntentObject(created: number, params: Params): Stripe.SetupIntent {
  const id = newId('seti');
  const paymentMethod = text(params, 'payment_method') ?? null;
  return {
    id,
    object: 'setup_intent',
    allowed_payment_method_types: null,
    application: null,
    automatic_payment_methods: automaticPaymentMethods(params),
    cancellation_reason: null,
    client_secret: `${id}_secret_${newId('s', 25).slice(2)}`,
    created,
    customer: text(params, 'customer') ?? null,
    customer_account: null,
    description: text(params, 'description') ?? null,
    excluded_payment_method_types: null,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: metadataOf(params),
    next_action: null,
    on_behalf_of: null,
    payment_method: paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    single_use_mandate: null,
    status: paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
    usage: text(params, 'usage') ?? 'off_session',
  };
}

type PaymentIntentEventType = Extract<Stripe.Event, { data: { object: Stripe.PaymentIntent } }>['type'];
/** What an event reports: a PaymentIntent that changed, or a refund (`refund.created`, and the charge in `charge.refunded`). */
export type Change = { type: PaymentIntentEventType; object: Stripe.PaymentIntent } | { type: 'charge.refunded'; object: Stripe.Charge } | { type: 'refund.created'; object: Stripe.Refund };

export function eventObject(created: number, change: Change, request: Stripe.Event.Request): Stripe.Event {
  const base = { id: newId('evt'), object: 'event', api_version: Stripe.API_VERSION, created, livemode: false, pending_webhooks: 0, request } as const;
  switch (change.type) {
    case 'charge.refunded':
      return { ...base, type: change.type, data: { object: change.object } };
    case 'refund.created':
      return { ...base, type: change.type, data: { object: change.object } };
    default:
      return { ...base, type: change.type, data: { object: change.object } };
  }
}
