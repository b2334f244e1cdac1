import { describe, expect, it } from 'vitest';
import type { CustomerUser } from '@portal/shared/customer-schemas';
import type { CompanyConfig } from '@portal/shared/company-config';
import { barcodeItem, offersCart, settingsItems } from './nav-items';

const user = (change: Partial<CustomerUser>) => ({ ClientID: 1, total_barcodes: 2, Role: 'holder', ...change }) as CustomerUser;

describe('barcodeItem (Q1, decision 101)', () => {
  it('offers Barcodes to a family with some, and only to a role that may read them', () => {
    expect(barcodeItem(user({}))?.label).toBe('Barcodes');
    expect(barcodeItem(user({ Role: 'viewer' }))?.label).toBe('Barcodes');
    expect(barcodeItem(user({ total_barcodes: 0 }))).toBeNull();
    // A payer's access is the invoices and payments: the page answered "Your family access does not allow this."
    expect(barcodeItem(user({ Role: 'payer' }))).toBeNull();
  });
});

describe('settingsItems (K1, decision 101)', () => {
  const config = { ShowPaymentDetailsTab: true } as CompanyConfig;
  const labels = (role?: CustomerUser['Role']) => settingsItems(config, role).map((i) => i.label);

  it('offers each tab only to a role whose family access opens it: no Agreements for a payer, no Billing for a viewer', () => {
    expect(labels('holder')).toEqual(['My Details', 'Login & Security', 'Billing', 'Agreements']);
    expect(labels('co-parent')).toEqual(['My Details', 'Login & Security', 'Billing', 'Agreements']);
    // A payer's access is the invoices and payments: the Agreements page answered "Your family access does not allow this."
    expect(labels('payer')).toEqual(['My Details', 'Login & Security', 'Billing']);
    expect(labels('viewer')).toEqual(['My Details', 'Login & Security', 'Agreements']);
  });
});

describe('offersCart (decision 101)', () => {
  const sells = { CustomerPortalAllowOCR: true, OnlineClassReservationsEnabled: true, ShowBookingsTab: true };
  it('offers the cart to the roles that may pay for classes and bookings: not to a viewer, whose every payment the server refuses, nor to a payer, who has none to add', () => {
    expect(offersCart('holder', sells)).toBe(true);
    expect(offersCart(undefined, sells)).toBe(true);
    expect(offersCart('co-parent', sells)).toBe(true);
    // A payer pays invoices from Financials: the cart only said "Add a class or a booking", which her access does not allow.
    expect(offersCart('payer', sells)).toBe(false);
    expect(offersCart('viewer', sells)).toBe(false);
  });

  it('offers no cart where nothing can go in it: classes not taken online and no courts to book', () => {
    expect(offersCart('holder', { ...sells, ShowBookingsTab: false })).toBe(true);
    expect(offersCart('holder', { ...sells, OnlineClassReservationsEnabled: false })).toBe(true);
    expect(offersCart('holder', { ...sells, OnlineClassReservationsEnabled: false, ShowBookingsTab: false })).toBe(false);
    expect(offersCart('holder', { ...sells, CustomerPortalAllowOCR: false, ShowBookingsTab: false })).toBe(false);
  });
});
