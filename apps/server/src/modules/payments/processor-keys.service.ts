import type { Ctx } from '../../context.ts';
import { findCompanyByCode } from '../company/company.api.ts';
import { nowIso } from '../../lib/time.ts';
import { sealSecret } from '../../lib/secret-box.ts';
import * as repo from './processor.repository.ts';
import { credentialContext, STRIPE_PROVIDER } from './stripe-gateway.ts';
import { GOCARDLESS_PROVIDER } from './gocardless.ts';

export interface GatewayKeys {
  provider: string;
  /** Stripe's secret key, or GoCardless's access token. */
  secretKey: string;
  /** Stripe's publishable key; GoCardless has none. */
  publishableKey?: string | undefined;
  webhookSecret: string;
}

const SHAPES: Record<string, { secretKey: RegExp; publishableKey: RegExp | null; webhookSecret: RegExp }> = {
  [STRIPE_PROVIDER]: { secretKey: /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/, publishableKey: /^pk_(test|live)_[A-Za-z0-9]{8,}$/, webhookSecret: /^whsec_[A-Za-z0-9+/=]{8,}$/ },
  // An access token of the live or sandbox environment, and the secret of the webhook endpoint made in GoCardless's dashboard.
  [GOCARDLESS_PROVIDER]: { secretKey: /^(live|sandbox)_[A-Za-z0-9_-]{16,}$/, publishableKey: null, webhookSecret: /^[A-Za-z0-9_-]{16,}$/ },
};

/** Keys shown back to the operator: the kind and the last four characters, never the rest. */
export const maskKey = (key: string) => `${key.slice(0, key.indexOf('_', 3) + 1)}…${key.slice(-4)}`;

/**
 * Stores a company's processor keys, sealed with PROCESSOR_KEYS_SECRET (decision 103); the CLI's
 * `set-gateway`. Answers what was stored, masked, or why nothing was.
 */
export async function setGatewayKeys(ctx: Pick<Ctx, 'db' | 'env'>, code: string, keys: GatewayKeys): Promise<{ ok: boolean; message: string }> {
  const shape = SHAPES[keys.provider];
  if (!shape) return { ok: false, message: `Unknown provider "${keys.provider}": the portal connects to ${Object.keys(SHAPES).join(', ')}.` };
  const secret = ctx.env.PROCESSOR_KEYS_SECRET;
  if (!secret) return { ok: false, message: 'PROCESSOR_KEYS_SECRET is not set: keys are stored encrypted with it (openssl rand -base64 32), and never in the clear.' };
  const publishableKey = shape.publishableKey ? (keys.publishableKey ?? '') : '';
  for (const [field, value] of [
    ['secretKey', keys.secretKey],
    ['publishableKey', publishableKey],
    ['webhookSecret', keys.webhookSecret],
  ] as const) {
    const pattern = shape[field];
    if (pattern && !pattern.test(value)) return { ok: false, message: `The ${field} does not look like a ${keys.provider} key; nothing was stored.` };
  }
  if (shape.publishableKey && keys.secretKey.includes('_live_') !== publishableKey.includes('_live_'))
    return { ok: false, message: 'The secret and publishable keys are from different modes (test and live); nothing was stored.' };
  const company = await findCompanyByCode(ctx, code);
  if (!company) return { ok: false, message: `No company with code ${code}.` };
  // Another account (its publishable key names it): the families' customers there are not this one's.
  const before = await repo.findCredentials(ctx.db, company.id, keys.provider);
  // GoCardless has no publishable key: a new access token may be another account, so its customers are looked up again too.
  if (before && (before.publishable_key !== publishableKey || !shape.publishableKey)) await repo.forgetCustomers(ctx.db, company.id, keys.provider);
  await repo.saveCredentials(ctx.db, {
    company_id: company.id,
    provider: keys.provider,
    secret_key: sealSecret(secret, credentialContext(company.id, keys.provider, 'secret_key'), keys.secretKey),
    webhook_secret: sealSecret(secret, credentialContext(company.id, keys.provider, 'webhook_secret'), keys.webhookSecret),
    publishable_key: publishableKey,
    updated_at: nowIso(),
  });
  const { PaymentGatewayProvider, PaymentGatewayEnabled, DirectDebitIntegrationType } = company.settings.fin_setup;
  const chosen = keys.provider === GOCARDLESS_PROVIDER ? DirectDebitIntegrationType === keys.provider : PaymentGatewayProvider.trim().toLowerCase() === keys.provider && PaymentGatewayEnabled;
  const setting =
    keys.provider === GOCARDLESS_PROVIDER ? `fin_setup.DirectDebitIntegrationType "${keys.provider}"` : `fin_setup.PaymentGatewayEnabled true and PaymentGatewayProvider "${keys.provider}"`;
  const note = chosen ? '' : ` The company's settings do not take payments through ${keys.provider} yet: set ${setting}.`;
  return { ok: true, message: `Stored ${keys.provider} keys for ${company.code} (secret ${maskKey(keys.secretKey)}, webhook secret ${maskKey(keys.webhookSecret)}).${note}` };
}
