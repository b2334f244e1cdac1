import type { CompanySettings } from '@portal/shared/company-config';
import { ERROR_MESSAGES } from '@portal/shared/error-codes';
import type { Env } from '../../config/env.ts';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { findAllCompanies } from '../company/company.api.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { companyTimeZone, localNow } from '../../lib/time.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { createSimulatedGateway, SIMULATED_PROVIDER, type SimulatedGateway } from './simulated-gateway.ts';
import type { Db } from '../../db/database.ts';
import { passesLuhn } from './test-cards.ts';
import { createStripeGateway, STRIPE_PROVIDER, type StripeGateway } from './stripe-gateway.ts';
import { createGoCardless, type GoCardless } from './gocardless.ts';

export type { PaymentGateway, ChargeResult } from './payment-gateway.ts';
export { GatewayIdempotencyError, GatewayNetworkError, DECLINE_MESSAGES } from './payment-gateway.ts';

/** The processors this process can reach, built once at start-up (runtime.ts); a test may hand in its own. */
export interface Gateways {
  simulated?: SimulatedGateway;
  stripe?: StripeGateway;
  /** Direct debit (decision 104). */
  gocardless?: GoCardless;
}

export function createGateways(db: Db, env: Pick<Env, 'NODE_ENV' | 'ALLOW_SIMULATED_GATEWAY' | 'PROCESSOR_KEYS_SECRET' | 'STRIPE_API_URL' | 'GOCARDLESS_API_URL' | 'PUBLIC_URL'>): Gateways {
  return { ...(simulatedGatewayAllowed(env) ? { simulated: createSimulatedGateway(db) } : {}), stripe: createStripeGateway(db, env), gocardless: createGoCardless(db, env) };
}

/** Removes what every processor keeps of a family being erased (decisions 097, 103, 104): before its rows are. */
export async function forgetClientAtProcessors(ctx: Ctx, companyId: number, clientId: number): Promise<void> {
  for (const gateway of [ctx.gateways.simulated, ctx.gateways.stripe, ctx.gateways.gocardless]) await gateway?.forgetClient(companyId, clientId);
}

/** Whether the simulator may run: never under NODE_ENV=production unless ALLOW_SIMULATED_GATEWAY says so (decision 054). */
export function simulatedGatewayAllowed(env: Pick<Env, 'NODE_ENV' | 'ALLOW_SIMULATED_GATEWAY'>): boolean {
  return env.NODE_ENV !== 'production' || env.ALLOW_SIMULATED_GATEWAY;
}

function simulatedGateway(ctx: Ctx): SimulatedGateway {
  // Start-up refuses such companies, but settings can change while the server runs: refuse at use too.
  const gateway = simulatedGatewayAllowed(ctx.env) ? ctx.gateways.simulated : undefined;
  if (!gateway) throw new AppError(403, 'PAYMENTS_OFF', 'Online payment is not available');
  return gateway;
}

function stripeGateway(ctx: Ctx): PaymentGateway {
  if (!ctx.gateways.stripe) throw new AppError(403, 'PAYMENTS_OFF', 'Online payment is not available');
  return ctx.gateways.stripe;
}

/** The adapters a company may choose with PaymentGatewayProvider; an empty provider means the embedded one. */
const PROVIDERS: Record<string, (ctx: Ctx) => PaymentGateway> = {
  '': simulatedGateway,
  [SIMULATED_PROVIDER]: simulatedGateway,
  [STRIPE_PROVIDER]: stripeGateway,
};

/** The adapter the company's card charges go to: none while its gateway is off or its provider is unknown. */
function providerOf(settings: CompanySettings): ((ctx: Ctx) => PaymentGateway) | undefined {
  const { PaymentGatewayEnabled, PaymentGatewayProvider } = settings.fin_setup;
  return PaymentGatewayEnabled ? PROVIDERS[PaymentGatewayProvider.trim().toLowerCase()] : undefined;
}

/**
 * The gateway a payment was charged through (its `processor`), whatever the company has chosen
 * since: a payment in flight is settled, and a charge refunded, where the money is.
 */
export function gatewayNamed(ctx: Ctx, name: string): PaymentGateway | null {
  if (name === STRIPE_PROVIDER) return ctx.gateways.stripe ?? null;
  if (name === SIMULATED_PROVIDER) return simulatedGatewayAllowed(ctx.env) ? (ctx.gateways.simulated ?? null) : null;
  return null;
}

/** The company's gateway, or null when it takes no card payments online (H14), as where the simulator may not run. */
export function gatewayFor(ctx: Ctx, company: Company): PaymentGateway | null {
  const make = providerOf(company.settings);
  if (!make || (make === simulatedGateway && !simulatedGatewayAllowed(ctx.env))) return null;
  return make(ctx);
}

/**
 * How the family's browser takes a card for the company: the embedded gateway's form, or Stripe.js
 * with the company's publishable key; null when it takes no card payments (a processor chosen but
 * not connected included).
 */
export async function cardEntryOf(ctx: Ctx, company: Company): Promise<{ stripePublishableKey: string | null } | null> {
  const gateway = gatewayFor(ctx, company);
  if (!gateway) return null;
  if (gateway.name !== STRIPE_PROVIDER) return { stripePublishableKey: null };
  const account = await ctx.gateways.stripe?.account(company.id);
  return account ? { stripePublishableKey: account.publishableKey } : null;
}

/**
 * Whether a company would pay, or keep payment details, through the simulator: card charges while
 * its gateway is on with the simulated (or an empty) provider; saved cards and bank mandates
 * while its payment type takes any and no other gateway keeps them (vaultFor).
 */
export function usesSimulatedGateway(settings: CompanySettings): boolean {
  const make = providerOf(settings);
  return make ? make === simulatedGateway : settings.fin_setup.PaymentType !== 'None';
}

/** What a production server or import says about companies that would pay through the simulator. */
export function simulatedGatewayRefusal(codes: string[]): string {
  const named = codes.length > 10 ? `${codes.slice(0, 10).join(', ')} and ${codes.length - 10} more` : codes.join(', ');
  return (
    `NODE_ENV=production refuses the simulated payment gateway, which charges no one, and ${codes.length === 1 ? 'company' : 'companies'} ${named} would take payments through it: ` +
    'switch their payments off (fin_setup.PaymentGatewayEnabled false and PaymentType "None") or set ALLOW_SIMULATED_GATEWAY=true'
  );
}

/** Start-up: a production server does not run while a company would take payments through the simulator (decision 054). */
export async function assertNoSimulatedPayments(ctx: Pick<Ctx, 'db' | 'env'>): Promise<void> {
  if (simulatedGatewayAllowed(ctx.env)) return;
  const codes = (await findAllCompanies(ctx)).filter((c) => usesSimulatedGateway(c.settings)).map((c) => c.code);
  if (codes.length > 0) throw new Error(`Refusing to start: ${simulatedGatewayRefusal(codes)}.`);
}

/** The gateway a company's saved cards and bank mandates are kept with (the embedded one when payments are off). */
export function vaultFor(ctx: Ctx, company: Company): PaymentGateway {
  return gatewayFor(ctx, company) ?? simulatedGateway(ctx);
}

function assertSimulated(ctx: Ctx, company: Company) {
  const gateway = gatewayFor(ctx, company);
  if (gateway && gateway.name !== SIMULATED_PROVIDER) throw notFound();
}

const UNKNOWN_CARD = 'Your card was declined. This test gateway takes only its test cards.';

/**
 * The simulated gateway's tokenisation: checks what a card network would, keeps no card number;
 * the token is the client's, or no one's yet when an online registration tokenises it (null).
 */
export async function tokeniseCard(ctx: Ctx, company: Company, clientId: number | null, card: { number: string; exp_month: number; exp_year: number; cvc: string }) {
  assertSimulated(ctx, company);
  if (!passesLuhn(card.number)) throw new AppError(402, 'incorrect_number', 'Your card number is incorrect.', [{ field: 'number', message: 'Your card number is incorrect.' }]);
  const today = localNow(companyTimeZone(company.settings.localization)).date;
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  if (card.exp_year < year || (card.exp_year === year && card.exp_month < month)) {
    throw new AppError(402, 'invalid_expiry', ERROR_MESSAGES.invalid_expiry, [{ field: 'expiry', message: ERROR_MESSAGES.invalid_expiry }]);
  }
  const made = await simulatedGateway(ctx).tokenise(company.id, clientId, { number: card.number, expMonth: card.exp_month, expYear: card.exp_year });
  if (!made) throw new AppError(402, 'card_declined', UNKNOWN_CARD, [{ field: 'number', message: UNKNOWN_CARD }]);
  return { id: made.token, card: { brand: made.brand, last4: made.last4, exp_month: card.exp_month, exp_year: card.exp_year } };
}

/** A challenge step of a charge of this client's card; another client's is not found. */
export async function findChallenge(ctx: Ctx, company: Company, clientId: number, id: string) {
  assertSimulated(ctx, company);
  const challenge = await simulatedGateway(ctx).findChallenge(company.id, clientId, id);
  if (!challenge) throw notFound();
  return challenge;
}

export async function decideChallenge(ctx: Ctx, company: Company, clientId: number, id: string, approve: boolean) {
  const challenge = await findChallenge(ctx, company, clientId, id);
  if (challenge.status !== 'pending') throw new AppError(409, 'CHALLENGE_DONE', 'This verification has already been completed');
  await simulatedGateway(ctx).decideChallenge(company.id, clientId, id, approve);
  return findChallenge(ctx, company, clientId, id);
}
