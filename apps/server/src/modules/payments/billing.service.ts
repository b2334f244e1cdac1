import { bankDetailsSchemaFor, type BankFormat, type PaymentDetails } from '@portal/shared/payment-schemas';
import type { PaymentType } from '@portal/shared/payment/payment-setup';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { AppError } from '../../lib/app-error.ts';
import { companyTimeZone, localNow, nowIso } from '../../lib/time.ts';
import { hasDebitScheduled, reopenClientDebitInvoices } from '../financials/financials.api.ts';
import { recordActivity } from '../activity/activity.api.ts';
import { cardEntryOf, gatewayFor, vaultFor } from './gateway.service.ts';
import * as repo from './billing.repository.ts';
import { findMandateRow, setMandateStatus } from './direct-debit.repository.ts';
import { hasCardPlans, moveCardPlans } from './instalment.repository.ts';
import { DIRECT_DEBIT_NOT_SET_UP, GOCARDLESS_PROVIDER, type MandateSeen } from './gocardless.ts';
import { STRIPE_PROVIDER } from './stripe-gateway.ts';

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

/** Direct-debit providers the settings name that the portal does not reach yet (decision 104). */
const NOT_BUILT: Record<string, string> = { ezidebit: 'Ezidebit', payrix: 'Payrix' };

/** The direct-debit provider a company collects through: GoCardless, one not built yet, or none (the portal records the details). */
export function directDebitProviderOf(company: Company): string {
  const { DirectDebitIntegrationType, PaymentType } = company.settings.fin_setup;
  return PaymentType === 'GocardlessInstantBankPayment' ? GOCARDLESS_PROVIDER : DirectDebitIntegrationType;
}

type BankSetup = NonNullable<PaymentDetails['bankSetup']>;

/**
 * How a family of the company sets up direct debit: GoCardless's hosted pages once its account
 * is connected; the portal's form with no provider (the details are recorded for the company);
 * not online while the provider is one not built yet, or a card processor that keeps no bank
 * accounts holds the details. Null when the payment type takes no direct debit.
 */
export async function bankSetupOf(ctx: Ctx, company: Company): Promise<BankSetup | null> {
  if (!offersOf(company).bank) return null;
  const provider = directDebitProviderOf(company);
  if (provider === GOCARDLESS_PROVIDER) return (await ctx.gateways.gocardless?.ready(company.id)) ? { via: 'gocardless', message: null } : { via: 'unavailable', message: DIRECT_DEBIT_NOT_SET_UP };
  const named = NOT_BUILT[provider];
  if (named) return { via: 'unavailable', message: `Direct Debit through ${named} cannot be set up online yet. Please contact us to set it up.` };
  return gatewayFor(ctx, company)?.name === STRIPE_PROVIDER
    ? { via: 'unavailable', message: 'Direct Debit cannot be set up online yet. Please contact us to set it up.' }
    : { via: 'form', message: null };
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
    instalmentsOnCard: row?.kind === 'card' && (await hasCardPlans(ctx.db, company.id, clientId)),
    debitsScheduled: row?.kind === 'bank' && (await hasDebitScheduled(ctx, company.id, clientId)),
    bank: row?.kind === 'bank' ? await bankOf(ctx, row) : null,
    bankSetup: (await bankSetupOf(ctx, company)) ?? undefined,
    stripePublishableKey: (await cardEntryOf(ctx, company))?.stripePublishableKey ?? null,
  };
}

/** Add and update both keep the card the gateway tokenised: brand, last four and expiry come from the gateway, never the browser. */
async function bankOf(ctx: Ctx, row: NonNullable<Awaited<ReturnType<typeof repo.findPaymentMethod>>>): Promise<NonNullable<PaymentDetails['bank']>> {
  const bank = { AccountName: row.account_name ?? '', BankCode: row.bank_code_masked ?? '', AccountNumber: row.account_number_masked ?? '' };
  if (row.bank_name === null) return bank;
  // A provider's mandate is pending until the bank has taken it (GoCardless: a few working days).
  const mandate = await findMandateRow(ctx.db, row.company_id, GOCARDLESS_PROVIDER, row.gateway_token);
  return { ...bank, BankName: row.bank_name, MandateStatus: mandate?.status === 'active' ? 'active' : 'pending' };
}

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
  const saved = { kind: 'card', card_brand: card.brand, card_last4: card.last4, bank_name: null, account_number_masked: null } as const;
  await ctx.transaction(async (tx) => {
    await repo.savePaymentMethod(tx.db, {
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
      bank_name: null,
      created_at: now,
      updated_at: now,
    });
    // Instalments still to come are charged to the card the family keeps on file now (decision 105).
    await moveCardPlans(tx.db, company.id, clientId, card.token, now);
    await reopenOfficeDebits(tx, company, clientId, existing);
    const summary = existing ? `Saved ${methodName(saved)}, replacing ${methodName(existing)}` : `Saved ${methodName(saved)} to pay with`;
    await recordActivity(tx, { companyId: company.id, clientId, kind: 'payment', summary });
  });
  await endReplacedMandate(ctx, company, existing ?? undefined);
  return getPaymentDetails(ctx, company, clientId);
}

export async function saveBankDetails(ctx: Ctx, company: Company, clientId: number, body: unknown) {
  const before = await repo.findPaymentMethod(ctx.db, company.id, clientId);
  const registered = await registerBankMandate(ctx, company, body);
  await ctx.transaction(async (tx) => {
    await storeBankMandate(tx, company, clientId, registered);
    await dropCardPlans(tx, company, clientId, before);
    const ending = registered.details.AccountNumber.slice(-3);
    await recordActivity(tx, { companyId: company.id, clientId, kind: 'payment', summary: `Saved bank details (account ending ${ending})${before ? `, replacing ${methodName(before)}` : ''}` });
  });
  await endReplacedMandate(ctx, company, before);
  return getPaymentDetails(ctx, company, clientId);
}

/** A saved card or account as the activity log names it: "the Visa ending 4242", "the bank account ending 678". */
function methodName(row: Pick<NonNullable<Awaited<ReturnType<typeof repo.findPaymentMethod>>>, 'kind' | 'card_brand' | 'card_last4' | 'bank_name' | 'account_number_masked'>): string {
  if (row.kind === 'card') return `the ${row.card_brand ?? 'card'} ending ${row.card_last4 ?? ''}`.trim();
  const ending = (row.account_number_masked ?? '').replaceAll('•', '');
  return `the ${row.bank_name ? `Direct Debit from ${row.bank_name},` : 'bank'} account ending ${ending}`;
}

/** A bank account checked in the company's format and registered with the direct-debit provider (network I/O: outside any transaction). */
export async function registerBankMandate(ctx: Ctx, company: Company, body: unknown) {
  if (!offersOf(company).bank) throw new AppError(403, 'FEATURE_DISABLED', 'Bank details cannot be saved for this account');
  const setup = await bankSetupOf(ctx, company);
  if (setup?.via === 'gocardless') throw new AppError(422, 'DIRECT_DEBIT_OFF', 'Direct Debit is set up with GoCardless: use Set up Direct Debit in Billing.');
  if (setup?.via === 'unavailable') throw new AppError(422, 'DIRECT_DEBIT_OFF', setup.message ?? DIRECT_DEBIT_NOT_SET_UP);
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
    bank_name: null,
    created_at: now,
    updated_at: now,
  });
}

/**
 * Keeps a provider's mandate as the client's bank details (decision 104): the account holder, the
 * bank's name and the account's last digits as the provider shows them, never a full number.
 */
export async function keepProviderMandate(ctx: Ctx, company: Company, clientId: number, mandate: MandateSeen): Promise<{ replacedMandate: string | null }> {
  const before = await repo.findPaymentMethod(ctx.db, company.id, clientId);
  const now = nowIso();
  await repo.savePaymentMethod(ctx.db, {
    company_id: company.id,
    client_id: clientId,
    kind: 'bank',
    gateway_token: mandate.mandateId,
    card_brand: null,
    card_last4: null,
    card_exp_month: null,
    card_exp_year: null,
    bank_format: 'UK',
    account_name: mandate.accountHolderName,
    bank_code_masked: '',
    account_number_masked: `••••••${mandate.accountNumberEnding}`,
    bank_name: mandate.bankName,
    created_at: now,
    updated_at: now,
  });
  // The mandate this one replaces is still live at the provider: the caller cancels it after its commit.
  return { replacedMandate: before?.kind === 'bank' && before.bank_name !== null && before.gateway_token !== mandate.mandateId ? before.gateway_token : null };
}

/** GoCardless replaced the family's mandate: the bank details on file follow the new one. */
export async function replaceProviderMandate(ctx: Ctx, companyId: number, clientId: number, oldId: string, newId: string): Promise<void> {
  const row = await repo.findPaymentMethod(ctx.db, companyId, clientId);
  if (row?.kind !== 'bank' || row.gateway_token !== oldId) return;
  await repo.savePaymentMethod(ctx.db, { ...row, gateway_token: newId, updated_at: nowIso() });
}

/** Removes bank details that are this mandate (it ended at the provider); false when the client keeps other details now. */
export async function dropProviderMandate(ctx: Ctx, companyId: number, clientId: number, mandateId: string): Promise<boolean> {
  const row = await repo.findPaymentMethod(ctx.db, companyId, clientId);
  if (row?.kind !== 'bank' || row.gateway_token !== mandateId) return false;
  return repo.deletePaymentMethod(ctx.db, companyId, clientId);
}

export async function removePaymentDetails(ctx: Ctx, company: Company, clientId: number): Promise<void> {
  const before = await repo.findPaymentMethod(ctx.db, company.id, clientId);
  // The card goes, and its plans with it, together or not at all; the provider is told after.
  await ctx.transaction(async (tx) => {
    if (!before || !(await repo.deletePaymentMethod(tx.db, company.id, clientId))) throw new AppError(404, 'NOT_FOUND', 'There are no payment details to remove');
    await dropCardPlans(tx, company, clientId, before);
    await reopenOfficeDebits(tx, company, clientId, before);
    await recordActivity(tx, { companyId: company.id, clientId, kind: 'payment', summary: `Removed ${methodName(before)} from the account` });
  });
  await endReplacedMandate(ctx, company, before);
}

/**
 * A saved card removed or replaced by bank details is charged no more: the plans charged to it
 * keep no card, so each instalment falls due as an invoice to pay, and a card saved later takes
 * them over (decision 105).
 */
async function dropCardPlans(ctx: Ctx, company: Company, clientId: number, before: Awaited<ReturnType<typeof repo.findPaymentMethod>>): Promise<void> {
  if (before?.kind === 'card') await moveCardPlans(ctx.db, company.id, clientId, null, nowIso());
}

/**
 * Bank details the office collects from itself (no provider's mandate) removed, or replaced by a
 * card: nothing can collect the family's Debit Scheduled invoices any more, so they are open for
 * the family to pay online, Unpaid, or Overdue past their date. A provider's mandate ends at the
 * provider, whose answer opens them (decision 104).
 */
async function reopenOfficeDebits(ctx: Ctx, company: Company, clientId: number, before: Awaited<ReturnType<typeof repo.findPaymentMethod>>): Promise<void> {
  if (before?.kind !== 'bank' || before.bank_name !== null) return;
  await reopenClientDebitInvoices(ctx, company.id, clientId, localNow(companyTimeZone(company.settings.localization)).date);
}

/**
 * Details that replaced (or removed) a provider's mandate: the mandate is cancelled there too, so
 * nothing is collected from an account the family no longer has on file. Best effort after the
 * write: a mandate left live is cancelled by the family's next change or at GoCardless.
 */
async function endReplacedMandate(ctx: Ctx, company: Company, before: Awaited<ReturnType<typeof repo.findPaymentMethod>>): Promise<void> {
  if (before?.kind !== 'bank' || before.bank_name === null) return;
  await setMandateStatus(ctx.db, company.id, GOCARDLESS_PROVIDER, before.gateway_token, 'cancelled', nowIso());
  await ctx.gateways.gocardless?.cancelMandate(company.id, before.gateway_token).catch((err: unknown) => ctx.log.warn({ err }, 'a replaced GoCardless mandate was not cancelled'));
}

/**
 * Whether a registration may choose direct debit (K19, N27): the payment type takes it, and
 * either the portal's own bank form records the details or GoCardless takes the mandate, which
 * the new family (signed in once registered) sets up on GoCardless's pages (decision 104).
 */
export function directDebitOffered(ctx: Ctx, company: Company): boolean {
  if (!offersOf(company).bank) return false;
  const provider = directDebitProviderOf(company);
  return provider === GOCARDLESS_PROVIDER || (provider === 'none' && gatewayFor(ctx, company)?.name !== STRIPE_PROVIDER);
}

/** Whether a mandate is set up after the purchase rather than with it: GoCardless's, once the family is signed in. */
export const mandateFollows = (company: Company) => directDebitProviderOf(company) === GOCARDLESS_PROVIDER;

/** Whether the company takes direct debit (K19) and this client has bank details on file to collect it from. */
export async function directDebitAvailable(ctx: Ctx, company: Company, clientId: number): Promise<{ offered: boolean; onFile: boolean }> {
  if (!offersOf(company).bank) return { offered: false, onFile: false };
  // A provider not built yet collects nothing: no invoice is left Debit Scheduled for it.
  if ((await bankSetupOf(ctx, company))?.via === 'unavailable' && NOT_BUILT[directDebitProviderOf(company)]) return { offered: false, onFile: false };
  const row = await repo.findPaymentMethod(ctx.db, company.id, clientId);
  return { offered: true, onFile: row?.kind === 'bank' };
}

export async function findSavedCardToken(ctx: Ctx, companyId: number, clientId: number): Promise<string | null> {
  const row = await repo.findPaymentMethod(ctx.db, companyId, clientId);
  return row?.kind === 'card' ? row.gateway_token : null;
}
