import type { Deps } from '../../deps.ts';
import type { Company } from '../../domain/company.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { companyTimeZone, localNow } from '../../lib/time.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { createSimulatedGateway, SIMULATED_PROVIDER } from './simulated-gateway.ts';
import { passesLuhn } from './test-cards.ts';

export type { PaymentGateway, ChargeResult, CardInfo, DeclineCode } from './payment-gateway.ts';
export { GatewayIdempotencyError, GatewayNetworkError, DECLINE_MESSAGES } from './payment-gateway.ts';

const simulated = new WeakMap<Deps['db'], ReturnType<typeof createSimulatedGateway>>();

function simulatedGateway(deps: Deps) {
  let gateway = simulated.get(deps.db);
  if (!gateway) {
    gateway = createSimulatedGateway(deps.db);
    simulated.set(deps.db, gateway);
  }
  return gateway;
}

/** The adapters a company may choose with PaymentGatewayProvider; an empty provider means the embedded one. */
const PROVIDERS: Record<string, (deps: Deps) => PaymentGateway> = {
  '': simulatedGateway,
  [SIMULATED_PROVIDER]: simulatedGateway,
};

/** The company's gateway, or null when it takes no card payments online (H14). */
export function gatewayFor(deps: Deps, company: Company): PaymentGateway | null {
  const { PaymentGatewayEnabled, PaymentGatewayProvider } = company.settings.fin_setup;
  if (!PaymentGatewayEnabled) return null;
  const make = PROVIDERS[PaymentGatewayProvider.trim().toLowerCase()];
  return make ? make(deps) : null;
}

/** The gateway a company's saved cards and bank mandates are kept with (the embedded one when payments are off). */
export function vaultFor(deps: Deps, company: Company): PaymentGateway {
  return gatewayFor(deps, company) ?? simulatedGateway(deps);
}

function assertSimulated(deps: Deps, company: Company) {
  const gateway = gatewayFor(deps, company);
  if (gateway && gateway.name !== SIMULATED_PROVIDER) throw notFound();
}

/**
 * The simulated gateway's tokenisation: checks what a card network would, keeps no card number;
 * the token is the client's, or no one's yet when an online registration tokenises it (null).
 */
export async function tokeniseCard(deps: Deps, company: Company, clientId: number | null, card: { number: string; exp_month: number; exp_year: number; cvc: string }) {
  assertSimulated(deps, company);
  if (!passesLuhn(card.number)) throw new AppError(402, 'incorrect_number', 'Your card number is incorrect.', [{ field: 'number', message: 'Your card number is incorrect.' }]);
  const today = localNow(companyTimeZone(company.settings.localization)).date;
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  if (card.exp_year < year || (card.exp_year === year && card.exp_month < month)) {
    throw new AppError(402, 'invalid_expiry', 'Your card’s expiration date is in the past.', [{ field: 'expiry', message: 'Your card’s expiration date is in the past.' }]);
  }
  const made = await simulatedGateway(deps).tokenise(company.id, clientId, { number: card.number, expMonth: card.exp_month, expYear: card.exp_year });
  return { id: made.token, card: { brand: made.brand, last4: made.last4, exp_month: card.exp_month, exp_year: card.exp_year } };
}

/** A challenge step of a charge of this client's card; another client's is not found. */
export async function findChallenge(deps: Deps, company: Company, clientId: number, id: string) {
  assertSimulated(deps, company);
  const challenge = await simulatedGateway(deps).findChallenge(company.id, clientId, id);
  if (!challenge) throw notFound();
  return challenge;
}

export async function decideChallenge(deps: Deps, company: Company, clientId: number, id: string, approve: boolean) {
  const challenge = await findChallenge(deps, company, clientId, id);
  if (challenge.status !== 'pending') throw new AppError(409, 'CHALLENGE_DONE', 'This verification has already been completed');
  await simulatedGateway(deps).decideChallenge(company.id, clientId, id, approve);
  return findChallenge(deps, company, clientId, id);
}
