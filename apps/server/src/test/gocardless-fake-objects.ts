import { randomInt } from 'node:crypto';
import type {
  BillingRequest,
  BillingRequestAction,
  BillingRequestFlow,
  BillingRequestFlowPrefilledCustomer,
  Customer,
  CustomerBankAccount,
  Event,
  EventDetails,
  EventLinks,
  ListMeta,
  Mandate,
  Payment,
} from 'gocardless-nodejs/types';
import type { BankDetails, MandateMove, PaymentMove } from './gocardless-fake-handle.ts';

/**
 * The objects the GoCardless fake (gocardless-fake.ts) answers with, built as the SDK's own types
 * describe them, its errors in GoCardless's shape, and the hosted page a payer fills in.
 */

export const CREDITOR_NAME = 'Test creditor';
export const API_VERSION = '2015-07-06';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const random = (length: number) => Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
/** An id in GoCardless's style: its prefix, then 12 characters (`MD000PK0CW9TNR`, `BRQ00019RNXYJ5D`). */
export const newId = (prefix: string) => `${prefix}000${random(9)}`;
export const isoDate = (at: Date) => at.toISOString().slice(0, 10);
export const daysAfter = (at: Date, days: number) => new Date(at.getTime() + days * 86_400_000);

/** One error of an answer's `errors`: a reason (invalid_api_usage, invalid_state) or a field (validation_failed). */
export interface ErrorItem {
  reason?: string;
  message: string;
  field?: string;
  request_pointer?: string;
  links?: Record<string, string>;
}
type ErrorType = 'invalid_api_usage' | 'invalid_state' | 'validation_failed' | 'gocardless';
/** The `error` of an answer, as GoCardless writes it (request_id is added as it is answered). */
export interface ErrorBody {
  message: string;
  documentation_url: string;
  type: ErrorType;
  code: number;
  errors: ErrorItem[];
}

/** An error answer: `{ error }` with GoCardless's HTTP status. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly error: ErrorBody,
  ) {
    super(error.message);
  }
}
const refusal = (status: number, type: ErrorType, reason: string, message: string, errors: ErrorItem[]) =>
  new Refusal(status, { message, documentation_url: `https://developer.gocardless.com/api-reference#${reason}`, type, code: status, errors });
export const usage = (status: number, reason: string, message: string, more: Partial<ErrorItem> = {}) => refusal(status, 'invalid_api_usage', reason, message, [{ reason, message, ...more }]);
export const notFound = () => usage(404, 'resource_not_found', 'Resource not found');
export const dataRemoved = () => usage(410, 'customer_data_removed', "This customer's data has been removed");
export const linkNotFound = (link: string, id: string) => usage(400, 'link_not_found', 'Linked resource not found', { links: { [link]: id } });
export const invalidState = (reason: string, message: string, status = 422, more: Partial<ErrorItem> = {}) => refusal(status, 'invalid_state', reason, message, [{ reason, message, ...more }]);
export const conflict = (id: string) => invalidState('idempotent_creation_conflict', 'A resource has already been created with this idempotency key', 409, { links: { conflicting_resource_id: id } });
/** validation_failed: each error names its field (`charge_date`, `links.mandate`) under the request's envelope. */
export const invalid = (envelope: string, errors: { field: string; message: string }[]) =>
  refusal(
    422,
    'validation_failed',
    'validation_failed',
    'Validation failed',
    errors.map((e) => ({ ...e, request_pointer: `/${envelope}/${e.field.replace(/\./g, '/')}` })),
  );
const invalidType = (pointer: string, message: string) =>
  refusal(422, 'invalid_api_usage', 'invalid_type', 'One of your parameters was incorrectly typed', [{ reason: 'invalid_type', message, request_pointer: pointer }]);
export const throwing = (error: Error): never => {
  throw error;
};

/** A JSON body as it arrived: read field by field, refused as GoCardless refuses a wrong type. */
export type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
export function parseJson(text: string): Json {
  try {
    const body: unknown = text.trim() === '' ? {} : JSON.parse(text);
    if (isObject(body)) return body;
  } catch {
    // Answered below, as GoCardless answers a body that is not a JSON object.
  }
  throw usage(400, 'invalid_document_structure', 'Invalid document structure');
}
/** The request's resource under its envelope (`{ "payments": { … } }`). */
export const envelopeOf = (body: Json, key: string): Json => {
  const inner = body[key];
  return isObject(inner) ? inner : throwing(invalidType('/', `"${key}" wasn't supplied.`));
};
export function objectIn(body: Json, key: string, pointer: string): Json | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  return isObject(value) ? value : throwing(invalidType(`${pointer}/${key}`, `"${key}" must be an object.`));
}
export function stringIn(body: Json, key: string, pointer: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : throwing(invalidType(`${pointer}/${key}`, `"${key}" must be a string.`));
}
export const requiredString = (body: Json, key: string, pointer: string): string => stringIn(body, key, pointer) ?? throwing(invalidType(pointer, `"${key}" wasn't supplied.`));
/** An amount in pence: an integer, or (as older SDKs send it) a string of digits. */
export function amountIn(body: Json, pointer: string): number {
  const value = body.amount;
  if (value === undefined || value === null) throw invalidType(pointer, '"amount" wasn\'t supplied.');
  const amount = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof amount === 'number' && Number.isInteger(amount) ? amount : throwing(invalidType(`${pointer}/amount`, '"amount" must be an integer.'));
}
export function metadataIn(body: Json, pointer: string): Record<string, string> {
  const metadata = objectIn(body, 'metadata', pointer) ?? {};
  for (const [key, value] of Object.entries(metadata)) if (typeof value !== 'string') throw invalidType(`${pointer}/metadata/${key}`, `"${key}" must be a string.`);
  return metadata as Record<string, string>;
}

/**
 * A page of a list, newest first: the items whose `fields` match the query's (`?mandate=MD…`,
 * `?status=a,b`), `limit` of them (50 unless told, at most 500) after the cursor `after` or before
 * `before`; meta as GoCardless writes it.
 */
export function listPage<T extends { id?: string }>(all: T[], query: URLSearchParams, fields: (item: T) => Record<string, string | undefined>): { items: T[]; meta: ListMeta } {
  const limit = Number(query.get('limit') ?? 50);
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw usage(400, 'invalid_filters', 'limit must be between 1 and 500');
  const fits = (field: Record<string, string | undefined>) => [...query].every(([name, value]) => !(name in field) || (name === 'status' ? value.split(',') : [value]).includes(field[name] ?? ''));
  const ordered = all.filter((item) => fits(fields(item))).reverse();
  const at = (param: string) => {
    const id = query.get(param);
    return id === null ? -1 : ordered.findIndex((item) => item.id === id);
  };
  const [after, before] = [at('after'), at('before')];
  const end = query.get('before') === null ? ordered.length : Math.max(before, 0);
  const start = query.get('before') === null ? after + 1 : Math.max(end - limit, after + 1);
  const items = ordered.slice(start, Math.min(end, start + limit));
  const last = start + items.length - 1;
  return {
    items,
    meta: { cursors: { before: start > 0 && items[0] ? (items[0].id ?? null) : null, after: last < ordered.length - 1 && items.length > 0 ? (items.at(-1)?.id ?? null) : null }, limit },
  };
}

const compact = (text: string) => text.replace(/[\s-]/g, '');
/** The hosted page's form, as the payer's browser posts it. */
export function formBank(body: string): BankDetails {
  const form = new URLSearchParams(body);
  return { accountHolderName: form.get('account_holder_name') ?? '', branchCode: form.get('branch_code') ?? '', accountNumber: form.get('account_number') ?? '' };
}
/** What the hosted page says of the details a payer typed; null when the bank accepts them. */
export function bankRefusal(bank: BankDetails): string | null {
  if (!bank.accountHolderName.trim()) return 'Enter the account holder name';
  if (!/^\d{6}$/.test(compact(bank.branchCode))) return 'Enter a sort code of 6 digits';
  if (!/^\d{8}$/.test(compact(bank.accountNumber))) return 'Enter an account number of 8 digits';
  if (compact(bank.accountNumber) === '00000000') return 'Bank account could not be verified';
  return null;
}

export function customerObject(at: Date): Customer {
  const blank = { email: null, given_name: null, family_name: null, company_name: null, phone_number: null };
  const address = { address_line1: null, address_line2: null, address_line3: null, city: null, region: null, postal_code: null, country_code: null };
  return { id: newId('CU'), created_at: at.toISOString(), ...blank, ...address, language: 'en', danish_identity_number: null, swedish_identity_number: null, metadata: {} };
}

export function billingRequestObject(at: Date, input: { customer: Customer; creditor: string; metadata: Record<string, string> | null; mandateMetadata: Record<string, string> }): BillingRequest {
  const { customer } = input;
  return {
    id: newId('BRQ'),
    created_at: at.toISOString(),
    status: 'pending',
    mandate_request: {
      currency: 'GBP',
      scheme: 'bacs',
      verify: 'recommended',
      authorisation_source: 'web',
      funds_settlement: 'managed',
      constraints: null,
      description: null,
      links: {},
      metadata: input.mandateMetadata,
    },
    payment_request: null,
    subscription_request: null,
    instalment_schedule_request: null,
    metadata: input.metadata,
    links: { customer: customer.id, creditor: input.creditor, customer_billing_detail: newId('CBD'), mandate_request: newId('MRQ') },
    fallback_enabled: false,
    fallback_occurred: false,
    // What the payer still has to do on the hosted page.
    actions: ['collect_customer_details', 'collect_bank_account', 'confirm_payer_details'].map((type) => ({ type, required: true, status: 'pending' }) as BillingRequestAction),
    resources: { customer: { ...customer, metadata: {} }, customer_bank_account: null },
  };
}

export function flowObject(
  at: Date,
  input: { id: string; url: string; billingRequest: string; redirectUri?: string; exitUri?: string; prefilled?: BillingRequestFlowPrefilledCustomer },
): BillingRequestFlow {
  return {
    id: input.id,
    authorisation_url: `${input.url}/flow/${input.id}`,
    auto_fulfil: true,
    created_at: at.toISOString(),
    expires_at: daysAfter(at, 7).toISOString(),
    customer_details_captured: false,
    exit_uri: input.exitUri ?? null,
    redirect_uri: input.redirectUri ?? null,
    language: 'en',
    links: { billing_request: input.billingRequest },
    lock_bank_account: false,
    lock_currency: false,
    lock_customer_details: false,
    prefilled_bank_account: null,
    prefilled_customer: input.prefilled ?? null,
    session_token: null,
    show_redirect_buttons: false,
    show_success_redirect_button: false,
    skip_success_screen: false,
  };
}

export function bankAccountObject(at: Date, customer: string, bank: BankDetails): CustomerBankAccount {
  const number = compact(bank.accountNumber);
  return {
    id: newId('BA'),
    created_at: at.toISOString(),
    account_holder_name: bank.accountHolderName.trim(),
    // For a UK account GoCardless shows the last 2 digits.
    account_number_ending: number.slice(-2),
    bank_name: compact(bank.branchCode) === '200000' ? 'BARCLAYS BANK PLC' : 'TEST BANK PLC',
    country_code: 'GB',
    currency: 'GBP',
    enabled: true,
    bank_account_token: null,
    metadata: {},
    links: { customer },
  };
}

export function mandateObject(at: Date, input: { customer: string; account: string; creditor: string; metadata: Record<string, string> }): Mandate {
  return {
    id: newId('MD'),
    created_at: at.toISOString(),
    reference: random(7),
    status: 'pending_submission',
    scheme: 'bacs',
    next_possible_charge_date: isoDate(daysAfter(at, 3)),
    payments_require_approval: false,
    authorisation_source: 'web',
    funds_settlement: 'managed',
    consent_parameters: null,
    verified_at: null,
    metadata: input.metadata,
    links: { customer: input.customer, customer_bank_account: input.account, creditor: input.creditor },
  };
}

export function paymentObject(
  at: Date,
  input: { amount: number; chargeDate: string; mandate: string; creditor: string; description?: string; reference?: string; metadata: Record<string, string> },
): Payment {
  return {
    id: newId('PM'),
    created_at: at.toISOString(),
    amount: input.amount,
    amount_refunded: 0,
    app_fee: null,
    charge_date: input.chargeDate,
    currency: 'GBP',
    description: input.description ?? null,
    reference: input.reference ?? null,
    metadata: input.metadata,
    fx: { fx_currency: 'GBP', fx_amount: null, exchange_rate: null, estimated_exchange_rate: null },
    retry_if_possible: false,
    scheme: 'bacs',
    status: 'pending_submission',
    links: { mandate: input.mandate, creditor: input.creditor },
  };
}

type PaymentStatus = NonNullable<Payment['status']>;
type MandateStatus = NonNullable<Mandate['status']>;
/** Where a move may start, the move that comes first when it starts further back (the banks skip no step), and its usual cause. */
export const PAYMENT_STEPS: Record<PaymentMove, { from: PaymentStatus[]; via?: PaymentMove; cause: string }> = {
  submitted: { from: ['pending_submission'], cause: 'payment_submitted' },
  confirmed: { from: ['submitted'], via: 'submitted', cause: 'payment_confirmed' },
  paid_out: { from: ['confirmed'], via: 'confirmed', cause: 'payment_paid_out' },
  failed: { from: ['submitted'], via: 'submitted', cause: 'insufficient_funds' },
  charged_back: { from: ['confirmed', 'paid_out'], via: 'confirmed', cause: 'authorisation_disputed' },
  cancelled: { from: ['pending_customer_approval', 'pending_submission'], cause: 'payment_cancelled' },
};
export type MandateStep = MandateMove | 'submitted';
export const MANDATE_STEPS: Record<MandateStep, { from: MandateStatus[]; via?: MandateStep; cause: string }> = {
  submitted: { from: ['pending_submission'], cause: 'mandate_submitted' },
  active: { from: ['submitted'], via: 'submitted', cause: 'mandate_activated' },
  failed: { from: ['submitted'], via: 'submitted', cause: 'bank_account_closed' },
  cancelled: { from: ['pending_customer_approval', 'pending_submission', 'submitted', 'active', 'suspended_by_payer'], cause: 'mandate_cancelled' },
  expired: { from: ['active'], via: 'active', cause: 'mandate_expired' },
};
/** A payment may be asked of a mandate in these; the others answer mandate_is_inactive. */
export const USABLE: MandateStatus[] = ['pending_customer_approval', 'pending_submission', 'submitted', 'active'];

/** Why an event happened, as GoCardless writes it: who (origin), the cause, and in words. */
export type Details = EventDetails & Required<Pick<EventDetails, 'origin' | 'cause' | 'description'>>;
const gocardless = (cause: string, description: string): Details => ({ origin: 'gocardless', cause, description });
const fromBank = (cause: string, description: string, reason_code: string): Details => ({ origin: 'bank', cause, description, scheme: 'bacs', reason_code });
export const fromApi = (cause: string, description: string): Details => ({ origin: 'api', cause, description });

/** The payments' causes the fake knows; any other is reported by the bank as it is named. */
export const PAYMENT_CAUSES: Record<string, Details> = {
  payment_submitted: gocardless('payment_submitted', 'Payment submitted to the banks. As a result, it can no longer be cancelled.'),
  payment_confirmed: gocardless('payment_confirmed', 'Enough time has passed since the payment was submitted for the banks to return an error, so this payment is now confirmed.'),
  payment_paid_out: gocardless('payment_paid_out', 'The payment has been paid out by GoCardless.'),
  payment_cancelled: fromApi('payment_cancelled', 'The payment was cancelled.'),
  insufficient_funds: { ...fromBank('insufficient_funds', "The customer's account had insufficient funds to make this payment.", 'ARUDD-0'), will_attempt_retry: false },
  bank_account_closed: { ...fromBank('bank_account_closed', "The customer's bank account was closed.", 'ARUDD-B'), will_attempt_retry: false },
  mandate_cancelled: { ...fromBank('mandate_cancelled', 'The customer cancelled the mandate at their bank before this payment was taken.', 'ARUDD-1'), will_attempt_retry: false },
  authorisation_disputed: fromBank('authorisation_disputed', 'The customer disputed this payment with their bank under the Direct Debit Guarantee.', 'DDICA-1'),
};
export const MANDATE_CAUSES: Record<string, Details> = {
  mandate_submitted: gocardless('mandate_submitted', 'The mandate has been submitted to the banks.'),
  mandate_activated: gocardless('mandate_activated', 'The time window after submission for the banks to refuse a mandate has ended without any errors being received, so this mandate is now active.'),
  bank_account_closed: fromBank('bank_account_closed', 'The bank account for this mandate has been closed.', 'AUDDIS-B'),
  mandate_cancelled: fromBank('mandate_cancelled', 'The mandate was cancelled at a bank branch.', 'ADDACS-1'),
  mandate_expired: gocardless('mandate_expired', 'The mandate expired due to inactivity.'),
};

/** The details for a cause the fake does not know: the bank names it, in words. */
export const causeDetails = (table: Record<string, Details>, cause: string): Details =>
  table[cause] ?? fromBank(cause, `${cause.charAt(0).toUpperCase()}${cause.slice(1).replace(/_/g, ' ')}.`, 'UNKNOWN');

export function eventObject(
  at: Date,
  change: {
    resourceType: 'billing_requests' | 'mandates' | 'payments';
    action: string;
    links: EventLinks;
    details: Details;
    metadata?: Record<string, string>;
    resourceMetadata?: Record<string, string>;
  },
): Event {
  return {
    id: newId('EV'),
    created_at: at.toISOString(),
    resource_type: change.resourceType,
    action: change.action,
    links: change.links,
    details: change.details,
    metadata: change.metadata ?? {},
    resource_metadata: change.resourceMetadata ?? {},
  };
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1c1c1c;line-height:1.5}label{display:block;margin-top:1rem;font-weight:600}' +
  'input{display:block;width:100%;box-sizing:border-box;margin-top:.25rem;padding:.5rem;font:inherit}button{margin-top:1.5rem;padding:.6rem 1.2rem;font:inherit}' +
  '[role=alert]{border-left:4px solid #b3261e;padding:.5rem .75rem;background:#fdecea}';

/** The page a payer's browser shows at a flow's authorisation_url: the form, or why it will not take one. */
export function flowPage(flow: BillingRequestFlow, view: { message?: string; values?: Partial<BankDetails>; complete?: boolean }): string {
  const field = (name: string, label: string, value = '', more = '') => `<label for="${name}">${label}</label><input id="${name}" name="${name}" value="${escape(value)}" required${more}>`;
  const form = view.complete
    ? ''
    : `<form method="post" action="/flow/${escape(flow.id)}">` +
      field('account_holder_name', 'Account holder name', view.values?.accountHolderName, ' autocomplete="name"') +
      field('branch_code', 'Sort code', view.values?.branchCode, ' inputmode="numeric"') +
      field('account_number', 'Account number', view.values?.accountNumber, ' inputmode="numeric"') +
      '<button type="submit">Set up Direct Debit</button></form>';
  const exit = flow.exit_uri && !view.complete ? `<p><a href="${escape(flow.exit_uri)}">Cancel</a></p>` : '';
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>Set up a Direct Debit with ${CREDITOR_NAME}</title><style>${STYLE}</style></head><body><main>` +
    `<h1>Set up a Direct Debit</h1><p>with <strong>${CREDITOR_NAME}</strong></p>` +
    (view.message ? `<p role="alert">${escape(view.message)}</p>` : '') +
    form +
    exit +
    '</main></body></html>'
  );
}
