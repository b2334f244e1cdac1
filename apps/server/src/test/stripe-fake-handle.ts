import type Stripe from 'stripe';

/**
 * A local stand-in for Stripe's API, as test mode answers it, for the calls the portal's payment
 * adapter makes; the official SDK talks to it: `new Stripe(fake.secretKey, { host: '127.0.0.1',
 * port: fake.port, protocol: 'http' })`. Payment methods come from Stripe's test tokens
 * (`tok_visa`, `tok_chargeDeclined`, `tok_threeDSecure2Required`, … in stripe-fake-objects.ts).
 * Events are only collected (events()); tests deliver them with signedWebhook().
 */
export interface StripeFake {
  url: string;
  port: number;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Every event so far, oldest first. */
  events(): Stripe.Event[];
  /** Every PaymentIntent, as it is now, in the order they were made. */
  paymentIntents(): Stripe.PaymentIntent[];
  /** The card holder's answer to 3-D Secure (what Stripe.js does): a PaymentIntent (or SetupIntent) in requires_action succeeds or fails. */
  authenticate(id: string, approve: boolean): void;
  /**
   * The next POST /v1/payment_intents is carried out, but the connection closes with no answer;
   * so do the next `answers - 1` requests with its Idempotency-Key. stripe-node repeats a request
   * once on its own when the connection closes (even with maxNetworkRetries: 0), so the default
   * of 2 is what makes the SDK call fail (StripeConnectionError); with 1, its retry gets the answer replayed.
   */
  dropNextAnswer(answers?: number): void;
  /** How many requests came for paths starting with `prefix` (answered or not). */
  requestCount(prefix: string): number;
  /** The event as Stripe would POST it to a webhook endpoint: its JSON, and the Stripe-Signature header for it. */
  signedWebhook(event: Stripe.Event): { payload: string; header: string };
  close(): Promise<void>;
}
