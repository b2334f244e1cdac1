import crypto from 'node:crypto';
import Stripe from 'stripe';
import type { Engine } from '../db/database.ts';
import type { RuntimeParts } from '../runtime.ts';
import { setGatewayKeys } from '../modules/payments/payments.api.ts';
import { changeCompanySettings, startTestApp, type TestApp } from './api-harness.ts';
import { startStripeFake, type StripeFake } from './stripe-fake.ts';

/**
 * A test app whose SDK calls go to a local fake of Stripe's API (decision 103), the SDK for the
 * test's own calls (what Stripe.js does in a browser), and a way to connect a company to it.
 */
export async function startStripeTestApp(engine: Engine, options: Pick<RuntimeParts, 'logStream'> = {}) {
  const fake: StripeFake = await startStripeFake();
  const t: TestApp = await startTestApp(engine, { PROCESSOR_KEYS_SECRET: crypto.randomBytes(32).toString('base64'), STRIPE_API_URL: fake.url, LOG_LEVEL: 'debug' }, options);
  const url = new URL(fake.url);
  const stripe = new Stripe(fake.secretKey, { host: url.hostname, port: url.port, protocol: 'http' });
  return {
    t,
    fake,
    stripe,
    /** Takes the company's cards through Stripe: its settings (and `more` of them), and its keys stored as `set-gateway` stores them. */
    async connect(code: string, companyId: number, more: (settings: Record<string, Record<string, unknown>>) => void = () => {}) {
      await changeCompanySettings(t, companyId, (s: Record<string, Record<string, unknown>>) => {
        s.fin_setup!.PaymentGatewayEnabled = true;
        s.fin_setup!.PaymentGatewayProvider = 'stripe';
        more(s);
      });
      const stored = await setGatewayKeys(t.runtime.ctx, code, { provider: 'stripe', secretKey: fake.secretKey, publishableKey: fake.publishableKey, webhookSecret: fake.webhookSecret });
      if (!stored.ok) throw new Error(stored.message);
    },
    /** What Stripe.js's Payment Element makes in the family's browser: a payment method of no customer yet. */
    paymentMethod: async (token = 'tok_visa') => (await stripe.paymentMethods.create({ type: 'card', card: { token } })).id,
    async close() {
      await t.close();
      await fake.close();
    },
  };
}
