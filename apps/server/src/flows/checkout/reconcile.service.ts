import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { AppError } from '../../lib/app-error.ts';
import { addMinutes, nowIso } from '../../lib/time.ts';
import { DECLINE_MESSAGES, gatewayNamed } from '../../modules/payments/payments.api.ts';
import * as repo from '../../modules/payments/payments.api.ts';
import { gatewayKey, LEASE_SECONDS } from './payment-steps.ts';
import { complete, fail, HOLD_EXPIRED, refundOnce } from './settle.service.ts';

// Reconciliation: payments whose process died, and charges with no order.

export interface ReconcileReport {
  completed: number;
  failed: number;
  stillWaiting: number;
  refunded: number;
}

/**
 * Finishes every payment whose process stopped answering (its lease ran out): a charge the
 * gateway made completes the order, a declined or missing one releases what was held. Then a
 * successful charge whose payment failed (it can happen only when a charge lands after the
 * payment was given up) is refunded.
 */
export async function reconcilePayments(ctx: Ctx, findCompany: (id: number) => Promise<Company | null | undefined>, now = ctx.clock.now()): Promise<ReconcileReport> {
  const report: ReconcileReport = { completed: 0, failed: 0, stillWaiting: 0, refunded: 0 };
  // One payment or company the processor cannot answer for (down, a key revoked) never holds up the rest.
  const each = async (what: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (err) {
      if (err instanceof AppError) return;
      ctx.log.error({ err }, `payment reconciliation: ${what} left for the next run`);
    }
  };
  for (const row of await repo.findStalePayments(ctx.db, nowIso(now))) {
    await each(`payment ${row.id}`, async () => {
      const company = await findCompany(row.company_id);
      if (!company) return;
      const taken = await repo.movePayment(ctx.db, company.id, row.id, [row.status], { lease_until: nowIso(addMinutes(now, LEASE_SECONDS / 60)) }, row.lease_until);
      if (!taken) return;
      const payment = (await repo.findPaymentById(ctx.db, company.id, row.id))!;
      // Where the money went, whatever the company has chosen since.
      const gateway = gatewayNamed(ctx, payment.processor);
      let charge = payment.amount_cents === 0 ? ({ status: 'succeeded', chargeId: null } as const) : gateway ? await gateway.retrieve(company.id, gatewayKey(payment)) : null;
      // A challenge step never answered while the holds lasted: called off first, so a late approval charges nothing.
      const unanswered = charge?.status === 'requires_action';
      if (unanswered && gateway) charge = (await gateway.cancel(company.id, gatewayKey(payment))) ?? charge;
      if (charge?.status === 'succeeded') {
        await complete(ctx, company, payment, charge.chargeId).catch(ignoreRefusal);
        report.completed += 1;
        return;
      }
      const failing = unanswered
        ? fail(ctx, company, payment, 409, HOLD_EXPIRED.code, HOLD_EXPIRED.message)
        : fail(
            ctx,
            company,
            payment,
            402,
            charge?.status === 'declined' ? charge.declineCode : 'payment_abandoned',
            charge?.status === 'declined' ? charge.message : DECLINE_MESSAGES.authentication_failed,
          );
      await failing.catch(ignoreRefusal);
      report.failed += 1;
    });
  }
  for (const { company_id, provider } of await repo.findCompaniesWithCharges(ctx.db)) {
    await each(`charges of company ${company_id} at ${provider}`, async () => {
      const company = await findCompany(company_id);
      const gateway = gatewayNamed(ctx, provider);
      if (!company || !gateway) return;
      const charges = await gateway.listSucceededCharges(company.id, nowIso(addMinutes(now, -LEASE_SECONDS / 60)));
      const ids = charges.map((c) => Number(/^payment-(\d+)$/.exec(c.idempotencyKey)?.[1] ?? 0));
      const payments = await repo.findPaymentsByIds(
        ctx.db,
        company.id,
        ids.filter((id) => id > 0),
      );
      for (const [index, c] of charges.entries()) {
        // Only a checkout's charges (`payment-<id>`) are this sweep's: another's (an instalment's, decision 105) settles or gives back its own.
        if (!ids[index]) continue;
        const payment = payments.find((p) => p.id === ids[index]);
        if (payment && payment.status !== 'failed') continue;
        // Every process's minute job finds the charge: the one that claims it refunds it.
        if (await refundOnce(ctx, company, gateway, c.chargeId, now)) report.refunded += 1;
      }
    });
  }
  return report;
}

/** A payment whose answer is a refusal (a decline, a place sold meanwhile) is settled all the same. */
function ignoreRefusal(err: unknown): void {
  if (!(err instanceof AppError)) throw err;
}
