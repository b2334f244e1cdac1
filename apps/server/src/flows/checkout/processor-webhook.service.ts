import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { AppError } from '../../lib/app-error.ts';
import { gatewayNamed, recordEventApplied, verifyProcessorEvent, wasEventApplied } from '../../modules/payments/payments.api.ts';
import * as repo from '../../modules/payments/payments.api.ts';
import { gatewayKey } from './payment-steps.ts';
import { complete, fail, refundOnce } from './settle.service.ts';

/**
 * A processor's webhook (decision 103): verified, then applied once by its event id, in any
 * order. The event only says which payment to look at: the charge is read from the processor as
 * it stands, so an event that arrives late, early or twice settles the payment as the browser's
 * return or the minute job would, and the three meet at the payment's guarded status moves.
 */
export async function applyProcessorWebhook(ctx: Ctx, company: Company, provider: string, payload: string, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
  const event = await verifyProcessorEvent(ctx, company.id, provider, payload, signature);
  if (await wasEventApplied(ctx, company.id, provider, event.id)) return { received: true, duplicate: true };
  const paymentId = Number(/^payment-(\d+)$/.exec(event.chargeKey ?? '')?.[1] ?? 0);
  if (paymentId > 0) await settleFromProcessor(ctx, company, paymentId);
  // Recorded after it is applied: a process that dies between the two applies it again at the processor's retry, to the same end.
  await recordEventApplied(ctx, company.id, provider, event);
  return { received: true, duplicate: false };
}

async function settleFromProcessor(ctx: Ctx, company: Company, paymentId: number): Promise<void> {
  const payment = await repo.findPaymentById(ctx.db, company.id, paymentId);
  // Where the money went, whatever the company has chosen since.
  const gateway = payment && gatewayNamed(ctx, payment.processor);
  if (!payment || !gateway || payment.amount_cents === 0) return;
  const charge = await gateway.retrieve(company.id, gatewayKey(payment));
  if (!charge) return;
  try {
    if (payment.status === 'failed') {
      // Approved after the payment was given up (its holds lapsed): the money goes back now, not at the minute job.
      if (charge.status === 'succeeded') await refundOnce(ctx, company, gateway, charge.chargeId);
      return;
    }
    if (payment.status === 'completed') return;
    if (charge.status === 'succeeded') await complete(ctx, company, payment, charge.chargeId);
    else if (charge.status === 'declined') await fail(ctx, company, payment, 402, charge.declineCode, charge.message);
  } catch (err) {
    // The payment's answer is a refusal (a decline, a place sold meanwhile): it is settled all the same.
    if (!(err instanceof AppError)) throw err;
  }
}
