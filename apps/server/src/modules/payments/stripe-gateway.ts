import Stripe from 'stripe';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import { openSecret } from '../../lib/secret-box.ts';
import { DECLINE_MESSAGES, GatewayIdempotencyError, GatewayNetworkError, type CardInfo, type ChargeResult, type DeclineCode, type OrphanCharge, type PaymentGateway } from './payment-gateway.ts';
import * as repo from './processor.repository.ts';

export const STRIPE_PROVIDER = 'stripe';

/** What a family reads when the company chose a processor whose keys are missing or do not open. */
export const PAYMENTS_NOT_SET_UP = 'Card payments are not set up yet. Please contact us to pay.';

/** What a stored key is bound to: a sealed key copied to another company's row does not open. */
export const credentialContext = (companyId: number, provider: string, field: 'secret_key' | 'webhook_secret') => `${companyId}:${provider}:${field}`;

/** How far back the minute job lists charges for orphans: older ones were looked at by earlier runs. */
const ORPHAN_WINDOW_SECONDS = 3600;

/** Stripe's card brands ("visa", "amex") as the portal names them on receipts and saved cards. */
const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  eftpos_au: 'eftpos',
};
const brandName = (brand: string) => BRANDS[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1).replaceAll('_', ' ');

const cardOf = (pm: Stripe.PaymentMethod, card: Stripe.PaymentMethod.Card): CardInfo => ({
  token: pm.id,
  brand: brandName(card.brand),
  last4: card.last4,
  expMonth: card.exp_month,
  expYear: card.exp_year,
});

function declineOf(code: string | undefined, declineCode: string | undefined): DeclineCode {
  if (declineCode === 'insufficient_funds') return 'insufficient_funds';
  if (code === 'expired_card' || declineCode === 'expired_card') return 'expired_card';
  if (code === 'authentication_required' || code === 'payment_intent_authentication_failure') return 'authentication_failed';
  if (code === 'resource_missing') return 'invalid_token';
  return 'card_declined';
}

/** A call in which the bank checks a card (attaching it, setting it up): its decline is the family's answer (402), not a fault. */
async function cardChecked<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeCardError)) throw err;
    const code = declineOf(err.code, err.decline_code);
    throw new AppError(402, code, DECLINE_MESSAGES[code]);
  }
}

function declined(chargeId: string | null, code: DeclineCode): ChargeResult {
  return { status: 'declined', chargeId, declineCode: code, message: DECLINE_MESSAGES[code] };
}

/** A PaymentIntent as the checkout reads a charge. One still processing is an answer not yet known. */
function resultOf(intent: Stripe.PaymentIntent): ChargeResult {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', chargeId: intent.id };
    case 'requires_action':
      // Stripe.js finishes the step with the intent's client secret (handleNextAction).
      return { status: 'requires_action', chargeId: intent.id, challengeId: intent.client_secret ?? intent.id };
    case 'canceled':
      return declined(intent.id, 'payment_abandoned');
    case 'requires_payment_method':
      return declined(intent.id, declineOf(intent.last_payment_error?.code, intent.last_payment_error?.decline_code));
    default:
      throw new GatewayNetworkError(`Stripe payment ${intent.id} is ${intent.status}`);
  }
}

/** Errors that leave the charge unknown: the connection failed, or Stripe answered 5xx or 429. */
function isLostAnswer(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeConnectionError || err instanceof Stripe.errors.StripeAPIError || err instanceof Stripe.errors.StripeRateLimitError;
}

/**
 * Stripe behind the portal's gateway interface (decision 103): a Stripe customer per client, a
 * PaymentIntent per charge confirmed at once under the checkout's idempotency key, 3-D Secure
 * finished by Stripe.js with the intent's client secret. The company's keys are read from the
 * database and opened with PROCESSOR_KEYS_SECRET; a client is made once per key change.
 */
export function createStripeGateway(
  db: Db,
  env: Pick<Env, 'PROCESSOR_KEYS_SECRET' | 'STRIPE_API_URL' | 'PUBLIC_URL'>,
): PaymentGateway & {
  /** The company's Stripe client and webhook secret, or null when its keys are missing or do not open. */
  account(companyId: number): Promise<{ stripe: Stripe; webhookSecret: string; publishableKey: string } | null>;
} {
  const api = new URL(env.STRIPE_API_URL);
  // Which portal made a charge: a copy of the database elsewhere (staging) holding the same keys
  // never takes this portal's charges for its own orphans, nor refunds them.
  // Every process of one portal names it alike (PUBLIC_URL; a portal without one is a local one).
  const portal = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : 'local';
  const clients = new Map<number, { stamp: string; stripe: Stripe; webhookSecret: string; publishableKey: string }>();

  async function account(companyId: number) {
    const row = await repo.findCredentials(db, companyId, STRIPE_PROVIDER);
    if (!row || !env.PROCESSOR_KEYS_SECRET) return null;
    const cached = clients.get(companyId);
    if (cached?.stamp === row.updated_at) return cached;
    const secretKey = openSecret(env.PROCESSOR_KEYS_SECRET, credentialContext(companyId, STRIPE_PROVIDER, 'secret_key'), row.secret_key);
    const webhookSecret = openSecret(env.PROCESSOR_KEYS_SECRET, credentialContext(companyId, STRIPE_PROVIDER, 'webhook_secret'), row.webhook_secret);
    if (!secretKey || !webhookSecret) return null;
    const stripe = new Stripe(secretKey, {
      host: api.hostname,
      port: api.port || (api.protocol === 'https:' ? 443 : 80),
      protocol: api.protocol === 'http:' ? 'http' : 'https',
      // The portal retries with its own key; the SDK's retry reuses it too. Two tries of 8 s stay
      // well inside the 30 s a process owns a payment, so no other takes it over meanwhile.
      maxNetworkRetries: 1,
      timeout: 8_000,
      telemetry: false,
    });
    const made = { stamp: row.updated_at, stripe, webhookSecret, publishableKey: row.publishable_key };
    clients.set(companyId, made);
    return made;
  }

  async function stripeOf(companyId: number): Promise<Stripe> {
    const found = await account(companyId);
    if (!found) throw new AppError(403, 'PAYMENTS_OFF', PAYMENTS_NOT_SET_UP);
    return found.stripe;
  }

  /** The client's Stripe customer, made the first time (one per client even when two requests ask at once). */
  async function customerOf(stripe: Stripe, companyId: number, clientId: number): Promise<string> {
    const known = await repo.findCustomer(db, companyId, STRIPE_PROVIDER, clientId);
    if (known) return known;
    const made = await stripe.customers.create({ metadata: { company_id: String(companyId), client_id: String(clientId) } }, { idempotencyKey: `customer-${companyId}-${clientId}` });
    await repo.saveCustomer(db, { company_id: companyId, provider: STRIPE_PROVIDER, client_id: clientId, customer_id: made.id, created_at: nowIso() });
    return (await repo.findCustomer(db, companyId, STRIPE_PROVIDER, clientId)) ?? made.id;
  }

  async function findPaymentMethod(stripe: Stripe, token: string): Promise<Stripe.PaymentMethod | null> {
    if (!/^pm_[A-Za-z0-9_]{1,200}$/.test(token)) return null;
    try {
      return await stripe.paymentMethods.retrieve(token);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError) return null;
      throw err;
    }
  }

  const customerIdOf = (pm: Stripe.PaymentMethod) => (typeof pm.customer === 'string' ? pm.customer : (pm.customer?.id ?? null));

  /** The charge asked under a key: by its id, or (its answer lost) found among the customer's recent intents. */
  async function intentByKey(stripe: Stripe, companyId: number, key: string): Promise<Stripe.PaymentIntent | null> {
    const asked = await repo.findChargeAsked(db, companyId, STRIPE_PROVIDER, key);
    if (!asked) return null;
    if (asked.charge_id) return stripe.paymentIntents.retrieve(asked.charge_id);
    const since = Math.floor(Date.parse(asked.created_at) / 1000) - 300;
    for await (const intent of stripe.paymentIntents.list({ customer: asked.customer_id, created: { gte: since }, limit: 100 })) {
      if (intent.metadata.portal_key === key && intent.metadata.portal === portal) {
        await repo.recordChargeId(db, companyId, STRIPE_PROVIDER, key, intent.id);
        return intent;
      }
    }
    return null;
  }

  async function attach(stripe: Stripe, companyId: number, token: string, clientId: number): Promise<Stripe.PaymentMethod | null> {
    const pm = await findPaymentMethod(stripe, token);
    if (!pm) return null;
    const customer = await customerOf(stripe, companyId, clientId);
    const owner = customerIdOf(pm);
    if (owner === customer) return pm;
    if (owner !== null) return null;
    try {
      // Stripe checks a card as it is attached: a decline there is the card's answer, before anything is charged.
      return await cardChecked(() => stripe.paymentMethods.attach(token, { customer }));
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError) return null;
      throw err;
    }
  }

  return {
    name: STRIPE_PROVIDER,
    account,

    async ready(companyId) {
      return (await account(companyId)) !== null;
    },

    async lookupCard(companyId, clientId, token) {
      // A payment method Stripe.js just made belongs to no customer: the first client to present it takes it.
      const pm = await attach(await stripeOf(companyId), companyId, token, clientId);
      return pm?.card ? cardOf(pm, pm.card) : null;
    },

    async prepareSavedCard(companyId, clientId, token) {
      // A SetupIntent, so the bank agrees now to later charges without the family (instalments, saved-card payments).
      // The card is the client's already: saveCard looked it up (and attached it) first.
      const stripe = await stripeOf(companyId);
      const customer = await customerOf(stripe, companyId, clientId);
      const made = await cardChecked(() =>
        stripe.setupIntents.create(
          {
            customer,
            payment_method: token,
            confirm: true,
            usage: 'off_session',
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            metadata: { company_id: String(companyId), client_id: String(clientId) },
          },
          { idempotencyKey: `setup-${companyId}-${clientId}-${token}` },
        ),
      );
      // Asked again after the step, the same key answers the intent as it was made: read it as it stands.
      const intent = made.status === 'requires_action' ? await stripe.setupIntents.retrieve(made.id) : made;
      if (intent.status === 'succeeded') return null;
      if (intent.status === 'requires_action' && intent.client_secret) return { clientSecret: intent.client_secret };
      throw new AppError(402, 'authentication_failed', DECLINE_MESSAGES.authentication_failed);
    },

    async findUnownedCard(companyId, token) {
      const pm = await findPaymentMethod(await stripeOf(companyId), token);
      return pm?.card && customerIdOf(pm) === null ? cardOf(pm, pm.card) : null;
    },

    async attachCard(companyId, token, clientId) {
      const pm = await attach(await stripeOf(companyId), companyId, token, clientId);
      return pm?.card ? cardOf(pm, pm.card) : null;
    },

    async detachCard(companyId, token, clientId) {
      const stripe = await stripeOf(companyId);
      const pm = await findPaymentMethod(stripe, token);
      // A card attached to no one (its bank declined it as it was attached) has nothing to detach; no customer is not its owner.
      const owner = pm ? customerIdOf(pm) : null;
      if (owner !== null && owner === (await repo.findCustomer(db, companyId, STRIPE_PROVIDER, clientId))) await stripe.paymentMethods.detach(token);
    },

    async forgetClient(companyId, clientId) {
      const customer = await repo.findCustomer(db, companyId, STRIPE_PROVIDER, clientId);
      const found = customer ? await account(companyId) : null;
      if (!customer || !found) return;
      try {
        // Deleting the customer detaches its cards at Stripe; its payments stay in the company's Stripe records.
        await found.stripe.customers.del(customer, { idempotencyKey: `forget-${companyId}-${clientId}` });
      } catch (err) {
        // Stripe unreachable for now: the erasure waits for the next run. Anything else (the customer gone,
        // the account's key revoked) leaves nothing the portal can remove.
        if (isLostAnswer(err)) throw err;
      }
    },

    registerBankAccount() {
      // Direct debit goes to the company's direct-debit provider, which is not connected yet.
      return Promise.reject(new AppError(422, 'DIRECT_DEBIT_OFF', 'Direct debit cannot be set up online yet. Please contact us.'));
    },

    async charge(request) {
      const stripe = await stripeOf(request.companyId);
      const customer = await customerOf(stripe, request.companyId, request.clientId);
      const key = request.idempotencyKey;
      await repo.recordChargeAsked(db, { company_id: request.companyId, provider: STRIPE_PROVIDER, idempotency_key: key, customer_id: customer, created_at: nowIso() });
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency.toLowerCase(),
            customer,
            payment_method: request.token,
            confirm: true,
            // 3-D Secure is finished in the page by Stripe.js; no payment method that leaves the page.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            ...(request.saveForLater ? { setup_future_usage: 'off_session' as const } : {}),
            // A later instalment, charged without the family: a bank that wants them declines rather than asks.
            ...(request.offSession ? { off_session: true } : {}),
            description: request.description,
            metadata: { portal, portal_key: key, company_id: String(request.companyId), client_id: String(request.clientId) },
          },
          { idempotencyKey: key },
        );
        await repo.recordChargeId(db, request.companyId, STRIPE_PROVIDER, key, intent.id);
        return resultOf(intent);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError) {
          const intent = err.payment_intent;
          if (intent) await repo.recordChargeId(db, request.companyId, STRIPE_PROVIDER, key, intent.id);
          return declined(intent?.id ?? null, declineOf(err.code, err.decline_code));
        }
        if (err instanceof Stripe.errors.StripeIdempotencyError) throw new GatewayIdempotencyError(err.message);
        if (err instanceof Stripe.errors.StripeInvalidRequestError && (err.code === 'resource_missing' || err.param === 'payment_method')) return declined(null, 'invalid_token');
        if (isLostAnswer(err)) throw new GatewayNetworkError(`Stripe's answer was lost: ${(err as Error).message}`);
        throw err;
      }
    },

    async retrieve(companyId, key) {
      const intent = await intentByKey(await stripeOf(companyId), companyId, key);
      return intent ? resultOf(intent) : null;
    },

    async refund(companyId, chargeId) {
      const stripe = await stripeOf(companyId);
      try {
        await stripe.refunds.create({ payment_intent: chargeId }, { idempotencyKey: `refund-${chargeId}` });
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'charge_already_refunded') return;
        throw err;
      }
    },

    async cancel(companyId, key) {
      const stripe = await stripeOf(companyId);
      const intent = await intentByKey(stripe, companyId, key);
      if (intent?.status !== 'requires_action') return intent ? resultOf(intent) : null;
      try {
        return resultOf(await stripe.paymentIntents.cancel(intent.id));
      } catch (err) {
        // Approved a moment before: the charge as it stands wins.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) return resultOf(await stripe.paymentIntents.retrieve(intent.id));
        throw err;
      }
    },

    async listSucceededCharges(companyId, before) {
      const found = await account(companyId);
      if (!found) return [];
      const lt = Math.floor(Date.parse(before) / 1000);
      const charges: OrphanCharge[] = [];
      for await (const intent of found.stripe.paymentIntents.list({ created: { gte: lt - ORPHAN_WINDOW_SECONDS, lt }, limit: 100 })) {
        const key = intent.metadata.portal_key;
        if (intent.status !== 'succeeded' || !key || intent.metadata.portal !== portal || intent.metadata.company_id !== String(companyId)) continue;
        charges.push({ chargeId: intent.id, idempotencyKey: key, amountCents: intent.amount, createdAt: new Date(intent.created * 1000).toISOString() });
      }
      return charges;
    },
  };
}

export type StripeGateway = ReturnType<typeof createStripeGateway>;
