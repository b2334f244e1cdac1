import type { CompanySettings } from '@portal/shared/company-config';
import type { Db } from '../../db/database.ts';
import { savePaymentMethod } from './billing.repository.ts';
import { cardsOffered } from './billing.service.ts';
import { usesSimulatedGateway } from './gateway.service.ts';
import { createSimulatedGateway } from './simulated-gateway.ts';

/** The simulated gateway's succeeding test cards a company bundle may name for a client's saved card. */
export const IMPORTABLE_TEST_CARDS = { visa: '4242424242424242', mastercard: '5555555555554444' } as const;
export type ImportableTestCard = keyof typeof IMPORTABLE_TEST_CARDS;

/** Why a company's bundle cannot give its clients saved cards, or null when it can. */
export function savedCardRefusal(settings: CompanySettings): string | null {
  if (!cardsOffered(settings.fin_setup.PaymentType)) return `Payment type ${settings.fin_setup.PaymentType} keeps no cards on file`;
  if (!usesSimulatedGateway(settings)) return 'Saved cards are made at the simulated gateway, and this company keeps its cards with another';
  return null;
}

/**
 * A saved card for a client a company bundle loads (docs/company-bundle.md, decision 069): the
 * simulated gateway tokenises the test card the bundle names, for that client, and the client's
 * payment method keeps the gateway's token with the brand, last four digits and expiry, as
 * saving a card in the hub does. The bundle names a test card, never a number, and no number is
 * stored: the gateway keeps none either. Runs on the import's transaction.
 */
export async function saveImportedTestCard(db: Db, input: { companyId: number; clientId: number; card: ImportableTestCard; expMonth: number; expYear: number; now: string }): Promise<void> {
  const number = IMPORTABLE_TEST_CARDS[input.card];
  const made = await createSimulatedGateway(db).tokenise(input.companyId, input.clientId, { number, expMonth: input.expMonth, expYear: input.expYear });
  if (!made) throw new Error(`The simulated gateway refused its own test card ${input.card}`);
  await savePaymentMethod(db, {
    company_id: input.companyId,
    client_id: input.clientId,
    kind: 'card',
    gateway_token: made.token,
    card_brand: made.brand,
    card_last4: made.last4,
    card_exp_month: input.expMonth,
    card_exp_year: input.expYear,
    bank_format: null,
    account_name: null,
    bank_code_masked: null,
    account_number_masked: null,
    created_at: input.now,
    updated_at: input.now,
  });
}
