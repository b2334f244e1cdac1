import type { Event, Mandate, Payment } from 'gocardless-nodejs/types';

/** Where the banks take a payment after it was asked for (GoCardless's payment statuses). */
export type PaymentMove = 'submitted' | 'confirmed' | 'paid_out' | 'failed' | 'cancelled' | 'charged_back';
/** Where the banks (or time) take a mandate. */
export type MandateMove = 'active' | 'failed' | 'cancelled' | 'expired';

/** What a payer types into the hosted page. */
export interface BankDetails {
  accountHolderName: string;
  /** The sort code: 6 digits (spaces and dashes allowed). `200000` is Barclays. */
  branchCode: string;
  /** 8 digits; `00000000` is refused as an account the bank could not verify. */
  accountNumber: string;
}

/** One webhook sent to the endpoint: its events, and what the endpoint answered. */
export interface Delivery {
  webhookId: string;
  eventIds: string[];
  /** The endpoint's HTTP status; null when no answer came (refused connection, timeout). */
  status: number | null;
  error: string | null;
}

/**
 * A local stand-in for GoCardless's API (version 2015-07-06), as its sandbox answers it, for the
 * calls the portal's direct debit makes; the official SDK talks to it through
 * `createGoCardlessClient(fake.accessToken, fake.url)`. Mandates are set up on its hosted page
 * (`/flow/:id`, the flow's authorisation_url) or with completeFlow(); the banks' side (submission,
 * failures, chargebacks) is played by movePayment() and moveMandate(), or over HTTP for the
 * browser suite: `POST /_test/payments/:id/actions/:to`, `POST /_test/mandates/:id/actions/:to`
 * (JSON `{ cause? }`) and `POST /_test/webhook_endpoint` (`{ url, secret }`), which need no token.
 * Every event is sent as GoCardless sends it: a signed webhook POSTed to the endpoint, one at a
 * time in order.
 */
export interface GoCardlessFake {
  url: string;
  port: number;
  accessToken: string;
  /**
   * The payer completes the flow's hosted page with these details: answers the new mandate's id
   * once its webhook has been delivered; throws the page's message when the page refuses them.
   */
  completeFlow(flowId: string, bank: BankDetails): Promise<string>;
  /**
   * The banks move a payment, through the statuses between (pending_submission to paid_out is
   * submitted, confirmed, paid_out), one webhook for each; `cause` picks the event's details
   * (failed: insufficient_funds unless told, e.g. bank_account_closed). Resolves once delivered.
   */
  movePayment(id: string, to: PaymentMove, cause?: string): Promise<Payment>;
  /** The same for a mandate: active (after submitted), failed, cancelled at the bank, expired. */
  moveMandate(id: string, to: MandateMove, cause?: string): Promise<Mandate>;
  /** Where webhooks go, and the secret they are signed with; events before this are not sent. */
  setWebhookEndpoint(url: string, secret: string): void;
  /** Keeps webhooks back (in order) until releaseWebhooks(). */
  holdWebhooks(): void;
  /** Sends the webhooks kept back, in order; resolves once the endpoint has answered them. */
  releaseWebhooks(): Promise<void>;
  /** Sends an event again, in a webhook of its own (a duplicate, as GoCardless may send). */
  deliver(eventId: string): Promise<Delivery>;
  /** Resolves once every webhook sent so far has been answered (or has failed). */
  webhooksSettled(): Promise<void>;
  /** Every event so far, oldest first. */
  events(): Event[];
  deliveries(): Delivery[];
  /** Every payment and mandate, as they are now, in the order they were made. */
  payments(): Payment[];
  mandates(): Mandate[];
  /**
   * The next request whose `METHOD /path` starts with this (`POST /payments`) is carried out, but
   * the connection closes with no answer: the SDK throws (it does not repeat a POST).
   */
  dropNextAnswer(methodAndPathPrefix: string): void;
  /** `METHOD /path` of each request, oldest first. */
  requests(): string[];
  close(): Promise<void>;
}
