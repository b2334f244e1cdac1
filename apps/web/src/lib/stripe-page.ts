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
  if (!paysThroughStripe(config) || document.querySelector(`meta[name="${PAY_META}"][content="stripe"]`)) return false;
  if (window.sessionStorage.getItem(RELOADED) === String(config.CustomerID)) return false;
  window.sessionStorage.setItem(RELOADED, String(config.CustomerID));
  return true;
}
