import type { CartHoldsRequest, CartRequest } from '@portal/shared/payment-schemas';
import { clockRange, clockTime, formatDate, type DateFormat } from '@portal/shared/date-time-text';
import { browserCartId, useCartStore, type CartBookingItem, type CartClassItem } from '@/lib/cart-store';

/** Which cart a page prices and pays: classes and bookings (/hub/checkout) or the invoice cart (/hub/invoice-checkout). */
export type CartKind = 'items' | 'invoices';

type CartSnapshot = ReturnType<typeof useCartStore.getState>;

/** The request the quote and checkout take: what is bought, never a price. */
export function cartRequestOf(cart: Pick<CartSnapshot, 'classItems' | 'bookingItems' | 'invoices' | 'discountCodes' | 'creditIds' | 'ocrProfileId'>, kind: CartKind): CartRequest {
  return kind === 'items'
    ? {
        classItems: cart.classItems.map(({ ClassID, StudentID, dates, casual }) => ({ ClassID, StudentID, dates, casual: casual ?? false })),
        bookingItems: cart.bookingItems,
        invoices: [],
        discountCodes: cart.discountCodes,
        creditIds: cart.creditIds,
        ocrProfileId: cart.ocrProfileId,
        paymentMethod: 'card',
      }
    : { classItems: [], bookingItems: [], invoices: cart.invoices, discountCodes: cart.discountCodes, creditIds: cart.creditIds, paymentMethod: 'card' };
}

/** The places the cart asks to hold, as this browser's cart (decision 137). */
export function holdsRequestOf(cart: Pick<CartSnapshot, 'classItems' | 'bookingItems' | 'ocrProfileId'>): CartHoldsRequest {
  const { classItems, bookingItems } = cartRequestOf({ ...cart, invoices: [], discountCodes: [], creditIds: [] }, 'items');
  return { cartId: browserCartId(), classItems, bookingItems, ocrProfileId: cart.ocrProfileId };
}

export function isCartEmpty(cart: Pick<CartSnapshot, 'classItems' | 'bookingItems' | 'invoices'>, kind: CartKind): boolean {
  return kind === 'items' ? cart.classItems.length + cart.bookingItems.length === 0 : cart.invoices.length === 0;
}

/** The cart of a kind, read from the persisted store. */
export function useCartRequest(kind: CartKind): { request: CartRequest; empty: boolean } {
  const cart = useCartStore();
  return { request: cartRequestOf(cart, kind), empty: isCartEmpty(cart, kind) };
}

/** A class in the cart as the family knows it ("Dolphin – Monday – Noah Mitchell"). */
export const classLabel = (item: CartClassItem) => item.label ?? `Class ${item.ClassID}`;

/** A court in the cart: a cart saved by an older portal may lack the display fields, so the court and its time name it. */
export function courtLabel(item: CartBookingItem, dateFormat: DateFormat | undefined): string {
  return [item.bookingType, item.court, `${formatDate(item.date, dateFormat)} ${item.endTime ? clockRange(item.time, item.endTime) : clockTime(item.time)}`].filter(Boolean).join(', ');
}
