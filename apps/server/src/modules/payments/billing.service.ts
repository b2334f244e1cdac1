import { bankDetailsSchemaFor, type BankFormat, type PaymentDetails } from '@portal/shared/payment-schemas';
import type { PaymentType } from '@portal/shared/payment/payment-setup';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import { cardEntryOf, vaultFor } from './gateway.service.ts';
import * as repo from './billing.repository.ts';

/** K19: what each payment type lets a customer keep on file. */
const OFFERS: Record<PaymentType, { card: boolean; bank: boolean }> = {
  None: { card: false, bank: false },
  CreditCardPayments: { card: true, bank: false },
  DirectDebitDetails: { card: false, bank: true },
  EitherCCOrDD: { card: true, bank: true },
  GocardlessInstantBankPayment: { card: false, bank: true },
};

/**
 * The bank account format follows the direct-debit provider (ezidebit AU, gocardless UK, payrix
 * US); with none, the company's country.
 */
export function bankFormatOf(company: Company): BankFormat {
  const provider = company.settings.fin_setup.DirectDebitIntegrationType;
  if (provider === 'ezidebit') return 'AU';
  if (provider === 'gocardless' || company.settings.fin_setup.PaymentType === 'GocardlessInstantBankPayment') return 'UK';
  if (provider === 'payrix') return 'US';
  const country = company.settings.localization.CountryCode.toUpperCase();
  return country === 'GB' || country === 'UK' ? 'UK' : country === 'US' ? 'US' : 'AU';
}

function offersOf(company: Company) {
  return OFFERS[company.settings.fin_setup.PaymentType];
}

/** Whether the payment type lets a customer keep a card on file (K19). */
export const cardsOffered = (type: PaymentType) => OFFERS[type].card;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Masks all but the last `keep` digits. */
function mask(digits: string, keep: number): string {
  return `${'•'.repeat(Math.max(0, digits.length - keep))}${digits.slice(-keep)}`;
}

export async function getPaymentDetails(ctx: Ctx, company: Company, clientId: number): Promise<PaymentDetails> {
  const row = await repo.findPaymentMethod(ctx.db, company.id, clientId);
  const offers = offersOf(company);
  return {
    PaymentType: company.settings.fin_setup.PaymentType,
    offersCard: offers.card,
    offersBank: offers.bank,
    bankFormat: bankFormatOf(company),
    card: row?.kind === 'card' && row.card_last4 ? { brand: row.card_brand ?? 'Card', last4: row.card_last4, expiry: `${pad2(row.card_exp_month ?? 0)}/${row.card_exp_year ?? ''}` } : null,
    bank: row?.kind === 'bank' ? { AccountName: row.account_name ?? '', BankCode: row.bank_code_masked ?? '', AccountNumber: row.account_number_masked ?? '' } : null,
    stripePublishableKey: (await cardEntryOf(ctx, company))?.stripePublishableKey ?? null,
  };
}

/** Add and update both keep the card the gateway tokenised: brand, last four and expiry come from the gateway, never the browser. */
export async function saveCard(ctx: Ctx, company: Company, clientId: number, token: string, mode: 'add' | 'update', options: { setUpByPayment?: boolean } = {}) {
  if (!offersOf(company).card) throw new AppError(403, 'FEATURE_DISABLED', 'Cards cannot be saved for this account');
  const existing = await repo.findPaymentMethod(ctx.db, company.id, clientId);
  if (mode === 'update' && existing?.kind !== 'card') throw new AppError(404, 'NOT_FOUND', 'There is no saved card to update');
  const vault = vaultFor(ctx, company);
  const card = await vault.lookupCard(company.id, clientId, token);
  if (!card) throw new AppError(422, 'CARD_TOKEN_INVALID', 'Your card details have expired. Please enter your card again.');
  // A card the bank must agree to first (3-D Secure) is saved when the same card comes back after the step.
  const action = options.setUpByPayment ? null : await vault.prepareSavedCard(company.id, clientId, token);
  if (action) return { ...(await getPaymentDetails(ctx, company, clientId)), cardAction: action };
  const now = nowIso();
  await repo.savePaymentMethod(ctx.db, {
    company_id: company.id,
    client_id: clientId,
    kind: 'card',
    gateway_token: card.token,
    card_brand: card.brand,
    card_last4: card.last4,
    card_exp_month: card.expMonth,
    card_exp_year: card.expYear,
    bank_format: null,
    account_name: null,
    bank_code_masked: null,
    account_number_masked: null,
    created_at: now,
    updated_at: now,
  });
  return getPaymentDetails(ctx, company, clientId);
}

export async function saveBankDetails(ctx: Ctx, company: Company, clientId: number, body: unknown) {
  await storeBankMandate(ctx, company, clientId, await registerBankMandate(ctx, company, body));
  return getPaymentDetails(ctx, company, clientId);
}

/** A bank account checked in the company's format and registered with the direct-debit provider (network I/O: outside any transaction). */
export async function registerBankMandate(ctx: Ctx, company: Company, body: unknown) {
  if (!offersOf(company).bank) throw new AppError(403, 'FEATURE_DISABLED', 'Bank details cannot be saved for this account');
  const format = bankFormatOf(company);
  const details = bankDetailsSchemaFor(format).parse(body);
  const mandate = await vaultFor(ctx, company).registerBankAccount(company.id, {
    accountName: details.AccountName,
    bankCode: details.BankCode,
    accountNumber: details.AccountNumber,
  });
  return { format, details, mandate };
}

/** Keeps a registered mandate as the client's payment details (masked), in the caller's transaction where there is one. */
export async function storeBankMandate(ctx: Ctx, company: Company, clientId: number, registered: Awaited<ReturnType<typeof registerBankMandate>>) {
  const { format, details, mandate } = registered;
  const now = nowIso();
  await repo.savePaymentMethod(ctx.db, {
    company_id: company.id,
    client_id: clientId,
    kind: 'bank',
    gateway_token: mandate,
    card_brand: null,
    card_last4: null,
    card_exp_month: null,
    card_exp_year: null,
    bank_format: format,
    account_name: details.AccountName,
    // Stored masked only: the provider keeps the full numbers behind the mandate.
    bank_code_masked: mask(details.BankCode, 3),
    account_number_masked: mask(details.AccountNumber, 3),
    created_at: now,
    updated_at: now,
  });
}

export async function removePaymentDetails(ctx: Ctx, company: Company, clientId: number): Promise<void> {
  if (!(await repo.deletePaymentMethod(ctx.db, company.id, clientId))) throw new AppError(404, 'NOT_FOUND', 'There are no payment details to remove');
}

/** Whether the company's payment type takes direct debit at all (K19). */
export function directDebitOffered(company: Company): boolean {
  return offersOf(company).bank;
}

/** Whether the company takes direct debit (K19) and this client has bank details on file to collect it from. */
export async function directDebitAvailable(ctx: Ctx, company: Company, clientId: number): Promise<{ offered: boolean; onFile: boolean }> {
  if (!offersOf(company).bank) return { offered: false, onFile: false };
  const row = await repo.findPaymentMethod(ctx.db, company.id, clientId);
  return { offered: true, onFile: row?.kind === 'bank' };
}

export async function findSavedCardToken(ctx: Ctx, companyId: number, clientId: number): Promise<string | null> {
  const row = await repo.findPaymentMethod(ctx.db, companyId, clientId);
  return row?.kind === 'card' ? row.gateway_token : null;
}
