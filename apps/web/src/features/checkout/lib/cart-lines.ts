import type { JoinWaitlistRequest } from '@portal/shared/class-schemas';
import { useCartStore, type CartBookingItem, type CartClassItem } from '@/lib/cart-store';
import { useConfig } from '@/entities/company/get-company-config';
import { classLabel, courtLabel } from './cart-request';

/** A line of the cart the family can take out by itself. */
export interface CartLine {
  key: string;
  label: string;
  onRemove: () => void;
  /** Where the request holds it ("bookingItems.1"): a refusal names the lines it is about so. */
  field?: string;
  /** A class for the rest of the term: the waitlist a full one offers is for it. */
  waitlist?: JoinWaitlistRequest;
}

/** A line of the class and booking cart with the cart's own item, so what is said of it (its hold) is found by the item, never by position. */
export interface CartItemLine extends CartLine {
  cart: { kind: 'class'; item: CartClassItem } | { kind: 'court'; item: CartBookingItem };
}

/**
 * The class and booking cart's lines as the family can take them out one by one (H3, H4): each
 * named as the family knows it, with the path a refusal names it by ("bookingItems.1"). The last
 * line gone clears the invoice and column data.
 */
export function useCartLines(): { lines: CartItemLine[]; removeLine: (lineId: string) => void } {
  const config = useConfig();
  const classItems = useCartStore((s) => s.classItems);
  const bookingItems = useCartStore((s) => s.bookingItems);
  const setClassItems = useCartStore((s) => s.setClassItems);
  const setBookingItems = useCartStore((s) => s.setBookingItems);
  const clearPaid = useCartStore((s) => s.clearPaid);

  /** A quote row's line ("class-1", "booking-2"), by its place in the cart. */
  function removeLine(lineId: string) {
    const [kind, n] = lineId.split('-');
    const index = Number(n) - 1;
    const classes = kind === 'class' ? classItems.filter((_, i) => i !== index) : classItems;
    const bookings = kind === 'booking' ? bookingItems.filter((_, i) => i !== index) : bookingItems;
    setClassItems(classes);
    setBookingItems(bookings);
    if (classes.length + bookings.length === 0) clearPaid('items');
  }

  const lines: CartItemLine[] = [
    ...classItems.map((item, i) => ({
      key: `class-${item.ClassID}-${item.StudentID}-${item.casual ? item.dates.join('+') : 'term'}`,
      cart: { kind: 'class' as const, item },
      field: `classItems.${i}`,
      label: classLabel(item),
      onRemove: () => removeLine(`class-${i + 1}`),
      ...(item.casual ? {} : { waitlist: { class_id: item.ClassID, student_id: item.StudentID } }),
    })),
    ...bookingItems.map((item, i) => ({
      key: JSON.stringify(['booking', item.venue_id, item.court, item.date, item.time]),
      cart: { kind: 'court' as const, item },
      field: `bookingItems.${i}`,
      label: courtLabel(item, config.localization.DateFormat),
      onRemove: () => removeLine(`booking-${i + 1}`),
    })),
  ];
  return { lines, removeLine };
}
