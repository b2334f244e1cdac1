import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Engine } from '../db/database.ts';
import type { RuntimeParts } from '../runtime.ts';
import { setGatewayKeys } from '../modules/payments/payments.api.ts';
import { changeCompanySettings, startTestApp, type TestApp } from './api-harness.ts';
import { startGoCardlessFake, type GoCardlessFake } from './gocardless-fake.ts';

/**
 * A test app whose GoCardless SDK calls go to a local fake of GoCardless's API (decision 104),
 * listening on a port so the fake's signed webhooks reach it, and a way to connect a company.
 */
export async function startGoCardlessTestApp(engine: Engine, options: Pick<RuntimeParts, 'logStream' | 'clock'> = {}) {
  const fake: GoCardlessFake = await startGoCardlessFake();
  const t: TestApp = await startTestApp(engine, { PROCESSOR_KEYS_SECRET: crypto.randomBytes(32).toString('base64'), GOCARDLESS_API_URL: fake.url, LOG_LEVEL: 'debug' }, options);
  await t.server.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.server.server.address() as AddressInfo).port}`;
  const webhookSecret = crypto.randomBytes(24).toString('base64url');
  return {
    t,
    fake,
    webhookSecret,
    /** The webhook address of a company, as its GoCardless dashboard would name it. */
    webhookUrl: (code: string) => `${base}/webhooks/gocardless/${code}`,
    /**
     * Collects the company's direct debits through GoCardless: its settings (and `more` of them),
     * its keys stored as `set-gateway` stores them, and GoCardless's webhooks sent to it.
     */
    async connect(code: string, companyId: number, more: (settings: Record<string, Record<string, unknown>>) => void = () => {}) {
      await changeCompanySettings(t, companyId, (s: Record<string, Record<string, unknown>>) => {
        s.fin_setup!.DirectDebitIntegrationType = 'gocardless';
        s.fin_setup!.PaymentType = 'EitherCCOrDD';
        s.fin_setup!.Currency = 'GBP';
        s.localization!.CurrencySymbol = '£';
        s.fin_setup!.InvoicesPaidOnline = true;
        more(s);
      });
      const stored = await setGatewayKeys(t.runtime.ctx, code, { provider: 'gocardless', secretKey: fake.accessToken, webhookSecret });
      if (!stored.ok) throw new Error(stored.message);
      fake.setWebhookEndpoint(`${base}/webhooks/gocardless/${code}`, webhookSecret);
    },
    async close() {
      await t.close();
      await fake.close();
    },
  };
}
