import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { GOCARDLESS_PROVIDER, recordEventApplied, wasEventApplied } from '../../modules/payments/payments.api.ts';
import { applyCollectionEvent } from './collection.service.ts';
import { adoptMandate, applyMandateChange, goCardlessOf } from './mandate.service.ts';
import { directDebitRepo } from '../../modules/payments/payments.api.ts';

/**
 * GoCardless's webhook (decision 104): verified with the SDK, then each event applied once by
 * its id, in any order. An event only says what to look at: the billing request, mandate or
 * payment is read from GoCardless as it stands, so a late, early or repeated event ends the same
 * as the browser's return or the hourly run. A failure answers 500 and GoCardless sends it again.
 */
export async function applyGoCardlessWebhook(ctx: Ctx, company: Company, body: string, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
  const events = await goCardlessOf(ctx).events(company.id, body, signature);
  let repeated = 0;
  for (const event of events) {
    const id = event.id ?? '';
    if (!id || (await wasEventApplied(ctx, company.id, GOCARDLESS_PROVIDER, id))) {
      repeated += 1;
      continue;
    }
    const links = event.links ?? {};
    if (event.resource_type === 'billing_requests' && event.action === 'fulfilled' && links.billing_request) {
      await fulfilled(ctx, company, links.billing_request);
    } else if (event.resource_type === 'mandates' && links.mandate) {
      await applyMandateChange(ctx, company, links.mandate, event.action ?? '', links.new_mandate);
    } else if (event.resource_type === 'payments' && links.payment) {
      await applyCollectionEvent(ctx, company, links.payment, { cause: event.details?.cause, willRetry: event.details?.will_attempt_retry }, ctx.clock.now());
    }
    // Recorded after it is applied: a process that dies between the two applies it again at GoCardless's retry, to the same end.
    await recordEventApplied(ctx, company.id, GOCARDLESS_PROVIDER, { id, type: `${event.resource_type ?? ''}.${event.action ?? ''}`, chargeKey: null });
  }
  return { received: true, duplicate: events.length > 0 && repeated === events.length };
}

/** The family finished the hosted pages (their browser may never come back): the mandate becomes their bank details. */
async function fulfilled(ctx: Ctx, company: Company, requestId: string): Promise<void> {
  const request = await directDebitRepo.findMandateRequest(ctx.db, company.id, GOCARDLESS_PROVIDER, requestId);
  if (request?.status !== 'pending') return;
  const mandate = await goCardlessOf(ctx).mandateOf(company.id, requestId);
  if (mandate) await adoptMandate(ctx, company, request.client_id, requestId, mandate);
}
