// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { browserCartId, selectCartCount, useCartStore } from './cart-store';

describe('cart store', () => {
  beforeEach(() => useCartStore.getState().clear());

  it('H13: Pay Now adds an invoice once', () => {
    const cart = useCartStore.getState();
    cart.addInvoice('INV-1');
    cart.addInvoice('INV-1');
    cart.addInvoice('INV-2');
    expect(useCartStore.getState().invoices).toEqual(['INV-1', 'INV-2']);
  });

  it('H1: the badge counts class items and booking items, not invoices', () => {
    const cart = useCartStore.getState();
    cart.setClassItems([{ ClassID: 1, StudentID: 2, dates: [] }]);
    cart.setBookingItems([
      { venue_id: 1, booking_type_id: 1, date: '2026-12-01', time: '10:00', court: 'Court 1', venue: 'Riverside Courts', bookingType: 'Court hire', endTime: '11:00', priceCents: 4000 },
    ]);
    cart.addInvoice('INV-1');
    expect(selectCartCount(useCartStore.getState())).toBe(2);
  });

  it('H2, T17: the cart, its codes and credits are persisted', () => {
    const cart = useCartStore.getState();
    cart.addInvoice('INV-9');
    cart.setDiscountCodes([{ invoiceNo: 'INV-9', discountCode: 'SPLASH10' }]);
    cart.setCreditIds([4]);
    const stored = JSON.parse(window.localStorage.getItem('portal-cart') ?? '{}') as { state: Record<string, unknown> };
    expect(stored.state).toMatchObject({ invoices: ['INV-9'], discountCodes: [{ invoiceNo: 'INV-9', discountCode: 'SPLASH10' }], creditIds: [4] });
  });

  it('H5: another client empties the cart; after a payment only the paid part goes', () => {
    const cart = useCartStore.getState();
    cart.claimFor(1);
    cart.setClassItems([{ ClassID: 1, StudentID: 2, dates: [] }]);
    cart.addInvoice('INV-1');
    useCartStore.getState().clearPaid('invoices');
    expect(useCartStore.getState().invoices).toEqual([]);
    expect(useCartStore.getState().classItems).toHaveLength(1);
    useCartStore.getState().claimFor(2);
    expect(useCartStore.getState().classItems).toEqual([]);
  });

  it('decision 137: the browser’s cart keeps one id, stored from the first time it is asked for, through emptying and another client', () => {
    window.localStorage.removeItem('portal-cart-id');
    const cartId = browserCartId();
    expect(cartId).toMatch(/^[0-9a-f]{24}$/);
    // Stored at once: the next page (or another tab) reads the same id before the cart ever changes.
    expect(window.localStorage.getItem('portal-cart-id')).toBe(cartId);
    useCartStore.getState().claimFor(7);
    useCartStore.getState().claimFor(8);
    useCartStore.getState().clear();
    expect(browserCartId()).toBe(cartId);
  });
});
