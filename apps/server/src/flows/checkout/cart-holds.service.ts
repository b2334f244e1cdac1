import type { CartHoldsAnswer } from '@portal/shared/payment-schemas';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { addMinutes, nowIso } from '../../lib/time.ts';
import { holdCartCourts, listCartCourtHolds } from '../../modules/bookings/bookings.api.ts';
import { holdCartPlaces, listCartPlaceHolds } from '../../modules/classes/classes.api.ts';
import { findLivePayments } from '../../modules/payments/payments.api.ts';
import type { Cart } from './payment-steps.ts';
import { classItemsOf } from './quote.service.ts';

/**
 * The cart's holds (issue 22, decision 095): adding a class or a court to the cart holds its
 * place for the company's hold period; the checkout takes the holds over. While a payment of the
 * client is under way nothing is given back here (that payment may be buying it); the holds it
 * does not take lapse on their own within the period. Each browser keeps its own cart: a cart
 * gives back only what it held itself, never what the family's other device holds (decision 137).
 */
export async function holdCart(
  ctx: Ctx,
  company: Company,
  clientId: number,
  cart: Pick<Cart, 'classItems' | 'bookingItems' | 'ocrProfileId'> & { cartId?: string | undefined },
): Promise<CartHoldsAnswer> {
  const now = ctx.clock.now();
  const releaseOthers = (await findLivePayments(ctx.db, company.id, clientId, nowIso(now))).live.length === 0;
  const cartId = cart.cartId ?? null;
  const classes = await holdCartPlaces(ctx, company, clientId, classItemsOf(cart), {
    holdUntil: addMinutes(now, company.settings.fin_setup.CheckoutHoldMinutes),
    releaseOthers,
    cartId,
  });
  const courts = await holdCartCourts(ctx, company, clientId, cart.bookingItems, { releaseOthers, cartId });
  return {
    classes: classes.held,
    courts: courts.held,
    refused: [...classes.refused, ...courts.refused.map(({ code, message, ...booking }) => ({ booking, code, message }))],
  };
}

/** What the cart holds now (the cart and checkout pages' countdown). */
export async function listCartHolds(ctx: Ctx, company: Company, clientId: number): Promise<CartHoldsAnswer> {
  return { classes: await listCartPlaceHolds(ctx, company, clientId), courts: await listCartCourtHolds(ctx, company, clientId), refused: [] };
}
