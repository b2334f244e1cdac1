import type { GatewayChallenge, GatewayToken, GatewayTokenRequest } from '@portal/shared/payment-schemas';
import { api } from './api-client';

/**
 * The simulated gateway's browser side: card details are posted to the gateway's own route
 * (same origin, its own prefix), never to the portal's API; only the token goes on.
 */
const GATEWAY = '/sim-gateway/v1';

export function tokeniseCard(card: { number: string; expiry: string; cvc: string; name: string }): Promise<GatewayToken> {
  const [month, year] = card.expiry.split('/');
  const body: GatewayTokenRequest = { number: card.number.replace(/\s/g, ''), exp_month: Number(month), exp_year: Number(year), cvc: card.cvc, name: card.name };
  return api<GatewayToken>(`${GATEWAY}/tokens`, { method: 'POST', body });
}

export function decideChallenge(id: string, approve: boolean): Promise<GatewayChallenge> {
  return api<GatewayChallenge>(`${GATEWAY}/challenges/${encodeURIComponent(id)}`, { method: 'POST', body: { approve } });
}
