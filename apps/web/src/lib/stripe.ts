import { useRef } from 'react';
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
    // A failed load (offline, a blocker) is not kept: the next card form tries again.
    stripe = loadStripe(publishableKey).catch(() => {
      loaded.delete(publishableKey);
      return null;
    });
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

/** A card Stripe.js made (decision 103): its payment method, and the key it was made with. */
export interface StripeCard {
  paymentMethod: string;
  publishableKey: string;
}

export const isStripeCard = (card: object): card is StripeCard => 'paymentMethod' in card;

/**
 * The 3-D Secure step of a payment attempt paid with a Stripe card: Stripe.js takes it, then the
 * same attempt is sent again (`again`). 'none' when the card was not Stripe's (the page shows its
 * own challenge step); 'failed' when the attempt still asks after its step: the page keeps the
 * attempt, and its next Pay sends it again and offers the step again.
 */
export function useStripeStep() {
  const key = useRef<string | null>(null);
  const taken = useRef<string | null>(null);
  return {
    /** Called with the card an attempt pays with (or without one). */
    paidWith(card: object | undefined) {
      key.current = card && isStripeCard(card) ? card.publishableKey : null;
    },
    take(clientSecret: string, attemptKey: string, again: () => void): 'none' | 'taken' | 'failed' {
      const publishableKey = key.current;
      if (!publishableKey) return 'none';
      if (taken.current === attemptKey) {
        // The attempt still asks after its step: the next Pay sends it again and the step is offered again.
        taken.current = null;
        return 'failed';
      }
      taken.current = attemptKey;
      // Whatever Stripe.js answers, the attempt's own answer says how it ended.
      void finishStripeStep(publishableKey, clientSecret)
        .catch(() => undefined)
        .then(again);
      return 'taken';
    },
  };
}

/** What a page says when an attempt still asks for its 3-D Secure step after Stripe.js took it. */
export const STRIPE_STEP_FAILED = 'We could not verify your card. Please try again or use another card.';
