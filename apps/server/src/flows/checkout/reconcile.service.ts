import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { AppError } from '../../lib/app-error.ts';
import { addMinutes, nowIso } from '../../lib/time.ts';
import { DECLINE_MESSAGES, gatewayFor } from '../../modules/payments/payments.api.ts';
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
  const stale = await repo.findStalePayments(ctx.db, nowIso(now));
  for (const row of stale) {
    const company = await findCompany(row.company_id);
    if (!company) continue;
    const gateway = gatewayFor(ctx, company);
    const taken = await repo.movePayment(ctx.db, company.id, row.id, [row.status], { lease_until: nowIso(addMinutes(now, LEASE_SECONDS / 60)) }, row.lease_until);
    if (!taken) continue;
    const payment = (await repo.findPaymentById(ctx.db, company.id, row.id))!;
    const charge = payment.amount_cents === 0 ? ({ status: 'succeeded', chargeId: null } as const) : gateway ? await gateway.retrieve(company.id, gatewayKey(payment)) : null;
    try {
      if (charge?.status === 'succeeded') {
        await complete(ctx, company, payment, charge.chargeId);
        report.completed += 1;
      } else {
        const message = charge?.status === 'declined' ? charge.message : DECLINE_MESSAGES.authentication_failed;
        const failing =
          charge?.status === 'requires_action'
            ? // The challenge step was never answered while the holds lasted.
              fail(ctx, company, payment, 409, HOLD_EXPIRED.code, HOLD_EXPIRED.message)
            : fail(ctx, company, payment, 402, charge?.status === 'declined' ? charge.declineCode : 'payment_abandoned', message);
        await failing.catch((err: unknown) => {
          if (!(err instanceof AppError)) throw err;
        });
        report.failed += 1;
      }
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
  }
  for (const { company_id } of await repo.findCompanyIdsWithCharges(ctx.db)) {
    const company = await findCompany(company_id);
    const gateway = company && gatewayFor(ctx, company);
    if (!company || !gateway) continue;
    const charges = await gateway.listSucceededCharges(company.id, nowIso(addMinutes(now, -LEASE_SECONDS / 60)));
    const ids = charges.map((c) => Number(/^payment-(\d+)$/.exec(c.idempotencyKey)?.[1] ?? 0));
    const payments = await repo.findPaymentsByIds(
      ctx.db,
      company.id,
      ids.filter((id) => id > 0),
    );
    for (const [index, c] of charges.entries()) {
      const payment = payments.find((p) => p.id === ids[index]);
      if (payment && payment.status !== 'failed') continue;
      // Every process's minute job finds the charge: the one that claims it refunds it.
      if (await refundOnce(ctx, company, gateway, c.chargeId, now)) report.refunded += 1;
    }
  }
  return report;
}
