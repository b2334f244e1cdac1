import type { GoCardlessClient } from 'gocardless-nodejs/client';
import { ApiError, AuthenticationError, GoCardlessException, InvalidStateError, PermissionsError } from 'gocardless-nodejs/errors';
import type { Event as GoCardlessEvent, Payment, PaymentCurrency } from 'gocardless-nodejs/types';
import { parse } from 'gocardless-nodejs/webhooks';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/database.ts';
import type { CollectionStatus } from '../../db/schema-processors.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { openSecret } from '../../lib/secret-box.ts';
import { nowIso } from '../../lib/time.ts';
import { createGoCardlessClient } from './gocardless-client.ts';
import { GatewayNetworkError } from './payment-gateway.ts';
import * as repo from './processor.repository.ts';
import { credentialContext } from './stripe-gateway.ts';

export const GOCARDLESS_PROVIDER = 'gocardless';

/** What a family reads when the company takes direct debit through GoCardless and its keys are missing or do not open. */
export const DIRECT_DEBIT_NOT_SET_UP = 'Direct Debit is not set up yet. Please contact us to pay.';

/** How long the portal waits for GoCardless (the SDK sets no limit of its own): a job or a page never hangs on it. */
const TIMEOUT_MS = 8_000;

/** A mandate as the family's billing page shows it: GoCardless keeps the account, the portal its name and last digits. */
export interface MandateSeen {
  mandateId: string;
  status: string;
  accountHolderName: string;
  bankName: string;
  accountNumberEnding: string;
}

/** A collection (GoCardless's payment) as the portal follows it. */
export interface CollectionSeen {
  paymentId: string;
  status: CollectionStatus;
  chargeDate: string | null;
  /** The bank's reason, in words a family understands, once it failed or was cancelled. */
  failure: string | null;
}

const STATUSES: Record<string, CollectionStatus> = {
  pending_customer_approval: 'pending_submission',
  pending_submission: 'pending_submission',
  submitted: 'submitted',
  confirmed: 'confirmed',
  paid_out: 'paid_out',
  failed: 'failed',
  cancelled: 'cancelled',
  customer_approval_denied: 'cancelled',
  charged_back: 'charged_back',
};

/** The failure causes GoCardless names, as the family reads them. */
const CAUSES: Record<string, string> = {
  insufficient_funds: 'there were not enough funds in the account',
  refer_to_payer: 'the bank asked you to contact them',
  bank_account_closed: 'the bank account is closed',
  mandate_cancelled: 'the Direct Debit was cancelled',
  authorisation_disputed: 'the Direct Debit was disputed',
  bank_account_disabled: 'the bank account cannot take Direct Debits',
};

const failureText = (cause: string | undefined) => (cause ? (CAUSES[cause] ?? 'the bank did not pay it') : 'the bank did not pay it');

function seen(payment: Payment, cause?: string): CollectionSeen {
  const status = STATUSES[payment.status ?? ''] ?? 'pending_submission';
  return {
    paymentId: payment.id ?? '',
    status,
    chargeDate: payment.charge_date ?? null,
    failure: status === 'failed' || status === 'cancelled' || status === 'charged_back' ? failureText(cause) : null,
  };
}

/** A call that may not come back: no answer in time, no connection or GoCardless's own failure leaves it unknown. */
async function within<T>(call: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new GatewayNetworkError('GoCardless did not answer in time')), TIMEOUT_MS);
  });
  try {
    return await Promise.race([call, late]);
  } catch (err) {
    // Keys revoked or without the right: the company's account cannot be used, whatever the call.
    if (err instanceof AuthenticationError || err instanceof PermissionsError) throw new AppError(403, 'DIRECT_DEBIT_OFF', DIRECT_DEBIT_NOT_SET_UP);
    if (err instanceof ApiError && Number(err.code) < 500 && Number(err.code) !== 429) throw err;
    if (err instanceof GatewayNetworkError) throw err;
    if (err instanceof GoCardlessException || err instanceof Error) throw new GatewayNetworkError(`GoCardless: ${err.message}`);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GoCardless for direct debit (decision 104), with the official SDK: a mandate set up on
 * GoCardless's hosted pages (a billing request and its flow), invoices collected as payments
 * under the portal's idempotency key, events verified with the SDK. The company's access token
 * and webhook secret are read from the database and opened with PROCESSOR_KEYS_SECRET.
 */
export function createGoCardless(db: Db, env: Pick<Env, 'PROCESSOR_KEYS_SECRET' | 'GOCARDLESS_API_URL'>) {
  const clients = new Map<number, { stamp: string; client: GoCardlessClient; webhookSecret: string }>();

  async function account(companyId: number) {
    const row = await repo.findCredentials(db, companyId, GOCARDLESS_PROVIDER);
    if (!row || !env.PROCESSOR_KEYS_SECRET) return null;
    const cached = clients.get(companyId);
    if (cached?.stamp === row.updated_at) return cached;
    const token = openSecret(env.PROCESSOR_KEYS_SECRET, credentialContext(companyId, GOCARDLESS_PROVIDER, 'secret_key'), row.secret_key);
    const webhookSecret = openSecret(env.PROCESSOR_KEYS_SECRET, credentialContext(companyId, GOCARDLESS_PROVIDER, 'webhook_secret'), row.webhook_secret);
    if (!token || !webhookSecret) return null;
    const made = { stamp: row.updated_at, client: createGoCardlessClient(token, env.GOCARDLESS_API_URL), webhookSecret };
    clients.set(companyId, made);
    return made;
  }

  async function clientOf(companyId: number): Promise<GoCardlessClient> {
    const found = await account(companyId);
    if (!found) throw new AppError(403, 'DIRECT_DEBIT_OFF', DIRECT_DEBIT_NOT_SET_UP);
    return found.client;
  }

  return {
    name: GOCARDLESS_PROVIDER,

    async ready(companyId: number): Promise<boolean> {
      return (await account(companyId)) !== null;
    },

    /**
     * Starts a mandate: a billing request for the family's GoCardless customer (made with the
     * first one) and the hosted flow the family's browser goes to.
     */
    async startMandate(
      companyId: number,
      clientId: number,
      input: { key: string; currency: string; redirectUri: string; exitUri: string; customer: { givenName: string; familyName: string; email: string } },
    ): Promise<{ requestId: string; authorisationUrl: string }> {
      const client = await clientOf(companyId);
      const customer = await repo.findCustomer(db, companyId, GOCARDLESS_PROVIDER, clientId);
      const request = await within(
        client.billingRequests.create(
          {
            mandate_request: { currency: input.currency },
            metadata: { company_id: String(companyId), client_id: String(clientId) },
            ...(customer ? { links: { customer } } : {}),
          },
          `${input.key}-request`,
        ),
      );
      const made = request.links?.customer;
      if (!customer && made) await repo.saveCustomer(db, { company_id: companyId, provider: GOCARDLESS_PROVIDER, client_id: clientId, customer_id: made, created_at: nowIso() });
      const flow = await within(
        client.billingRequestFlows.create(
          {
            redirect_uri: input.redirectUri,
            exit_uri: input.exitUri,
            links: { billing_request: request.id ?? '' },
            prefilled_customer: { given_name: input.customer.givenName, family_name: input.customer.familyName, email: input.customer.email },
          },
          `${input.key}-flow`,
        ),
      );
      return { requestId: request.id ?? '', authorisationUrl: flow.authorisation_url ?? '' };
    },

    /** The mandate a billing request made, with its bank account; null while the family has not finished. */
    async mandateOf(companyId: number, requestId: string): Promise<MandateSeen | null> {
      const client = await clientOf(companyId);
      const request = await within(client.billingRequests.find(requestId));
      const mandateId = request.links?.mandate_request_mandate;
      if (request.status !== 'fulfilled' || !mandateId) return null;
      return this.mandate(companyId, mandateId);
    },

    async mandate(companyId: number, mandateId: string): Promise<MandateSeen> {
      const client = await clientOf(companyId);
      const mandate = await within(client.mandates.find(mandateId));
      const account = await within(client.customerBankAccounts.find(mandate.links?.customer_bank_account ?? ''));
      return {
        mandateId,
        status: mandate.status ?? 'pending_submission',
        accountHolderName: account.account_holder_name ?? '',
        bankName: account.bank_name ?? '',
        accountNumberEnding: account.account_number_ending ?? '',
      };
    },

    /** Ends a mandate (the family removed it); one ended already stays so. */
    async cancelMandate(companyId: number, mandateId: string): Promise<void> {
      const client = await clientOf(companyId);
      try {
        await within(client.mandates.cancel(mandateId, { metadata: {} }));
      } catch (err) {
        if (!(err instanceof InvalidStateError)) throw err;
      }
    },

    /**
     * Asks GoCardless to collect an invoice from a mandate, under the portal's key: asked again
     * (a lost answer, another process), GoCardless answers the payment it made the first time.
     */
    async collect(companyId: number, input: { key: string; mandateId: string; amountCents: number; currency: string; description: string; invoiceNo: string }): Promise<CollectionSeen> {
      const client = await clientOf(companyId);
      const payment = await within(
        client.payments.create(
          {
            amount: input.amountCents,
            // GoCardless takes the currencies its schemes collect in; another answers its validation error.
            currency: input.currency as PaymentCurrency,
            description: input.description,
            metadata: { portal_key: input.key, invoice: input.invoiceNo },
            links: { mandate: input.mandateId },
          },
          input.key,
        ),
      );
      return seen(payment);
    },

    /** A collection as it stands now, with the cause GoCardless gave for its last change. */
    async collection(companyId: number, paymentId: string, cause?: string): Promise<CollectionSeen> {
      const client = await clientOf(companyId);
      return seen(await within(client.payments.find(paymentId)), cause);
    },

    /** Asks GoCardless to collect a failed payment again (the company allows retries); one retried already is answered as it stands. */
    async retry(companyId: number, paymentId: string): Promise<CollectionSeen> {
      const client = await clientOf(companyId);
      try {
        return seen(await within(client.payments.retry(paymentId, { metadata: {} })));
      } catch (err) {
        if (!(err instanceof InvalidStateError)) throw err;
        return seen(await within(client.payments.find(paymentId)));
      }
    },

    /** The events of a webhook, verified with the company's webhook secret; 400 when the signature is not GoCardless's, 404 when the company has no GoCardless keys. */
    async events(companyId: number, body: string, signature: string | undefined): Promise<GoCardlessEvent[]> {
      const found = await account(companyId);
      if (!found) throw notFound();
      const refused = new AppError(400, 'WEBHOOK_SIGNATURE', 'The webhook signature does not match');
      if (!signature || !/^[0-9a-f]{64}$/.test(signature)) throw refused;
      try {
        return parse(body, found.webhookSecret, signature);
      } catch (err) {
        // The SDK throws its InvalidSignatureError (a plain object, not an Error) or JSON's SyntaxError.
        if (err instanceof Error && !(err instanceof SyntaxError)) throw err;
        throw refused;
      }
    },

    /** Removes the family's customer at GoCardless (its mandates end with it) before the family is erased. */
    async forgetClient(companyId: number, clientId: number): Promise<void> {
      const customer = await repo.findCustomer(db, companyId, GOCARDLESS_PROVIDER, clientId);
      if (!customer || !(await account(companyId))) return;
      const client = await clientOf(companyId);
      try {
        await within(client.customers.remove(customer));
      } catch (err) {
        if (!(err instanceof ApiError) || Number(err.code) !== 404) throw err;
      }
    },
  };
}

export type GoCardless = ReturnType<typeof createGoCardless>;
