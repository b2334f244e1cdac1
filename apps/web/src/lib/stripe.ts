import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';

const loaded = new Map<string, Promise<Stripe | null>>();

/**
 * Stripe.js for a company whose processor is Stripe (decision 103): loaded from js.stripe.com
 * the first time a card is asked for, never for a company on the embedded gateway; one instance
 * per publishable key, as Stripe asks.
 */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

/**
 * Finishes a payment's 3-D Secure step in the page with the PaymentIntent's client secret. The
 * payment's outcome is then asked of the portal again, whatever Stripe.js answers here.
 */
export async function finishStripeStep(publishableKey: string, clientSecret: string): Promise<void> {
  const stripe = await stripeFor(publishableKey);
  if (!stripe) throw new Error('Stripe.js could not be loaded. Please check your connection and try again.');
  await stripe.handleNextAction({ clientSecret });
}
