import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { AppError } from '../../lib/app-error.ts';
import { resolveBookingRequest } from '../../modules/bookings/bookings.api.ts';
import { gatewayNamed } from '../../modules/payments/payments.api.ts';
import type { PaymentRow } from '../../modules/payments/payments.api.ts';
import { gatewayKey, type Checkout, type StoredRequest } from './payment-steps.ts';
import { complete, fail } from './settle.service.ts';

/**
 * A family that leaves a card check unanswered (Back, a closed tab) and pays again must not be
 * kept from its own lane, place or invoice by the earlier attempt (decision 084). Before a new
 * checkout, each of the client's payments still waiting on a card check that holds something the
 * new cart wants is cancelled at the gateway and failed, giving back what it held. One the card
 * holder approved meanwhile is completed instead: the new cart then finds it booked or paid.
 * Attempts for other things (another tab, another lane) are left alone.
 */
export async function settleEarlierAttempts(
  ctx: Ctx,
  company: Company,
  body: Checkout,
  /** The client's payments waiting on a card check, read with the checkout's key. */
  waiting: PaymentRow[],
  isSamePayer: (earlier: PaymentRow) => Promise<boolean> = async () => true,
): Promise<void> {
  for (const row of waiting) {
    if (!wantsTheSame(company, (JSON.parse(row.request) as StoredRequest).body, body, ctx.clock.now())) continue;
    // Another guest's card check (every guest pays as one client) is theirs to finish.
    if (!(await isSamePayer(row))) continue;
    const gateway = gatewayNamed(ctx, row.processor);
    const charge = gateway ? await gateway.cancel(company.id, gatewayKey(row)) : null;
    const settling =
      charge?.status === 'succeeded'
        ? complete(ctx, company, row, charge.chargeId)
        : fail(ctx, company, row, 409, 'PAYMENT_REPLACED', 'This payment was replaced by a newer one. Nothing was charged for it.');
    await settling.catch((err: unknown) => {
      if (!(err instanceof AppError)) throw err;
    });
  }
}

/** Whether two carts ask for an invoice, a class place of a student, or court time in common. */
function wantsTheSame(company: Company, a: Checkout, b: Checkout, now: Date): boolean {
  if (a.invoices.some((no) => b.invoices.includes(no))) return true;
  if (a.classItems.some((x) => b.classItems.some((y) => x.ClassID === y.ClassID && x.StudentID === y.StudentID))) return true;
  // The court time each asks for, as the bookings module resolves it (an earlier attempt's slot may since have passed: then it asks for nothing).
  const span = (item: Checkout['bookingItems'][number]) => {
    try {
      const b = resolveBookingRequest(company, item, now);
      return [b.startMinute, b.startMinute + b.durationMinutes] as const;
    } catch {
      return [0, 0] as const;
    }
  };
  return a.bookingItems.some((x) =>
    b.bookingItems.some((y) => {
      if (x.venue_id !== y.venue_id || x.court !== y.court || x.date !== y.date) return false;
      const [[xs, xe], [ys, ye]] = [span(x), span(y)];
      return xs < ye && ys < xe;
    }),
  );
}
