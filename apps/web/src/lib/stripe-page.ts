import type { CompanyConfig } from '@portal/shared/company-config';
import { PAY_META } from '@portal/shared/startup-calls';

// Apart from lib/stripe.ts: the app's root reads this on every page, and Stripe's loader stays out of the landing's script.

/** Whether the company takes cards through Stripe, so its pages need Stripe's origins (decision 103). */
function paysThroughStripe(config: Pick<CompanyConfig, 'fin_setup'>): boolean {
  return config.fin_setup.PaymentGatewayEnabled && config.fin_setup.PaymentGatewayProvider.trim().toLowerCase() === 'stripe';
}

const RELOADED = 'portal-pay-reloaded';

/**
 * Whether this page must be loaded again to take Stripe cards: it was served before the browser
 * held the company's hint (the landing, a first visit), so its content security policy keeps
 * Stripe.js out. True once per tab and company; the configuration answer has left the hint, so
 * the next load of the page opens Stripe's origins.
 */
export function pageNeedsStripeReload(config: Pick<CompanyConfig, 'fin_setup' | 'CustomerID'>): boolean {
  // Only as the page starts: a company that moves to Stripe while a family types is not reloaded
  // under them (its card form then says it could not load, and a reload mends it).
  const first = !started;
  started = true;
  if (!first || !paysThroughStripe(config) || document.querySelector(`meta[name="${PAY_META}"][content="stripe"]`)) return false;
  try {
    if (window.sessionStorage.getItem(RELOADED) === String(config.CustomerID)) return false;
    window.sessionStorage.setItem(RELOADED, String(config.CustomerID));
  } catch {
    // No storage (a private mode that refuses it): no reload, which could not be kept from repeating.
    return false;
  }
  return true;
}

let started = false;
