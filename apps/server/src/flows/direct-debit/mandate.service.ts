import { randomUUID } from 'node:crypto';
import type { PaymentDetails } from '@portal/shared/payment-schemas';
import { publicOrigin } from '../../config/env.ts';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { AppError } from '../../lib/app-error.ts';
import { companyTimeZone, localNow, nowIso } from '../../lib/time.ts';
import { trustedOrigins } from '../../modules/accounts/accounts.api.ts';
import { recordActivity } from '../../modules/activity/activity.api.ts';
import { reopenClientDebitInvoices } from '../../modules/financials/financials.api.ts';
import { notifyClient, queueFamilyMail } from '../../modules/messaging/messaging.api.ts';
import {
  bankSetupOf,
  directDebitRepo,
  dropProviderMandate,
  getPaymentDetails,
  GOCARDLESS_PROVIDER,
  keepProviderMandate,
  replaceProviderMandate,
  type GoCardless,
  type MandateSeen,
} from '../../modules/payments/payments.api.ts';
import * as repo from '../../modules/payments/payments.api.ts';

/** Where the hosted pages send the family back: Billing, or the payment page they left to set it up. */
const BILLING_PATH = '/hub/settings/billing';
const RETURN_PATHS = { billing: BILLING_PATH, payment: '/hub/payment' } as const;

export function goCardlessOf(ctx: Ctx): GoCardless {
  if (!ctx.gateways.gocardless) throw new AppError(422, 'DIRECT_DEBIT_OFF', 'Direct debit is not available');
  return ctx.gateways.gocardless;
}

/** The origin the family's browser came from, when the portal trusts it; otherwise the portal's own. */
function returnOriginOf(ctx: Ctx, asked: string | undefined): string {
  const own = publicOrigin(ctx.env);
  if (!asked) return own;
  try {
    const origin = new URL(asked).origin;
    return [own, ...trustedOrigins(ctx)].includes(origin) ? origin : own;
  } catch {
    return own;
  }
}

/**
 * Starts direct debit on GoCardless's hosted pages (decision 104): a billing request for the
 * family and the flow its browser goes to; the portal keeps the request to look its mandate up
 * when the family comes back (or the webhook says it was fulfilled).
 */
export async function startMandate(
  ctx: Ctx,
  company: Company,
  clientId: number,
  returnOrigin: string | undefined,
  returnTo: keyof typeof RETURN_PATHS = 'billing',
): Promise<{ authorisationUrl: string }> {
  const setup = await bankSetupOf(ctx, company);
  if (setup?.via !== 'gocardless') throw new AppError(422, 'DIRECT_DEBIT_OFF', setup?.message ?? 'Direct debit is not available');
  const contact = await repo.findClientContact(ctx.db, company.id, clientId);
  const billing = `${returnOriginOf(ctx, returnOrigin)}${RETURN_PATHS[returnTo]}`;
  const started = await goCardlessOf(ctx).startMandate(company.id, clientId, {
    key: `mandate-${company.id}-${clientId}-${randomUUID()}`,
    currency: company.settings.fin_setup.Currency,
    redirectUri: `${billing}?direct-debit=done`,
    exitUri: `${billing}?direct-debit=cancelled`,
    customer: { givenName: contact?.first_name ?? '', familyName: contact?.last_name ?? '', email: contact?.email ?? '' },
  });
  await directDebitRepo.insertMandateRequest(ctx.db, {
    company_id: company.id,
    provider: GOCARDLESS_PROVIDER,
    request_id: started.requestId,
    client_id: clientId,
    created_at: nowIso(ctx.clock.now()),
  });
  return { authorisationUrl: started.authorisationUrl };
}

/**
 * The family is back from the hosted pages: the newest set-up GoCardless fulfilled becomes its
 * bank details. One not finished yet leaves the details as they were (the webhook finishes it).
 */
export async function finishMandate(ctx: Ctx, company: Company, clientId: number): Promise<PaymentDetails> {
  const gocardless = goCardlessOf(ctx);
  for (const request of await directDebitRepo.findPendingMandateRequests(ctx.db, company.id, GOCARDLESS_PROVIDER, clientId)) {
    const mandate = await gocardless.mandateOf(company.id, request.request_id);
    if (mandate) {
      await adoptMandate(ctx, company, clientId, request.request_id, mandate);
      break;
    }
  }
  return getPaymentDetails(ctx, company, clientId);
}

/**
 * A fulfilled set-up's mandate becomes the family's bank details, once (the browser's return
 * and the webhook meet at the request's guarded move). The mandate it replaces is cancelled at
 * GoCardless after the commit, so only one collects.
 */
export async function adoptMandate(ctx: Ctx, company: Company, clientId: number, requestId: string, mandate: MandateSeen): Promise<void> {
  const replaced = await ctx.transaction(async (tx) => {
    const status = mandate.status === 'active' ? 'active' : mandate.status === 'submitted' ? 'submitted' : 'pending_submission';
    if (!(await directDebitRepo.recordMandate(tx.db, company.id, GOCARDLESS_PROVIDER, requestId, mandate.mandateId, status, nowIso(ctx.clock.now())))) return null;
    const { replacedMandate } = await keepProviderMandate(tx, company, clientId, mandate);
    await recordActivity(tx, { companyId: company.id, clientId, kind: 'payment', summary: `Direct Debit set up with ${mandate.bankName} (account ending ${mandate.accountNumberEnding})` });
    return replacedMandate;
  });
  if (replaced) await goCardlessOf(ctx).cancelMandate(company.id, replaced);
}

/**
 * A mandate's own event: it became active, or ended (cancelled by the family at their bank,
 * failed, expired). An ended mandate that was the family's bank details is removed from them,
 * the invoices it would have collected are open again, and the family is told.
 */
export async function applyMandateChange(ctx: Ctx, company: Company, mandateId: string, action: string, newMandate?: string): Promise<void> {
  const row = await directDebitRepo.findMandateRow(ctx.db, company.id, GOCARDLESS_PROVIDER, mandateId);
  if (!row) return;
  const now = nowIso(ctx.clock.now());
  if (action === 'active' || action === 'submitted' || action === 'reinstated') {
    await directDebitRepo.setMandateStatus(ctx.db, company.id, GOCARDLESS_PROVIDER, mandateId, action === 'submitted' ? 'submitted' : 'active', now);
    return;
  }
  if (action === 'replaced' && newMandate) {
    // Moved to another scheme or creditor by GoCardless: the new mandate collects in its place.
    const mandate = await goCardlessOf(ctx).mandate(company.id, newMandate);
    await ctx.transaction(async (tx) => {
      await directDebitRepo.replaceMandate(tx.db, company.id, GOCARDLESS_PROVIDER, mandateId, newMandate, mandate.status === 'active' ? 'active' : 'pending_submission', now);
      await replaceProviderMandate(tx, company.id, row.client_id, mandateId, newMandate);
    });
    return;
  }
  const ended = action === 'cancelled' ? 'cancelled' : action === 'failed' ? 'failed' : action === 'expired' ? 'expired' : null;
  if (!ended || row.status === ended) return;
  const today = localNow(companyTimeZone(company.settings.localization), ctx.clock.now()).date;
  const mailId = await ctx.transaction(async (tx) => {
    await directDebitRepo.setMandateStatus(tx.db, company.id, GOCARDLESS_PROVIDER, mandateId, ended, now);
    if (!(await dropProviderMandate(tx, company.id, row.client_id, mandateId))) return null;
    // Invoices whose collection is already on its way are left to it: its own events say how it ends.
    const reopened = await reopenClientDebitInvoices(tx, company.id, row.client_id, today, await directDebitRepo.findInvoicesUnderCollection(tx.db, company.id, row.client_id));
    const pay = reopened.length
      ? ` Invoice ${reopened.join(', ')} is no longer collected by Direct Debit: please pay it online or set up Direct Debit again.`
      : ' Please set up Direct Debit again in Billing.';
    const content = `Your Direct Debit has ${ended === 'cancelled' ? 'been cancelled' : ended === 'expired' ? 'expired' : 'failed'}, so we can no longer collect payments from your bank account.${pay}`;
    await notifyClient(tx.db, {
      companyId: company.id,
      clientId: row.client_id,
      category: 'invoices',
      title: 'Direct Debit ended',
      content,
      tagData: reopened.length ? { kind: 'payment', invoice_nos: reopened, receipt_no: null } : null,
      createdAt: now,
    });
    await recordActivity(tx, { companyId: company.id, clientId: row.client_id, kind: 'payment', summary: `Direct Debit ended (${ended})` });
    return queueFamilyMail(tx, company, row.client_id, {
      category: 'invoices',
      subject: `Your Direct Debit with ${company.settings.CompanyDisplayName} has ended`,
      paragraphs: [content],
      action: { label: 'Open Billing', url: `${publicOrigin(ctx.env)}${BILLING_PATH}` },
    });
  });
  if (mailId !== null) ctx.mailer.deliver([mailId]);
}
