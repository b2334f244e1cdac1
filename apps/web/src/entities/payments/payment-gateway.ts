import type { GatewayChallenge, GatewayToken, GatewayTokenRequest } from '@portal/shared/payment-schemas';
import { REGISTRATION_TOKEN_HEADER } from '@portal/shared/registration-schemas';
import { registrationEndpoints } from '@portal/shared/endpoints/registration';
import { api } from '@/lib/api-client';
import { call } from '@/lib/call';

/**
 * The simulated gateway's browser side: card details are posted to the gateway's own route
 * (same origin, its own prefix), never to the portal's API; only the token goes on.
 */
const GATEWAY = '/sim-gateway/v1';

/** Where a card is tokenised and its challenge step decided, and what names the payer there. */
export interface GatewayEndpoints {
  tokens: string;
  challenges: string;
  /** Sent with the card (the registration's token). */
  tokenBody?: Record<string, string>;
  /** Sent with the challenge's decision. */
  headers?: Record<string, string>;
}

/** A signed-in customer's payments. */
export const customerGateway: GatewayEndpoints = { tokens: `${GATEWAY}/tokens`, challenges: `${GATEWAY}/challenges` };

/** An online registration's payment: no one is signed in yet, the registration's token names the payer. */
export function registrationGateway(registrationToken: string): GatewayEndpoints {
  return {
    tokens: `${GATEWAY}/registration-tokens`,
    challenges: `${GATEWAY}/registration-challenges`,
    tokenBody: { registration_token: registrationToken },
    headers: { [REGISTRATION_TOKEN_HEADER]: registrationToken },
  };
}

/** A guest's booking on the public booking page: the challenge's own id names the card holder. */
export const guestBookingGateway: GatewayEndpoints = { tokens: `${GATEWAY}/guest-tokens`, challenges: `${GATEWAY}/guest-challenges` };

export function tokeniseCard(card: { number: string; expiry: string; cvc: string; name: string }, endpoints: GatewayEndpoints = customerGateway): Promise<GatewayToken> {
  const [month, year] = card.expiry.split('/');
  const body: GatewayTokenRequest = { number: card.number.replace(/\s/g, ''), exp_month: Number(month), exp_year: Number(year), cvc: card.cvc, name: card.name };
  return api<GatewayToken>(endpoints.tokens, { method: 'POST', body: { ...body, ...endpoints.tokenBody } });
}

export function decideChallenge(id: string, approve: boolean, endpoints: GatewayEndpoints = customerGateway): Promise<GatewayChallenge> {
  return api<GatewayChallenge>(`${endpoints.challenges}/${encodeURIComponent(id)}`, { method: 'POST', body: { approve }, headers: endpoints.headers });
}

/** Stripe (decision 103): the payment method Stripe.js made becomes the open registration's card. */
export function recordRegistrationCard(paymentMethod: string, registrationToken: string): Promise<GatewayToken> {
  return call(registrationEndpoints.card, { body: { payment_method: paymentMethod }, headers: { [REGISTRATION_TOKEN_HEADER]: registrationToken } });
}
